import { isTokenExpired } from "./token";

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
  /** The token every tab shares (the cookie). */
  readToken: () => string | undefined;
  /** POST /player/sessions/refresh with the expired token; answers the new token. */
  refresh: (expired: string) => Promise<string>;
  /** Stores the new token where every tab reads it. */
  saveToken: (token: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * `fresh()` answers a token good for at least 10 more seconds, refreshing it when needed. Within a tab
 * concurrent callers share one refresh; across tabs the one that sets the local-storage flag refreshes and the
 * others wait for the new token to appear in the shared cookie. A waiter that outlasts its 10 polls takes over
 * (the refreshing tab may have been closed). A failed refresh rejects; the caller decides what it means.
 */
export function createRefresher(deps: RefresherDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let inFlight: Promise<string | undefined> | undefined;

  const flagIsLive = () => {
    const raw = deps.storage.get(REFRESH_FLAG_KEY);
    if (!raw) return false;
    const at = Number(raw);
    return Number.isFinite(at) && now() - at < REFRESH_FLAG_STALE_MS;
  };

  async function run(): Promise<string | undefined> {
    for (let i = 0; i < REFRESH_POLL_TRIES && flagIsLive(); i++) {
      await sleep(REFRESH_POLL_MS);
      const token = deps.readToken();
      if (!token) return undefined; // logged out meanwhile
      if (!isTokenExpired(token, now())) return token;
    }
    const expired = deps.readToken();
    if (!expired) return undefined;
    if (!isTokenExpired(expired, now())) return expired;
    deps.storage.set(REFRESH_FLAG_KEY, String(now()));
    try {
      const token = await deps.refresh(expired);
      deps.saveToken(token);
      return token;
    } finally {
      deps.storage.remove(REFRESH_FLAG_KEY);
    }
  }

  return {
    async fresh(): Promise<string | undefined> {
      const token = deps.readToken();
      if (!token) return undefined;
      if (!isTokenExpired(token, now())) return token;
      inFlight ??= run().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
