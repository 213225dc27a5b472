import { externalError } from "./errors";

/**
 * The silent-renewal lock of spec point 9: one renewal at a time across the site's tabs, so two tabs never use
 * the same refresh token at once (the provider rotates it, and a reused one ends the whole grant). The browser's
 * Web Locks do the coordination; each wait for the lock gives up after 5,000 ms and is tried 10 times, and a
 * lock never had raises the timeout error ('Timeout').
 */

/** The part of the Web Locks API (navigator.locks) the renewal uses. */
export interface Locks {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export const RENEWAL_LOCK = { waitMs: 5000, attempts: 10 } as const;

const NOT_HELD = Symbol("not held");

/** Runs `work` holding the lock named `name`; without Web Locks (very old browsers) it runs unguarded. */
export async function withRenewalLock<T>(
  locks: Locks | undefined,
  name: string,
  work: () => Promise<T>,
  timing: { waitMs: number; attempts: number } = RENEWAL_LOCK,
): Promise<T> {
  if (!locks) return work();
  for (let attempt = 1; attempt <= timing.attempts; attempt++) {
    let held = false;
    const result = await locks
      .request(name, { signal: AbortSignal.timeout(timing.waitMs) }, () => {
        held = true;
        return work();
      })
      .catch((err: unknown) => {
        // Only a wait that ran out is tried again; the work's own failure is the caller's.
        if (held) throw err;
        return NOT_HELD;
      });
    if (result !== NOT_HELD) return result as T;
  }
  throw externalError("timeout");
}
