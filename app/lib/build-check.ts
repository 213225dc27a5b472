import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How often the site asks whether a newer build is out (the server's default BUILD_CHECK_INTERVAL_S). */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** Spec point 9: at most one reload for a failed chunk every 10 s, so a broken deploy cannot loop. */
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_AT_KEY = "chunkReloadAt";

/** A newer build is out when the server names another id than the one this page was built with. */
export function isNewerBuild(loadedVersion: string | undefined, latest: unknown): boolean {
  const id = (latest as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || !id || !loadedVersion) return false;
  // The dev server answers "dev": there is no build to compare against.
  if (id === "dev") return false;
  return id !== loadedVersion;
}

/** The server says how often to ask (BUILD_CHECK_INTERVAL_S); anything odd keeps the current pace. */
export function pollDelayMs(latest: unknown, fallbackMs: number): number {
  const seconds = (latest as { checkEverySeconds?: unknown } | null)?.checkEverySeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 10
    ? seconds * 1000
    : fallbackMs;
}

/** A failed dynamic import: the chunk it wanted was removed by a newer deploy, or the network dropped it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "");
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading (CSS )?chunk \S+ failed|Unable to preload CSS/i.test(
    message,
  );
}

/** The guard itself: a reload is allowed when none happened in the last 10 s. */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt < RELOAD_GUARD_MS) || now < lastReloadAt;
}

/**
 * Reloads the current address (the route the visitor was going to) after a chunk-load error, at most once in
 * 10 s. Returns whether it reloads, so the caller shows the error page otherwise.
 */
export function reloadAfterChunkError(error: unknown): boolean {
  if (typeof window === "undefined" || !isChunkLoadError(error)) return false;
  let last: number | null = null;
  try {
    const stored = Number(sessionStorage.getItem(RELOAD_AT_KEY));
    last = Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    // no session storage: treat as never reloaded, the browser's own reload still ends a loop per tab
  }
  const now = Date.now();
  if (!mayReload(last, now)) return false;
  try {
    sessionStorage.setItem(RELOAD_AT_KEY, String(now));
  } catch {
    // as above
  }
  window.location.reload();
  return true;
}

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

/** Set once a newer build is out (build-poll.ts): the next navigation then loads the page from the server. */
let stale = false;
export const markStale = () => {
  stale = true;
};
export const isStale = () => stale;

/**
 * Spec point 4: polls `/latest.json?t=<timestamp>` (build-poll.ts, loaded after the first paint); once a newer
 * build is out, the next navigation loads the page from the server, so the visitor gets the new code without
 * losing what they were doing.
 */
export function useBuildCheck(intervalMs = BUILD_CHECK_INTERVAL_MS): void {
  const location = useLocation();
  const first = useRef(true);

  useEffect(() => {
    let on = true;
    let stop: (() => void) | undefined;
    void import("./build-poll").then((m) => {
      if (on) stop = m.pollBuilds(intervalMs);
    });
    return () => {
      on = false;
      stop?.();
    };
  }, [intervalMs]);

  // Navigations that were not link clicks (navigate() calls, forms): reload at the new address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of address
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (stale) window.location.reload();
  }, [location.pathname, location.search]);
}
