import { useEffect, useState } from "react";
import { PrefetchPageLinks, useLocation, useNavigation } from "react-router";

/**
 * The spec's per-route payload prefetch (constants: "delayed 1 s, skipped on slow-2g"): a second after a page has
 * settled, the pages its visible links lead to are fetched ahead — their code and, for a guest, their data — so
 * the tap that follows opens at once. A phone on a slow-2g connection (or one that asked to save data) keeps its
 * bandwidth for what it asked for. A signed-in player's data is never taken ahead: the server answers such a
 * prefetch with nothing it could keep (decision 0063), so only the code comes early and the page's data is read
 * when it is opened, never a copy from before.
 */
export const PAYLOAD_PREFETCH_DELAY_MS = 1000;
/** At most this many pages a visit: a long lobby has dozens of links in view, most never taken. */
export const PAYLOAD_PREFETCH_MAX = 8;

/** Whether the browser reports a connection too slow (or too dear) to spend on what was not asked for. */
export function skipsPrefetch(nav: Navigator): boolean {
  const connection = (nav as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } })
    .connection;
  return connection?.effectiveType === "slow-2g" || connection?.saveData === true;
}

/** The page a link of this site leads to (path and query), or undefined for anything not worth taking ahead. */
export function prefetchablePage(a: HTMLAnchorElement, here: string): string | undefined {
  if (a.target && a.target !== "_self") return undefined;
  if (a.hasAttribute("download")) return undefined;
  let url: URL;
  try {
    url = new URL(a.href, window.location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== window.location.origin) return undefined;
  // Modal links (`?sign-in=true`) and in-page anchors open nothing new; the API and files are not pages.
  if (url.pathname.startsWith("/api/") || /\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  const page = url.pathname + url.search;
  return url.pathname === here ? undefined : page;
}

export function PagePrefetch() {
  const location = useLocation();
  const idle = useNavigation().state === "idle";
  const [pages, setPages] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page (location.key) looks at its own links
  useEffect(() => {
    if (!idle || skipsPrefetch(navigator) || typeof IntersectionObserver === "undefined") return;
    let observer: IntersectionObserver | undefined;
    const timer = setTimeout(() => {
      observer = new IntersectionObserver((entries) => {
        const seen: string[] = [];
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const page = prefetchablePage(entry.target as HTMLAnchorElement, window.location.pathname);
          if (page) seen.push(page);
        }
        if (seen.length > 0)
          setPages((before) => [...new Set([...before, ...seen])].slice(0, PAYLOAD_PREFETCH_MAX));
      });
      // React Router's own links carry data-discover; a plain <a> may leave the app (a file, a provider).
      for (const a of document.querySelectorAll<HTMLAnchorElement>("a[data-discover]")) observer.observe(a);
    }, PAYLOAD_PREFETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [idle, location.key]);
  // A new page starts its own list: what the last one's links led to is in the browser's cache already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list resets when the page changes
  useEffect(() => setPages([]), [location.pathname]);
  return (
    <>
      {pages.map((page) => (
        <PrefetchPageLinks key={page} page={page} data-prefetch-page={page} />
      ))}
    </>
  );
}
