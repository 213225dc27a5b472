import { EXPIRY_MARGIN_MS } from "./token";

/** Spec point 4 and 9: one refresh at a time across tabs; a waiting tab polls every 500 ms, up to 10 times. */
export const REFRESH_FLAG_KEY = "refreshSessionLoading";
export const REFRESH_POLL_MS = 500;
export const REFRESH_POLL_TRIES = 10;
/** A flag older than this was left by a tab that died mid-refresh. */
export const REFRESH_FLAG_STALE_MS = REFRESH_POLL_MS * REFRESH_POLL_TRIES * 2;

export interface FlagStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface RefresherDeps {
  storage: FlagStorage;
  /**
   * When the session's token expires (ms), as every tab sees it: the server's `access_token_expires` cookie.
   * The token itself is HttpOnly and never read (decision 0037); undefined when there is no marker, which the
   * server clears with the token: logged out (here or in another tab).
   */
  readExpiry: () => number | undefined;
  /** POST /player/sessions/refresh: the server reads the token cookie and sets the new one and its marker. */
  refresh: () => Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Spec point 4: a token counts as expired 10 seconds before its expiry. */
export const isExpiring = (expiry: number, now: number): boolean => now >= expiry - EXPIRY_MARGIN_MS;

/**
 * `fresh()` makes sure the session's token is good for at least 10 more seconds, refreshing it when needed,
 * and answers whether there is a session at all (its marker). Within a tab concurrent callers share one
 * refresh; across tabs the one that sets the local-storage flag refreshes and the others wait for the new expiry
 * to appear in the shared marker cookie. A waiter that outlasts its 10 polls takes over (the refreshing tab may
 * have been closed). A failed refresh rejects; the caller decides what it means.
 */
export function createRefresher(deps: RefresherDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let inFlight: Promise<boolean> | undefined;

  const flagIsLive = () => {
    const raw = deps.storage.get(REFRESH_FLAG_KEY);
    if (!raw) return false;
    const at = Number(raw);
    return Number.isFinite(at) && now() - at < REFRESH_FLAG_STALE_MS;
  };

  async function run(): Promise<boolean> {
    for (let i = 0; i < REFRESH_POLL_TRIES && flagIsLive(); i++) {
      await sleep(REFRESH_POLL_MS);
      const expiry = deps.readExpiry();
      if (expiry === undefined) return false; // logged out meanwhile
      if (!isExpiring(expiry, now())) return true;
    }
    const expiry = deps.readExpiry();
    if (expiry === undefined) return false;
    if (!isExpiring(expiry, now())) return true;
    deps.storage.set(REFRESH_FLAG_KEY, String(now()));
    try {
      await deps.refresh();
      return true;
    } finally {
      deps.storage.remove(REFRESH_FLAG_KEY);
    }
  }

  return {
    async fresh(): Promise<boolean> {
      const expiry = deps.readExpiry();
      if (expiry === undefined) return false;
      if (!isExpiring(expiry, now())) return true;
      inFlight ??= run().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
