import { describe, expect, it } from "vitest";
import { createMemo } from "./memo";

describe("memo", () => {
  it("answers from memory until the time is up, then loads again", async () => {
    let t = 0;
    let loads = 0;
    const memo = createMemo({ ttlMs: 1000, maxEntries: 10, now: () => t });
    const load = async () => ++loads;
    expect(await memo.get("a", load)).toBe(1);
    t = 999;
    expect(await memo.get("a", load)).toBe(1);
    t = 1000;
    expect(await memo.get("a", load)).toBe(2);
    expect(await memo.get("b", load)).toBe(3);
  });

  it("shares one load between concurrent asks", async () => {
    let loads = 0;
    const memo = createMemo({ ttlMs: 1000, maxEntries: 10 });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const load = async () => {
      loads++;
      await gate;
      return "x";
    };
    const both = Promise.all([memo.get("k", load), memo.get("k", load)]);
    release();
    expect(await both).toEqual(["x", "x"]);
    expect(loads).toBe(1);
  });

  it("does not keep a failed load", async () => {
    const memo = createMemo({ ttlMs: 1000, maxEntries: 10 });
    await expect(memo.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await memo.get("k", async () => "ok")).toBe("ok");
  });

  it("forgets the oldest entry beyond its size", async () => {
    let loads = 0;
    const memo = createMemo({ ttlMs: 1000, maxEntries: 2 });
    const load = async () => ++loads;
    await memo.get("a", load);
    await memo.get("b", load);
    await memo.get("c", load);
    expect(await memo.get("b", load)).toBe(2);
    expect(await memo.get("a", load)).toBe(4);
  });

  it("keeps nothing with a zero time to live", async () => {
    let loads = 0;
    const memo = createMemo({ ttlMs: 0, maxEntries: 2 });
    await memo.get("a", async () => ++loads);
    await memo.get("a", async () => ++loads);
    expect(loads).toBe(2);
  });
});
