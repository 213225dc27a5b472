import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { type Cache, type CacheScope, createCache } from "./index";

const scope: CacheScope = { name: "things", ttlMs: 1000, maxEntries: 10 };
const other: CacheScope = { name: "others", ttlMs: 1000, maxEntries: 10 };

const until = async (what: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("cache", () => {
  it("answers from memory until the time is up, then loads again", async () => {
    let t = 0;
    let loads = 0;
    const cache = createCache({ now: () => t });
    const load = async () => ++loads;
    expect(await cache.get(scope, "a", load)).toBe(1);
    t = 999;
    expect(await cache.get(scope, "a", load)).toBe(1);
    t = 1000;
    expect(await cache.get(scope, "a", load)).toBe(2);
    expect(await cache.get(scope, "b", load)).toBe(3);
  });

  it("forgets a scope's entries on invalidation, and only that scope's", async () => {
    let loads = 0;
    const cache = createCache({});
    const load = async () => ++loads;
    expect(await cache.get(scope, "a", load)).toBe(1);
    expect(await cache.get(other, "a", load)).toBe(2);
    await cache.invalidate("things");
    expect(await cache.get(scope, "a", load)).toBe(3);
    expect(await cache.get(other, "a", load)).toBe(2);
  });

  it("drops a load that was running when the invalidation came", async () => {
    const cache = createCache({});
    let release!: (v: string) => void;
    const old = cache.get(scope, "k", () => new Promise<string>((r) => (release = r)));
    await cache.invalidate("things");
    release("before the change");
    expect(await old).toBe("before the change");
    expect(await cache.get(scope, "k", async () => "after the change")).toBe("after the change");
  });

  it("shares one load between concurrent asks and keeps no failure", async () => {
    let loads = 0;
    const cache = createCache({});
    const both = await Promise.all([
      cache.get(scope, "k", async () => ++loads),
      cache.get(scope, "k", async () => ++loads),
    ]);
    expect(both).toEqual([1, 1]);
    await expect(cache.get(scope, "bad", async () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cache.get(scope, "bad", async () => "up")).toBe("up");
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    let loads = 0;
    const cache = createCache({});
    const small = { name: "small", ttlMs: 1000, maxEntries: 2 };
    const load = async () => ++loads;
    await cache.get(small, "a", load);
    await cache.get(small, "b", load);
    await cache.get(small, "c", load);
    expect(await cache.get(small, "c", load)).toBe(3);
    expect(await cache.get(small, "a", load)).toBe(4);
  });

  it("runs a scope's listeners on its invalidation, and has them settled when it resolves", async () => {
    const cache = createCache({});
    const heard: string[] = [];
    const off = cache.onInvalidate("things", async () => {
      await new Promise((r) => setTimeout(r, 5));
      heard.push("things");
    });
    cache.onInvalidate("other", () => {
      heard.push("other");
    });
    await cache.invalidate("things");
    expect(heard).toEqual(["things"]);
    off();
    await cache.invalidate("things");
    expect(heard).toEqual(["things"]);
  });

  describe.runIf(process.env.TEST_REDIS_URL)("across processes (Redis)", () => {
    const opened: { cache: Cache; redis: Redis }[] = [];
    const open = async () => {
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      const cache = createCache({ redis });
      await cache.ready;
      opened.push({ cache, redis });
      return cache;
    };
    afterEach(async () => {
      for (const { cache, redis } of opened.splice(0)) {
        await cache.close();
        redis.disconnect();
      }
    });

    it("an invalidation in one instance empties the scope in the other", async () => {
      const [a, b] = [await open(), await open()];
      let version = 1;
      const load = async () => version;
      expect(await a.get(scope, "k", load)).toBe(1);
      expect(await b.get(scope, "k", load)).toBe(1);
      expect(await b.get(other, "k", load)).toBe(1);
      version = 2;
      // Before any announcement both still answer from memory.
      expect(await b.get(scope, "k", load)).toBe(1);
      await a.invalidate("things");
      expect(await a.get(scope, "k", load)).toBe(2);
      let seen = 0;
      await until(() => {
        void b.get(scope, "k", load).then((v) => {
          seen = v;
        });
        return seen === 2;
      });
      expect(await b.get(other, "k", load)).toBe(1);
    });

    it("runs the other instance's listeners of the scope, not its own twice", async () => {
      const [a, b] = [await open(), await open()];
      const heard = { a: 0, b: 0, other: 0 };
      a.onInvalidate("things", () => {
        heard.a++;
      });
      b.onInvalidate("things", () => {
        heard.b++;
      });
      b.onInvalidate("other", () => {
        heard.other++;
      });
      await a.invalidate("things");
      await until(() => heard.b === 1);
      expect(heard).toEqual({ a: 1, b: 1, other: 0 });
    });
  });
});
