import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, type RateLimiter, storedKey } from "./rate-limit";

const limit = { max: 5, windowSeconds: 60 };

function behavesAsALimiter(
  name: string,
  make: () => { limiter: RateLimiter; advance?: (ms: number) => void },
) {
  describe(name, () => {
    it("allows max hits per window, refuses the next with the seconds left", async () => {
      const { limiter } = make();
      const key = `k-${randomBytes(4).toString("hex")}`;
      for (let i = 1; i <= 5; i++)
        expect(await limiter.hit(key, limit)).toMatchObject({ allowed: true, count: i });
      const sixth = await limiter.hit(key, limit);
      expect(sixth.allowed).toBe(false);
      expect(sixth.retryAfterSeconds).toBeGreaterThan(0);
      expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another key has its own count.
      expect((await limiter.hit(`${key}-other`, limit)).allowed).toBe(true);
    });

    it("forgets a key on reset", async () => {
      const { limiter } = make();
      const key = `r-${randomBytes(4).toString("hex")}`;
      for (let i = 0; i < 6; i++) await limiter.hit(key, limit);
      await limiter.reset(key);
      expect(await limiter.hit(key, limit)).toMatchObject({ allowed: true, count: 1 });
    });
  });
}

behavesAsALimiter("memory rate limiter", () => ({ limiter: createRateLimiter({}) }));

describe("memory rate limiter windows", () => {
  afterEach(() => vi.useRealTimers());

  it("starts counting again when the window has passed", async () => {
    // The library reads the system clock: the test moves it.
    vi.useFakeTimers({ now: 0 });
    const limiter = createRateLimiter({});
    for (let i = 0; i < 6; i++) await limiter.hit("w", limit);
    expect((await limiter.hit("w", limit)).allowed).toBe(false);
    vi.advanceTimersByTime(59_000);
    expect((await limiter.hit("w", limit)).retryAfterSeconds).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(await limiter.hit("w", limit)).toMatchObject({ allowed: true, count: 1 });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl);
  afterAll(() => redis.disconnect());
  behavesAsALimiter("redis rate limiter", () => ({
    limiter: createRateLimiter({ redis, prefix: `test:rl:${randomBytes(4).toString("hex")}:` }),
  }));
  describe("redis rate limiter windows", () => {
    it("lets the key expire with its window", async () => {
      const prefix = `test:rl:${randomBytes(4).toString("hex")}:`;
      const limiter = createRateLimiter({ redis, prefix });
      await limiter.hit("e", { max: 1, windowSeconds: 60 });
      const ttl = await redis.pttl(`${prefix}${storedKey("e")}`);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });
  });
}
