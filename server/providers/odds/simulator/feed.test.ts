import { describe, expect, it } from "vitest";
import type { FeedEvent, FeedUpdate, MarketResult } from "../port";
import { createSimulatedOddsFeed, type SimulatedFeedOptions } from "./feed";
import { implied } from "./odds";
import { manualClock, testCatalogue } from "./testing";

const START = "2026-11-25T10:07:00Z";
const SOCCER = 66;

function setup(sports: number[], extra: Partial<SimulatedFeedOptions> = {}) {
  const clock = manualClock(START);
  const feed = createSimulatedOddsFeed({
    catalogue: testCatalogue(sports, 6, 12),
    clock,
    seed: 2026,
    ...extra,
  });
  const updates: FeedUpdate[] = [];
  feed.subscribe((u) => updates.push(u));
  /** Moves the clock a second at a time, ticking after each. */
  const run = (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      clock.advance(1000);
      feed.tick();
    }
  };
  return { clock, feed, updates, run };
}

const json = (events: FeedEvent[]) => JSON.stringify(events);

describe("schedule", () => {
  it("is the same for the same seed and clock, and another for another seed", () => {
    const a = setup([SOCCER, 67, 68], { clockSpeed: 60 });
    const b = setup([SOCCER, 67, 68], { clockSpeed: 60 });
    expect(json(a.feed.events())).toBe(json(b.feed.events()));
    a.run(90);
    b.run(90);
    expect(a.updates.length).toBeGreaterThan(0);
    expect(JSON.stringify(a.updates)).toBe(JSON.stringify(b.updates));
    expect(json(a.feed.events())).toBe(json(b.feed.events()));
    const c = setup([SOCCER, 67, 68], { clockSpeed: 60, seed: 7 });
    expect(json(c.feed.events())).not.toBe(json(a.feed.events()));
  });

  it("holds the next days of matches on a quarter-hour grid, some top, outrights for big leagues", () => {
    const { feed, clock, run } = setup([SOCCER, 67, 68, 69, 70, 145]);
    const now = clock.now().getTime();
    const events = feed.events();
    const matches = events.filter((e) => e.away !== undefined);
    expect(matches.length).toBeGreaterThan(20);
    for (const e of matches) {
      expect(e.startsAt.getTime() % (15 * 60_000)).toBe(0);
      expect(e.startsAt.getTime()).toBeLessThanOrEqual(now + 3 * 86_400_000);
      expect(e.home).not.toBe(e.away);
      for (const m of e.markets)
        for (const s of m.selections) expect(s.id).toBe(`${e.id}:${m.id}:${s.id.split(":").at(-1)}`);
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(matches.some((e) => e.top)).toBe(true);
    const outrights = events.filter((e) => e.away === undefined);
    expect([...new Set(outrights.map((e) => e.sportId))].sort()).toEqual([SOCCER, 67, 69]);
    const winner = outrights[0]!.markets[0]!;
    expect(winner.type).toBe("outright");
    expect(winner.selections).toHaveLength(12);
    expect(Math.abs(winner.selections.reduce((s, x) => s + implied(x.odds), 0) - 1.06)).toBeLessThan(0.005);
    // The window rolls: a day later there are matches of the new day.
    const last = Math.max(...matches.map((e) => e.startsAt.getTime()));
    clock.advance(86_400_000);
    run(1);
    expect(Math.max(...feed.events().map((e) => e.startsAt.getTime()))).toBeGreaterThan(last);
  });

  it("keeps to its event budget", () => {
    const clock = manualClock(START);
    const feed = createSimulatedOddsFeed({
      catalogue: testCatalogue([SOCCER, 67, 68, 69, 70, 71, 90, 91], 4, 16),
      clock,
      maxEvents: 300,
    });
    const n = feed.events().length;
    // Today has partly gone by: between two and three days' worth.
    expect(n).toBeGreaterThan(180);
    expect(n).toBeLessThan(340);
  });

  it("answers filtered lists from its indexes", () => {
    const { feed, run } = setup([SOCCER, 67], { clockSpeed: 60 });
    run(5);
    const live = feed.live();
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((e) => e.status === "live")).toBe(true);
    expect(feed.eventsBy({ status: "live" })).toEqual(live);
    const soccer = feed.eventsBy({ sportId: SOCCER, status: "scheduled" });
    expect(soccer.length).toBeGreaterThan(0);
    expect(soccer.every((e) => e.sportId === SOCCER && e.status === "scheduled")).toBe(true);
    expect(feed.eventsBy({ top: true }).every((e) => e.top)).toBe(true);
    expect(feed.events()).toBe(feed.events());
    const market = soccer[0]!.markets.find((m) => m.id.startsWith("ah:"))!;
    const pick = feed.selection(market.selections[1]!.id);
    expect(pick?.event.id).toBe(soccer[0]!.id);
    expect(pick?.market.id).toBe(market.id);
    expect(pick?.selection).toEqual(market.selections[1]);
    expect(feed.selection(`${soccer[0]!.id}:nope:1`)).toBeUndefined();
    expect(feed.selection("garbage")).toBeUndefined();
    expect(feed.event(soccer[0]!.id)).toBe(soccer[0]);
  });
});

/** The final score and results of every soccer match that ended while the clock ran. */
function finishedSoccer(updates: FeedUpdate[]) {
  const last = new Map<number, FeedEvent>();
  const results = new Map<number, MarketResult[]>();
  for (const u of updates) {
    if (u.type === "event") last.set(u.event.id, u.event);
    if (u.type === "result" && u.version === 1) results.set(u.eventId, u.markets);
  }
  return [...results].map(([id, markets]) => ({ event: last.get(id)!, markets }));
}

describe("live matches on a fast clock", () => {
  it("play to the end, and every offered selection gets the result its final score gives", () => {
    const { feed, updates, run } = setup([SOCCER], { clockSpeed: 120, correctionRate: 0, cancelRate: 0 });
    run(150);
    const done = finishedSoccer(updates);
    expect(done.length).toBeGreaterThan(3);
    for (const { event, markets } of done) {
      expect(event.status).toBe("ended");
      expect(event.markets.every((m) => m.status === "closed")).toBe(true);
      const [h, a] = event.live!.score;
      const byMarket = new Map(markets.map((m) => [m.marketId, m.results]));
      // Every selection the event offered is settled.
      for (const m of event.markets) {
        expect(Object.keys(byMarket.get(m.id) ?? {}).sort()).toEqual(m.selections.map((s) => s.id).sort());
      }
      const r = (market: string, outcome: string) =>
        byMarket.get(market)?.[`${event.id}:${market}:${outcome}`];
      expect(r("1x2", h > a ? "1" : h === a ? "X" : "2")).toBe("won");
      expect(r("btts", h > 0 && a > 0 ? "yes" : "no")).toBe("won");
      if (h <= 3 && a <= 3) expect(r("cs", `${h}-${a}`)).toBe("won");
      for (const m of event.markets.filter((x) => x.type === "total" && !x.id.startsWith("h1:"))) {
        const line = Number(m.line);
        if (Number.isInteger(line * 2) && !Number.isInteger(line)) {
          expect(r(m.id, h + a > line ? "over" : "under")).toBe("won");
        }
      }
      for (const m of event.markets.filter((x) => x.type === "asian_handicap")) {
        const value = h - a + Number(m.line);
        const home = r(m.id, "1");
        if (value >= 0.5) expect(home).toBe("won");
        if (value === 0.25) expect(home).toBe("half_won");
        if (value === 0) expect(home).toBe("void");
        if (value === -0.25) expect(home).toBe("half_lost");
        if (value <= -0.5) expect(home).toBe("lost");
      }
    }
    // The match clock reads like a match clock.
    const clocks = updates.flatMap((u) =>
      u.type === "event" && u.event.status === "live" ? [u.event.live!.clock] : [],
    );
    expect(clocks.length).toBeGreaterThan(10);
    for (const c of clocks) expect(c).toMatch(/^(\d{1,2}'|HT)$/);
    expect(feed.events().some((e) => e.status === "ended")).toBe(true);
  });

  it("suspends the markets for a moment after a goal, then reopens them re-priced", () => {
    const { updates, run } = setup([SOCCER], { clockSpeed: 120, suspendMs: 3000 });
    run(120);
    const seen = new Map<number, FeedEvent>();
    let checked = 0;
    for (let i = 0; i < updates.length; i++) {
      const u = updates[i]!;
      if (u.type !== "event" || u.event.status !== "live") continue;
      const before = seen.get(u.event.id);
      seen.set(u.event.id, u.event);
      if (!before?.live || before.live.score.join() === u.event.live!.score.join()) continue;
      // A goal: nothing is open until the pause is over.
      expect(u.event.markets.some((m) => m.status === "open")).toBe(false);
      expect(u.event.markets.some((m) => m.status === "suspended")).toBe(true);
      const later = updates
        .slice(i + 1)
        .find(
          (x) =>
            x.type === "event" &&
            x.event.id === u.event.id &&
            x.event.markets.some((m) => m.status === "open"),
        );
      if (later?.type !== "event") continue;
      const reopened = later.event;
      expect(reopened.live!.elapsed).toBeGreaterThan(u.event.live!.elapsed);
      // Re-priced from the new score: some price differs from before the goal.
      const prices = (e: FeedEvent) => JSON.stringify(e.markets.map((m) => m.selections.map((s) => s.odds)));
      expect(prices(reopened)).not.toBe(prices(before));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it.each([
    [67, /^(Q[1-4] \d\d:\d\d|Q[1-4] end|HT|OT \d\d:\d\d)$/],
    [68, /^Set [1-3]$/],
    [69, /^(P[1-3] \d\d:\d\d|Break|OT \d\d:\d\d)$/],
    [145, /^(Map|Game) \d$/],
  ])("prices sport %i live with its own clock", (sport, pattern) => {
    const { updates, run } = setup([sport], { clockSpeed: 120, minLive: 3 });
    run(40);
    const live = updates.flatMap((u) => (u.type === "event" && u.event.status === "live" ? [u.event] : []));
    expect(live.length).toBeGreaterThan(5);
    for (const e of live) {
      expect(e.live!.clock).toMatch(pattern);
      expect(e.markets.some((m) => m.status !== "closed")).toBe(true);
    }
    const scores = new Set(live.map((e) => e.live!.score.join("-")));
    expect(scores.size).toBeGreaterThan(1);
  });
});

describe("cancellations, corrections and removal", () => {
  it("calls off some matches, corrects some results with a higher version, and removes settled events", () => {
    const { feed, updates, run } = setup([SOCCER, 67], {
      clockSpeed: 120,
      cancelRate: 0.25,
      correctionRate: 0.4,
      correctionAfterMs: 5000,
      removeAfterMs: 20_000,
    });
    run(180);
    const cancelled = updates.filter((u) => u.type === "cancelled");
    expect(cancelled.length).toBeGreaterThan(0);
    for (const c of cancelled) {
      const last = updates.filter((u) => u.type === "event" && u.event.id === c.eventId).at(-1);
      expect(last?.type === "event" && last.event.status).toBe("cancelled");
      expect(last?.type === "event" && last.event.markets.every((m) => m.status === "closed")).toBe(true);
      expect(updates.some((u) => u.type === "result" && u.eventId === c.eventId)).toBe(false);
    }
    const results = updates.filter((u) => u.type === "result");
    const corrected = results.filter((u) => u.version === 2);
    expect(corrected.length).toBeGreaterThan(0);
    let pairs = 0;
    for (const v2 of corrected) {
      // A match that ended before the feed was first used had its first result before anyone listened.
      const v1 = results.find((u) => u.eventId === v2.eventId && u.version === 1);
      if (!v1) continue;
      pairs++;
      expect(updates.indexOf(v1)).toBeLessThan(updates.indexOf(v2));
      expect(v2.markets.map((m) => m.marketId)).toEqual(v1.markets.map((m) => m.marketId));
      expect(JSON.stringify(v2.markets)).not.toBe(JSON.stringify(v1.markets));
    }
    expect(pairs).toBeGreaterThan(0);
    const removed = updates.filter((u) => u.type === "removed");
    expect(removed.length).toBeGreaterThan(0);
    for (const r of removed) {
      expect(feed.event(r.eventId)).toBeUndefined();
      expect(feed.results(r.eventId)).toBeUndefined();
      // Removal comes after the last result of the event.
      const lastResult = updates.findLastIndex((u) => u.type === "result" && u.eventId === r.eventId);
      expect(lastResult).toBeLessThan(updates.indexOf(r));
    }
    const settled = results.at(-1)!;
    if (feed.event(settled.eventId)) expect(feed.results(settled.eventId)?.version).toBe(settled.version);
  });
});

describe("a restart", () => {
  it.each([
    [1, 3 * 3600],
    [120, 240],
  ])(
    "at clock speed %i comes back with the same events and results, also those that ended meanwhile",
    (clockSpeed, seconds) => {
      const options = { correctionRate: 0.5, cancelRate: 0.1, clockSpeed };
      const { feed, clock, updates, run } = setup([SOCCER, 67, 68], options);
      run(seconds);
      const ended = updates.filter((u) => u.type === "result");
      expect(ended.length).toBeGreaterThan(0);
      const again = createSimulatedOddsFeed({
        catalogue: testCatalogue([SOCCER, 67, 68], 6, 12),
        clock,
        seed: 2026,
        ...options,
      });
      for (const e of feed.events()) {
        const other = again.event(e.id);
        expect(other, `event ${e.id} (${e.status})`).toBeDefined();
        expect(JSON.stringify(other)).toBe(JSON.stringify(e));
        expect(again.results(e.id)).toEqual(feed.results(e.id));
      }
      expect(again.events().length).toBe(feed.events().length);
    },
  );
});

describe("timers", () => {
  it("ticks on one interval while started and not after stop", async () => {
    let reads = 0;
    const clock = manualClock(START);
    const counting = {
      now: () => {
        reads++;
        return clock.now();
      },
    };
    const feed = createSimulatedOddsFeed({
      catalogue: testCatalogue([SOCCER], 1, 6),
      clock: counting,
      tickMs: 5,
    });
    await feed.start();
    await new Promise((r) => setTimeout(r, 60));
    await feed.stop();
    const atStop = reads;
    expect(atStop).toBeGreaterThan(3);
    await new Promise((r) => setTimeout(r, 40));
    expect(reads).toBe(atStop);
  });

  it("costs nothing until first used", () => {
    let reads = 0;
    const inner = testCatalogue([SOCCER], 2, 10);
    const catalogue = {
      championships: () => {
        reads++;
        return inner.championships();
      },
    };
    const feed = createSimulatedOddsFeed({ catalogue, clock: manualClock(START) });
    expect(reads).toBe(0);
    expect(feed.events().length).toBeGreaterThan(0);
    feed.events();
    expect(reads).toBe(1);
  });

  it("keeps delivering to the others when a subscriber throws", () => {
    const errors: unknown[] = [];
    const clock = manualClock(START);
    const feed = createSimulatedOddsFeed({
      catalogue: testCatalogue([SOCCER], 1, 8),
      clock,
      clockSpeed: 120,
      onListenerError: (e) => errors.push(e),
    });
    feed.subscribe(() => {
      throw new Error("boom");
    });
    const seen: FeedUpdate[] = [];
    const off = feed.subscribe((u) => seen.push(u));
    feed.tick();
    clock.advance(5000);
    feed.tick();
    expect(seen.length).toBeGreaterThan(0);
    expect(errors.length).toBe(seen.length);
    off();
    clock.advance(5000);
    feed.tick();
    const count = seen.length;
    clock.advance(5000);
    feed.tick();
    expect(seen.length).toBe(count);
  });
});
