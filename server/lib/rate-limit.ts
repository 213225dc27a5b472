import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

/** At most `max` hits per `windowSeconds` (a fixed window starting at the first hit). */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface HitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/**
 * Counts attempts per key: login per account and per address, registrations, codes sent, contact messages.
 * The one rate limiter of the server, on `rate-limiter-flexible`: in memory for one process, in Redis when
 * configured, so every process behind a load balancer shares the counts.
 */
export interface RateLimiter {
  hit(key: string, limit: Limit): Promise<HitResult>;
  /** Forgets a key's count (a successful login clears the account's failures). */
  reset(key: string): Promise<void>;
}

/**
 * The key a count is stored under: the counter's name (its first segment, ours: `login`, `otp`, …) and a hash of
 * the whole key, so a key's size is constant whatever the caller typed into it (decision 0038: a 400 KB login
 * used to become a 400 KB Redis key per attempt).
 */
export function storedKey(key: string): string {
  const name = /^[a-z-]{1,16}(?=:)/.exec(key)?.[0] ?? "key";
  return `${name}:${createHash("sha256").update(key).digest("base64url").slice(0, 32)}`;
}

export function createRateLimiter(opts: { redis?: Redis; prefix?: string }): RateLimiter {
  const keyPrefix = (opts.prefix ?? "rl:").replace(/:$/, "");
  // One store per distinct limit (the library fixes points and duration per instance); keys say what they count.
  const stores = new Map<string, RateLimiterAbstract>();
  const storeFor = (limit: Limit) => {
    const id = `${limit.max}/${limit.windowSeconds}`;
    let store = stores.get(id);
    if (!store) {
      const options = { keyPrefix, points: limit.max, duration: limit.windowSeconds };
      store = opts.redis
        ? new RateLimiterRedis({ ...options, storeClient: opts.redis })
        : new RateLimiterMemory(options);
      stores.set(id, store);
    }
    return store;
  };
  const result = (r: RateLimiterRes, allowed: boolean): HitResult => ({
    allowed,
    count: r.consumedPoints,
    retryAfterSeconds: Math.max(1, Math.ceil(r.msBeforeNext / 1000)),
  });
  return {
    async hit(key, limit) {
      try {
        return result(await storeFor(limit).consume(storedKey(key)), true);
      } catch (refusal) {
        // Over the limit the library rejects with the count; anything else (Redis down) is a real failure.
        if (refusal instanceof RateLimiterRes) return result(refusal, false);
        throw refusal;
      }
    },
    async reset(key) {
      await Promise.all([...stores.values()].map((s) => s.delete(storedKey(key))));
    },
  };
}
