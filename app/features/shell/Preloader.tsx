import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { PRELOADER_FADE_MS, PRELOADER_ID, PRELOADER_REMOVE_MS, preloaderHeld } from "~/lib/preloader";
import { Emblem } from "./Logo";

/**
 * The overlay of spec point 2, only where a page has nothing to show yet: the login entry and the external-login
 * callback, while their query says a login is in progress; then it fades (500 ms after the page has loaded) and
 * goes (1000 ms). A server-rendered page is its own first paint: the spec's "hidden 1 second after the page
 * finishes" is read as that paint, so no preloader covers it (issue 41: a visitor from an ad saw only the logo
 * for 3.7–4.2 s although the hero was in the HTML after 0.5–1.6 s).
 */
export function Preloader() {
  const { pathname, search } = useLocation();
  const held = preloaderHeld(pathname, search);
  const [phase, setPhase] = useState<"shown" | "fading" | "gone">(held ? "shown" : "gone");

  useEffect(() => {
    if (held) {
      setPhase((p) => (p === "gone" ? p : "shown"));
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    const start = () => {
      timers.push(setTimeout(() => setPhase((p) => (p === "gone" ? p : "fading")), PRELOADER_FADE_MS));
      timers.push(setTimeout(() => setPhase("gone"), PRELOADER_REMOVE_MS));
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      for (const t of timers) clearTimeout(t);
    };
  }, [held]);

  if (phase === "gone") return null;
  return (
    <div
      id={PRELOADER_ID}
      data-state={phase}
      data-held={held ? "true" : undefined}
      role="progressbar"
      aria-busy="true"
      aria-label="Loading"
      className="preloader fixed inset-0 z-[2000] grid place-items-center bg-bg"
    >
      <div className="flex flex-col items-center gap-5">
        <Emblem size={64} className="animate-[preloader-pulse_1.4s_ease-in-out_infinite]" />
        <span className="h-1 w-28 overflow-hidden rounded-full bg-surface-3">
          <span className="block h-full w-1/3 animate-[preloader-bar_1.1s_ease-in-out_infinite] rounded-full bg-accent" />
        </span>
      </div>
    </div>
  );
}
