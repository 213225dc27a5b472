import { preloadable } from "~/lib/preloadable";

/**
 * Parts of a page only some visitors' first paint draws, kept out of everyone's first-paint JavaScript (issue
 * 41, decision 0072). The server renders a page only with every part's code in hand (entry.server.tsx); the
 * browser entry fetches the code of each part the server drew (marked `data-part="<name>"`) before it hydrates.
 */
export const parts = {
  /** The layout for a visitor from a restricted country (spec point 2). */
  "geo-restricted": preloadable(() => import("./layouts/geo-restricted").then((m) => m.GeoRestricted)),
  /** A player's card and account links at the top of the drawer; a skeleton row while it loads after a sign-in. */
  "drawer-player": preloadable(
    () => import("./features/shell/DrawerPlayer").then((m) => m.DrawerPlayer),
    <div aria-busy="true" className="mb-1 flex items-center gap-3 px-2">
      <span className="size-[38px] shrink-0 animate-pulse rounded-full bg-surface-2" />
      <span className="h-4 w-28 animate-pulse rounded bg-surface-2" />
    </div>,
  ),
};

/** Fetches the code of every part the server drew into this document. */
export function preloadDrawnParts(): Promise<unknown> {
  return Promise.all(
    Object.entries(parts)
      .filter(([name]) => document.querySelector(`[data-part="${name}"]`))
      .map(([, part]) => part.preload()),
  );
}

/** Fetches every part's code (the server, before a render: at once after the first time). */
export function preloadAllParts(): Promise<unknown> {
  return Promise.all(Object.values(parts).map((part) => part.preload()));
}
