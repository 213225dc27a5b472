import type { Redis } from "ioredis";

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
 * Counts attempts per key: login per account and per address, registrations, codes sent. In memory for one
 * process; in Redis when configured, so every process behind a load balancer shares the counts.
 */
export interface RateLimiter {
  hit(key: string, limit: Limit): Promise<HitResult>;
  /** Forgets a key's count (a successful login clears the account's failures). */
  reset(key: string): Promise<void>;
}

export function createRateLimiter(opts: { redis?: Redis; now?: () => number; prefix?: string }): RateLimiter {
  const prefix = opts.prefix ?? "rl:";
  return opts.redis ? redisLimiter(opts.redis, prefix) : memoryLimiter(opts.now ?? Date.now);
}

function memoryLimiter(now: () => number): RateLimiter {
  const windows = new Map<string, { endsAt: number; count: number }>();
  const sweep = (t: number) => {
    for (const [key, w] of windows) if (w.endsAt <= t) windows.delete(key);
  };
  return {
    async hit(key, limit) {
      const t = now();
      // Bounded memory: expired windows go whenever the map grows large.
      if (windows.size > 10_000) sweep(t);
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        w = { endsAt: t + limit.windowSeconds * 1000, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return {
        allowed: w.count <= limit.max,
        count: w.count,
        retryAfterSeconds: Math.max(1, Math.ceil((w.endsAt - t) / 1000)),
      };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// INCR and set the expiry on the first hit, atomically; answers the count and the milliseconds left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

function redisLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, limit) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, limit.windowSeconds * 1000)) as [
        number,
        number,
      ];
      return {
        allowed: count <= limit.max,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
      };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
