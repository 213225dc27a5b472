import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { isMobileUserAgent } from "#common/device";

/** Spec point 9: mobile below 528px of width, or on a phone's user agent at any width. */
export const MOBILE_BREAKPOINT_PX = 528;
const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export { isMobileUserAgent };

/** Whether this browser is a phone now (outside React): a phone's user agent or a narrow window. */
export function isMobileNow(): boolean {
  return isMobileUserAgent(navigator.userAgent) || window.matchMedia(NARROW_QUERY).matches;
}

function subscribe(listener: () => void) {
  const mq = window.matchMedia(NARROW_QUERY);
  mq.addEventListener("change", listener);
  return () => mq.removeEventListener("change", listener);
}

/**
 * Whether the visitor is on a phone. The server decides from the user agent (root loader data) so the first
 * paint already has the right layout; in the browser a narrow window counts too and is followed live.
 */
export function useIsMobile(): boolean {
  const root = useRouteLoaderData("root") as { mobile?: boolean } | undefined;
  const byAgent = root?.mobile === true;
  return useSyncExternalStore(
    subscribe,
    () => byAgent || window.matchMedia(NARROW_QUERY).matches,
    () => byAgent,
  );
}
