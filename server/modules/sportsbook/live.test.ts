import { describe, expect, it } from "vitest";
import type { SportEvent, SportLiveBatch } from "#common/api/sportsbook";
import { SPORT_CHANNELS, sportEventChannel, sportLiveChannel } from "#common/realtime";
import {
  applySportEventChange,
  fromEventRow,
  fromLiveRow,
  type SportEventRow,
} from "#common/sport/live-changes";
import { createSimulatedOddsFeed } from "../../providers/odds/simulator";
import { manualClock, testCatalogue } from "../../providers/odds/simulator/testing";
import { canSubscribe } from "../../realtime/channels";
import { toSportEvent } from "./events";
import { publishFeedChanges } from "./live";
import { catalogueNames } from "./names";
import { ControlledFeed, matchEvent } from "./test-support";

/** A controlled feed whose publications are recorded in `sent`; `tick` lets one turn of the event loop pass. */
function recording() {
  const feed = new ControlledFeed();
  const sent: { channel: string; event: string; data: unknown }[] = [];
  const stop = publishFeedChanges(
    feed,
    { publish: async (channel, e) => void sent.push({ channel, ...e }) },
    catalogueNames(),
    () => undefined,
  );
  const tick = () => new Promise((r) => setImmediate(r));
  return { feed, sent, stop, tick };
}

describe("the public sport channels", () => {
  it("let guests subscribe to sport:live, sport:live#{sportId} and sport:event#{id}, and nothing like them", () => {
    expect(canSubscribe(SPORT_CHANNELS.live, undefined)).toBeUndefined();
    expect(canSubscribe(sportLiveChannel(66), undefined)).toBeUndefined();
    expect(canSubscribe(sportEventChannel(42), undefined)).toBeUndefined();
    expect(canSubscribe("sport:event#abc", undefined)).toBeDefined();
    expect(canSubscribe("sport:live#abc", undefined)).toBeDefined();
    expect(canSubscribe("sport:other", undefined)).toBeDefined();
  });

  it("send each event whole once, then only what moved: one sport:live batch per tick (main market), a change per event", async () => {
    const { feed, sent, stop, tick } = recording();
    feed.setEvent(matchEvent(1, { status: "live" }));
    feed.setEvent(matchEvent(2));
    await tick();
    // First sight: whole events on their channels; the live one in list form (main market) on sport:live.
    expect(sent.find((s) => s.channel === sportEventChannel(1))?.event).toBe("event");
    expect(sent.find((s) => s.channel === sportEventChannel(2))?.event).toBe("event");
    const first = sent.filter((s) => s.channel === SPORT_CHANNELS.live);
    expect(first).toHaveLength(1);
    const firstBatch = first[0]!.data as SportLiveBatch;
    expect(firstBatch.events.map((e) => [e.id, e.markets.length])).toEqual([[1, 1]]);
    expect(firstBatch.changes).toEqual([]);

    sent.length = 0;
    feed.setPrice("1:1x2:home", "1.95");
    feed.setPrice("1:1x2:away", "4.10");
    feed.setMarketStatus(1, "total:2.5", "suspended");
    feed.setPrice("2:1x2:home", "2.20");
    await tick();
    expect(sent.filter((s) => s.channel === SPORT_CHANNELS.live).map((s) => s.data)).toEqual([
      // By position: the main market's prices in its selections' order (home, draw, away), null where unmoved.
      { events: [], changes: [[1, "1x2", ["1.95", null, "4.10"]]] },
    ]);
    expect(sent.filter((s) => s.channel === sportEventChannel(1))).toEqual([
      {
        channel: sportEventChannel(1),
        event: "change",
        // By position too: each moved market's prices in its selections' order, then its status.
        data: [
          1,
          [
            ["1x2", ["1.95", null, "4.10"]],
            ["total:2.5", null, "suspended"],
          ],
        ],
      },
    ]);
    // A pre-match event's change goes to its own channel only.
    expect(sent.filter((s) => s.channel === sportEventChannel(2)).map((s) => s.event)).toEqual(["change"]);

    sent.length = 0;
    feed.setStatus(1, "ended");
    await tick();
    // Leaving play is news for the live list too.
    expect(sent.find((s) => s.channel === SPORT_CHANNELS.live)?.data).toEqual({
      events: [],
      changes: [[1, null, null, null, "ended"]],
    });
    stop();
    sent.length = 0;
    feed.setPrice("1:1x2:home", "2.00");
    await tick();
    expect(sent).toEqual([]);
  });

  it("cut each tick's live batch per sport on sport:live#{sportId}: a sport's page gets only its sport's moves", async () => {
    const { feed, sent, stop, tick } = recording();
    feed.setEvent(matchEvent(1, { status: "live", sportId: 66 }));
    feed.setEvent(matchEvent(2, { status: "live", sportId: 67 }));
    feed.setEvent(matchEvent(3, { status: "live", sportId: 66 }));
    await tick();
    const batchOn = (channel: string) =>
      sent.filter((s) => s.channel === channel).map((s) => s.data as SportLiveBatch);
    expect(batchOn(sportLiveChannel(66)).map((b) => b.events.map((e) => e.id))).toEqual([[1, 3]]);
    expect(batchOn(sportLiveChannel(67)).map((b) => b.events.map((e) => e.id))).toEqual([[2]]);
    expect(batchOn(SPORT_CHANNELS.live).map((b) => b.events.map((e) => e.id))).toEqual([[1, 2, 3]]);

    sent.length = 0;
    feed.setPrice("3:1x2:home", "1.80");
    await tick();
    expect(batchOn(sportLiveChannel(66))).toEqual([{ events: [], changes: [[3, "1x2", ["1.80"]]] }]);
    // A sport with nothing moving this tick gets nothing.
    expect(batchOn(sportLiveChannel(67))).toEqual([]);
    expect(batchOn(SPORT_CHANNELS.live)).toEqual([{ events: [], changes: [[3, "1x2", ["1.80"]]] }]);
    stop();
  });

  it("let a subscriber rebuild every event exactly as the API shows it from the publications alone", async () => {
    const clock = manualClock("2026-05-02T13:00:00Z");
    const feed = createSimulatedOddsFeed({
      catalogue: testCatalogue([66, 67, 68, 69], 3, 10),
      clock,
      seed: 7,
      clockSpeed: 60,
      minLive: 6,
    });
    const names = catalogueNames();
    const onEvent = new Map<number, SportEvent>();
    const onLive = new Map<number, SportEvent>();
    /** What a viewer of one sport's page rebuilds from `sport:live#{sportId}`. */
    const onSport = new Map<number, SportEvent>();
    // An expectation failing inside `publish` would be swallowed with the publication's promise: kept here.
    const faults: string[] = [];
    let liveBytes = 0;
    let changes = 0;
    const rebuild = (held: Map<number, SportEvent>, b: SportLiveBatch) => {
      for (const x of b.events) held.set(x.id, x);
      for (const row of b.changes) {
        const was = held.get(row[0]);
        if (was) held.set(row[0], applySportEventChange(was, fromLiveRow(row, was)));
      }
    };
    publishFeedChanges(
      feed,
      {
        publish: async (channel, e) => {
          if (channel === SPORT_CHANNELS.live) {
            liveBytes += JSON.stringify(e).length;
            rebuild(onLive, e.data as SportLiveBatch);
            return;
          }
          const [namespace, n] = channel.split("#");
          const id = Number(n);
          if (namespace === SPORT_CHANNELS.live) {
            const b = e.data as SportLiveBatch;
            for (const x of b.events) if (x.sportId !== id) faults.push(`${x.id} on sport ${id}'s channel`);
            rebuild(onSport, b);
            return;
          }
          if (e.event === "event") onEvent.set(id, e.data as SportEvent);
          else {
            changes++;
            const was = onEvent.get(id);
            if (!was) faults.push(`a change of ${id} before the event itself`);
            else onEvent.set(id, applySportEventChange(was, fromEventRow(e.data as SportEventRow, was)));
          }
        },
      },
      names,
      () => undefined,
    );
    let liveSeen = 0;
    for (let s = 0; s < 240; s++) {
      clock.advance(1000);
      feed.tick();
      await new Promise((r) => setImmediate(r));
      liveSeen = Math.max(liveSeen, feed.events().filter((e) => e.status === "live").length);
      if (s % 40 !== 39) continue;
      for (const [id, shown] of onEvent) {
        const now = feed.event(id);
        if (now) expect(shown).toEqual(toSportEvent(now, names, { allMarkets: true }));
      }
      for (const held of [onLive, onSport])
        for (const [id, shown] of held) {
          const now = feed.event(id);
          if (now?.status === "live") expect(shown).toEqual(toSportEvent(now, names, { allMarkets: false }));
        }
    }
    expect(faults).toEqual([]);
    // The sports' channels together carry what sport:live carries.
    expect([...onSport.keys()].sort()).toEqual([...onLive.keys()].sort());
    expect(liveSeen).toBeGreaterThan(3);
    expect(onLive.size).toBeGreaterThan(3);
    // Most publications are changes, not whole events.
    expect(changes).toBeGreaterThan(onEvent.size);
    expect(liveBytes).toBeGreaterThan(0);
  });

  it("hand results and cancellations to settlement", () => {
    const feed = new ControlledFeed();
    const settled: number[] = [];
    publishFeedChanges(feed, { publish: async () => {} }, catalogueNames(), (u) => settled.push(u.eventId));
    feed.setEvent(matchEvent(7));
    feed.setEvent(matchEvent(8));
    feed.pushResult(7, {});
    feed.cancel(8);
    expect(settled).toEqual([7, 8]);
  });
});
