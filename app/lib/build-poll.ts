import { isNewerBuild, isStale, markStale, pollDelayMs } from "./build-check";

/**
 * Asks `/latest.json` every `intervalMs` (or as the server says) whether a newer build is out, and once it is,
 * leaves link clicks to the browser (a full load) before React Router can take them. Answers the stop.
 */
export function pollBuilds(intervalMs: number): () => void {
  let delay = intervalMs;
  let timer: ReturnType<typeof setTimeout>;
  const check = async () => {
    try {
      const res = await fetch(`/latest.json?t=${Date.now()}`, { cache: "no-store" });
      const latest = res.ok ? await res.json() : undefined;
      if (isNewerBuild(window.__reactRouterManifest?.version, latest)) markStale();
      delay = pollDelayMs(latest, intervalMs);
    } catch {
      // offline or server restarting: try again next time
    }
    timer = setTimeout(check, delay);
  };
  timer = setTimeout(check, delay);
  const onClick = (e: MouseEvent) => {
    if (!isStale() || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!a || a.target || a.origin !== window.location.origin) return;
    e.stopPropagation();
  };
  window.addEventListener("click", onClick, true);
  return () => {
    clearTimeout(timer);
    window.removeEventListener("click", onClick, true);
  };
}
