import { describe, expect, it } from "vitest";
import { SPORT_CHANNELS, sportEventChannel } from "#common/realtime";
import { canSubscribe } from "../../realtime/channels";
import { publishFeedChanges } from "./live";
import { catalogueNames } from "./names";
import { ControlledFeed, matchEvent } from "./test-support";

describe("the public sport channels", () => {
  it("let guests subscribe to sport:live and sport:event#{id}, and nothing like them", () => {
    expect(canSubscribe(SPORT_CHANNELS.live, undefined)).toBeUndefined();
    expect(canSubscribe(sportEventChannel(42), undefined)).toBeUndefined();
    expect(canSubscribe("sport:event#abc", undefined)).toBeDefined();
    expect(canSubscribe("sport:other", undefined)).toBeDefined();
  });

  it("send one sport:live publication per tick with the changed live events' main market, and each event in full", async () => {
    const feed = new ControlledFeed();
    const sent: { channel: string; event: string; data: unknown }[] = [];
    const stop = publishFeedChanges(
      feed,
      { publish: async (channel, e) => void sent.push({ channel, ...e }) },
      catalogueNames(),
      () => undefined,
    );
    feed.setEvent(matchEvent(1, { status: "live" }));
    feed.setEvent(matchEvent(2));
    feed.setPrice("1:1x2:home", "1.95");
    feed.setPrice("1:1x2:away", "4.10");
    await new Promise((r) => setImmediate(r));
    const live = sent.filter((s) => s.channel === SPORT_CHANNELS.live);
    expect(live).toHaveLength(1);
    const events = live[0]!.data as { id: number; markets: { selections: { odds: string }[] }[] }[];
    expect(events.map((e) => e.id)).toEqual([1]);
    expect(events[0]!.markets).toHaveLength(1);
    expect(events[0]!.markets[0]!.selections.map((s) => s.odds)).toEqual(["1.95", "3.40", "4.10"]);
    const full = sent.filter((s) => s.channel === sportEventChannel(1));
    expect(full).toHaveLength(1);
    expect((full[0]!.data as { markets: unknown[] }).markets).toHaveLength(2);
    expect(sent.some((s) => s.channel === sportEventChannel(2))).toBe(true);
    stop();
    feed.setPrice("1:1x2:home", "2.00");
    await new Promise((r) => setImmediate(r));
    expect(sent.filter((s) => s.channel === SPORT_CHANNELS.live)).toHaveLength(1);
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
