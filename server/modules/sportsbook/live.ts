import type { SportEventChange, SportLiveBatch } from "#common/api/sportsbook";
import { SPORT_CHANNELS, sportEventChannel, sportLiveChannel } from "#common/realtime";
import { toEventRow, toLiveRow } from "#common/sport/live-changes";
import type { FeedEvent, FeedMarket, FeedUpdate, LiveState, OddsFeed } from "../../providers/odds/port";
import type { Publisher } from "../../realtime/publisher";
import { toSportEvent } from "./events";
import type { SportNames } from "./names";

/**
 * Carries the feed's changes to the public sport channels (docs/sportsbook-feed.md, "Live channels"). A feed
 * update holds the whole event (3–6 KB with every market), but from one second to the next only a clock and a
 * few prices move: each event's last published state is kept here, and what leaves is the difference.
 *
 * - `sport:event#{id}`: `change`, what moved in any market as a row by position (`SportEventRow`), or the whole
 *   event (`event`) the first time and whenever its shape changed (markets or selections added or removed, names, start, a live field gone).
 * - `sport:live`: one `changes` batch per tick for the live events: the main market's moves and the live state as
 *   rows by position (`SportLiveRow`), plus in `events` (main market, as lists show them) the events that just
 *   went live or changed shape.
 * - `sport:live#{sportId}`: the same batch cut to one sport's events, for the pages that show one sport (or a few):
 *   a viewer of a sport's page receives that sport's moves, not the whole live programme's.
 *
 * A tick is one turn of the event loop: the updates a feed emits together leave as one batch.
 */
export function publishFeedChanges(
  feed: OddsFeed,
  publisher: Publisher,
  names: SportNames,
  onSettle: (u: Extract<FeedUpdate, { type: "result" | "cancelled" }>) => void,
): () => void {
  const published = new Map<number, Published>();
  const changed = new Map<number, FeedEvent>();
  let scheduled = false;
  const send = (channel: string, event: Parameters<Publisher["publish"]>[1]) =>
    void publisher.publish(channel, event).catch(() => undefined);
  const flush = () => {
    scheduled = false;
    const batch: SportLiveBatch = { events: [], changes: [] };
    const bySport = new Map<number, SportLiveBatch>();
    const sportBatch = (sportId: number) => {
      let b = bySport.get(sportId);
      if (!b) {
        b = { events: [], changes: [] };
        bySport.set(sportId, b);
      }
      return b;
    };
    /** An event as lists show it (main market), on `sport:live` and its sport's channel. */
    const listed = (e: FeedEvent) => {
      const row = toSportEvent(e, names, { allMarkets: false });
      batch.events.push(row);
      sportBatch(e.sportId).events.push(row);
    };
    for (const e of changed.values()) {
      const before = published.get(e.id);
      const wasLive = before?.status === "live";
      const d = difference(before, e);
      published.set(e.id, snapshot(e));
      if (d === "shape") {
        send(sportEventChannel(e.id), { event: "event", data: toSportEvent(e, names, { allMarkets: true }) });
        if (e.status === "live" || wasLive) listed(e);
        continue;
      }
      if (d.all) {
        const row = toEventRow(d.all, (id) => {
          const m = e.markets.find((x) => x.id === id);
          return m && outcomes(e, m);
        });
        send(
          sportEventChannel(e.id),
          row
            ? { event: "change", data: row }
            : { event: "event", data: toSportEvent(e, names, { allMarkets: true }) },
        );
      }
      if (e.status === "live" && !wasLive) listed(e);
      else if (wasLive && d.main) {
        const row = toLiveRow(d.main, mainOutcomes(e));
        if (!row) listed(e);
        else {
          batch.changes.push(row);
          sportBatch(e.sportId).changes.push(row);
        }
      }
    }
    changed.clear();
    if (batch.events.length > 0 || batch.changes.length > 0)
      send(SPORT_CHANNELS.live, { event: "changes", data: batch });
    for (const [sportId, b] of bySport) send(sportLiveChannel(sportId), { event: "changes", data: b });
  };
  return feed.subscribe((u) => {
    if (u.type === "event") {
      changed.set(u.event.id, u.event);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    } else if (u.type === "removed") {
      published.delete(u.eventId);
      changed.delete(u.eventId);
    } else if (u.type === "result" || u.type === "cancelled") {
      onSettle(u);
    }
  });
}

/** The main market's outcome keys in its selections' order: how a `sport:live` row lists its prices. */
function mainOutcomes(e: FeedEvent): string[] {
  const m = e.markets[0];
  return m ? outcomes(e, m) : [];
}

/** A market's outcome keys (the selection ids after `${eventId}:${marketId}:`) in its selections' order. */
function outcomes(e: FeedEvent, m: FeedMarket): string[] {
  const prefix = `${e.id}:${m.id}:`;
  return m.selections.map((s) => s.id.slice(prefix.length));
}

/** An event as it was last published: what a change is measured against. */
interface Published {
  /** Everything that does not move in play; a difference here republishes the event whole. */
  fixed: string;
  status: FeedEvent["status"];
  live?: LiveState;
  /**
   * The feed's markets themselves: a feed never changes a market in place (port.ts), so the object published is
   * the market as it was, and the same object again is nothing to compare.
   */
  markets: FeedMarket[];
}

function snapshot(e: FeedEvent): Published {
  return { fixed: fixedPart(e), status: e.status, live: e.live, markets: [...e.markets] };
}

const fixedPart = (e: FeedEvent) =>
  `${e.sportId}|${e.categoryId}|${e.championshipId}|${e.home}|${e.away}|${e.startsAt.getTime()}|${e.top}`;

/**
 * What moved since `before`: the change over all markets (`all`) and over the main market only (`main`), each
 * absent when nothing of it moved; "shape" when the event must be published whole.
 */
function difference(
  before: Published | undefined,
  e: FeedEvent,
): "shape" | { all?: SportEventChange; main?: SportEventChange } {
  if (!before || before.fixed !== fixedPart(e) || before.markets.length !== e.markets.length) return "shape";
  const live = liveChange(before.live, e.live);
  if (live === "shape") return "shape";
  const head: Omit<SportEventChange, "markets"> = { id: e.id };
  if (before.status !== e.status) head.status = e.status;
  if (live) head.live = live;
  let all: SportEventChange["markets"];
  let main: SportEventChange["markets"];
  for (let i = 0; i < e.markets.length; i++) {
    const m = e.markets[i]!;
    const was = before.markets[i]!;
    if (was === m) continue;
    if (was.id !== m.id || was.selections.length !== m.selections.length) return "shape";
    const prefix = `${e.id}:${m.id}:`;
    let odds: Record<string, string> | undefined;
    for (let k = 0; k < m.selections.length; k++) {
      const s = m.selections[k]!;
      const w = was.selections[k]!;
      // Prices travel keyed by outcome: a selection id outside the port's pattern cannot, so it goes whole.
      if (w.id !== s.id || !s.id.startsWith(prefix)) return "shape";
      if (w.odds === s.odds) continue;
      odds ??= {};
      odds[s.id.slice(prefix.length)] = s.odds;
    }
    if (!odds && was.status === m.status) continue;
    const c: { status?: FeedMarket["status"]; odds?: Record<string, string> } = {};
    if (was.status !== m.status) c.status = m.status;
    if (odds) c.odds = odds;
    all ??= {};
    all[m.id] = c;
    if (i === 0) main = { [m.id]: c };
  }
  const moved = head.status !== undefined || head.live !== undefined;
  return {
    all: moved || all ? { ...head, ...(all && { markets: all }) } : undefined,
    main: moved || main ? { ...head, ...(main && { markets: main }) } : undefined,
  };
}

/** The live fields that changed; "shape" when one disappeared (a change cannot say "gone"). */
function liveChange(
  before: LiveState | undefined,
  now: LiveState | undefined,
): SportEventChange["live"] | "shape" {
  if (!now) return before ? "shape" : undefined;
  if (!before) return { ...now };
  if (before.detail !== undefined && now.detail === undefined) return "shape";
  const c: NonNullable<SportEventChange["live"]> = {};
  if (before.clock !== now.clock) c.clock = now.clock;
  if (before.elapsed !== now.elapsed) c.elapsed = now.elapsed;
  if (before.period !== now.period) c.period = now.period;
  if (before.score[0] !== now.score[0] || before.score[1] !== now.score[1]) c.score = now.score;
  if (before.detail !== now.detail && now.detail !== undefined) c.detail = now.detail;
  return Object.keys(c).length > 0 ? c : undefined;
}
