import { beforeEach, describe, expect, it, vi } from "vitest";
import { betHits, invoiceHits, visitHits } from "#common/analytics";
import { memoryLocalStorage } from "~/lib/testing/local-storage";

/** The unit project runs in Node: a Map stands in for localStorage, a serialising lock for Web Locks. */
const { store, localStorage } = memoryLocalStorage();
vi.stubGlobal("window", { localStorage, location: { href: "https://casino.test/" } });
let held: Promise<unknown> = Promise.resolve();
vi.stubGlobal("navigator", {
  locks: {
    request: <T>(_name: string, fn: () => T | Promise<T>): Promise<T> => {
      const run = held.then(fn);
      held = run.catch(() => undefined);
      return run;
    },
  },
});

const { claim, pixelUrl, SENT_KEY, SENT_LOG_SIZE } = await import("./integrations");
const paid = (id: string, n: number) => ({ id, type: 1, status: 2, number: n, paidNumber: n });

describe("claiming reports across tabs", () => {
  beforeEach(() => store.clear());

  it("a fact claimed by one tab is not claimed again by another (or after a reload)", async () => {
    const deposit = invoiceHits(paid("7", 1));
    const [a, b] = await Promise.all([claim(deposit), claim(deposit)]);
    expect([...a, ...b].map((h) => h.code)).toEqual([83, 89]);
    expect(await claim(deposit)).toEqual([]);
    expect(JSON.parse(store.get(SENT_KEY)!)).toEqual(["ftd@deposit:7", "deposit@deposit:7"]);
  });

  it("keeps the newest keys only", async () => {
    for (let i = 0; i < SENT_LOG_SIZE; i++) await claim(visitHits(`v${i}`));
    await claim(betHits("1"));
    const log = JSON.parse(store.get(SENT_KEY)!) as string[];
    expect(log).toHaveLength(SENT_LOG_SIZE);
    expect(log.at(-1)).toBe("bet30@bet:1");
    expect(log).not.toContain("visit@visit:v0");
  });

  it("a damaged log counts as empty rather than failing", async () => {
    store.set(SENT_KEY, "{not json");
    expect((await claim(visitHits("x"))).map((h) => h.code)).toEqual([80]);
  });
});

describe("the pixel request", () => {
  it("carries the code, the event, the fact, the visitor and the player", () => {
    const url = new URL(
      pixelUrl("https://px.example/hit?site=lh", invoiceHits(paid("7", 2))[0]!, "vis-1", "42"),
    );
    expect(url.origin + url.pathname).toBe("https://px.example/hit");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      site: "lh",
      event: "84",
      name: "dep2",
      fact: "deposit:7",
      vid: "vis-1",
      uid: "42",
    });
  });
});
