import type { Db } from "../../db/client";
import type { FeedEvent, FeedUpdate, OddsFeed, SelectionResult } from "../../providers/odds/port";
import { sportManualResults, sportTradingHolds } from "./tables";

/** A leg settled from a trader's result carries this plus the result's version: it outranks the feed's. */
export const MANUAL_RESULT_VERSION = 2_000_000;

/**
 * The cache scope whose invalidation announces a trader's change (a hold, a resume, a result by hand): every
 * process re-reads its book on it, over Redis when configured (server/cache).
 */
export const TRADING_SCOPE = "sportsbook:trading";

/** "" as a market id: the hold covers every market of the event. */
export const WHOLE_EVENT = "";

export interface ManualResult {
  version: number;
  results: Record<string, SelectionResult>;
}

/**
 * The odds feed as the book offers it (decision 0022): the feed's events with the traders' decisions laid over
 * them. A market a trader holds (or every market of an event held whole) shows `suspended` whatever the feed
 * says, and a market a trader settled shows `closed`; everything reading the feed through the engine (listings,
 * placement, the live channels, cash-out) sees the same. A trader's change is announced to subscribers as an
 * `event` update, so the live channels carry it as they carry the feed's own suspensions.
 *
 * The holds live in the database; each process keeps them in memory, changed at once where the trader acted
 * and re-read (`load`) in every process when the change is announced (TRADING_SCOPE through the cache's
 * invalidation, server/modules/sportsbook/index.ts). Reads run one after another, so the last one to finish is
 * the last one asked for, and placement waits for a read under way (`fresh`): a bet placed after a process
 * heard of a hold is refused there.
 */
export class TradingBook implements OddsFeed {
  private holds = new Map<number, Set<string>>();
  private settled = new Map<number, Map<string, ManualResult>>();
  private readonly listeners = new Set<(u: FeedUpdate) => void>();
  /** The last read asked for, and the one asked for but not started yet (later asks share it). */
  private last: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  constructor(readonly inner: OddsFeed) {}

  /** The event as offered: the feed's, with the holds and manual results over it. */
  private apply(e: FeedEvent): FeedEvent {
    const held = this.holds.get(e.id);
    const done = this.settled.get(e.id);
    if (!held && !done) return e;
    const whole = held?.has(WHOLE_EVENT) ?? false;
    return {
      ...e,
      markets: e.markets.map((m) => {
        if (done?.has(m.id)) return { ...m, status: "closed" };
        if ((whole || held?.has(m.id)) && m.status === "open") return { ...m, status: "suspended" };
        return m;
      }),
    };
  }

  events(): FeedEvent[] {
    return this.inner.events().map((e) => this.apply(e));
  }
  event(id: number): FeedEvent | undefined {
    const e = this.inner.event(id);
    return e && this.apply(e);
  }
  results(eventId: number) {
    return this.inner.results(eventId);
  }
  subscribe(listener: (u: FeedUpdate) => void): () => void {
    this.listeners.add(listener);
    const off = this.inner.subscribe((u) =>
      listener(u.type === "event" ? { ...u, event: this.apply(u.event) } : u),
    );
    return () => {
      off();
      this.listeners.delete(listener);
    };
  }
  start() {
    return this.inner.start();
  }
  stop() {
    return this.inner.stop();
  }

  /** The trader's holds on an event: market ids, "" for the whole event. */
  holdsOf(eventId: number): ReadonlySet<string> {
    return this.holds.get(eventId) ?? new Set();
  }
  /** The trader's results on an event's markets. */
  manualResultsOf(eventId: number): ReadonlyMap<string, ManualResult> {
    return this.settled.get(eventId) ?? new Map();
  }
  /** The feed's own status of a market, under the traders' decisions. */
  feedMarket(eventId: number, marketId: string) {
    return this.inner.event(eventId)?.markets.find((m) => m.id === marketId);
  }

  setHold(eventId: number, marketId: string, held: boolean) {
    const set = this.holds.get(eventId) ?? new Set<string>();
    if (held) set.add(marketId);
    else set.delete(marketId);
    if (set.size > 0) this.holds.set(eventId, set);
    else this.holds.delete(eventId);
    this.announce(eventId);
  }

  setManualResult(eventId: number, marketId: string, result: ManualResult) {
    const map = this.settled.get(eventId) ?? new Map<string, ManualResult>();
    map.set(marketId, result);
    this.settled.set(eventId, map);
    this.announce(eventId);
  }

  /** Tells subscribers (the live channels) the event as offered now. */
  private announce(eventId: number) {
    const e = this.event(eventId);
    if (!e) return;
    for (const l of this.listeners) l({ type: "event", event: structuredClone(e) });
  }

  /**
   * Re-reads every hold and manual result; events whose state changed are announced. A read starts after the
   * one under way, and asks made before it starts share it, so it sees every change committed before the ask.
   */
  load(db: Db): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.last
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.read(db);
      });
    this.queued = next;
    this.last = next;
    return next;
  }

  /** Resolves when the reads asked for so far have finished (whether or not they failed). */
  async fresh(): Promise<void> {
    await this.last.catch(() => undefined);
  }

  private async read(db: Db) {
    const [holdRows, resultRows] = await Promise.all([
      db
        .select({ eventId: sportTradingHolds.eventId, marketId: sportTradingHolds.marketId })
        .from(sportTradingHolds),
      db
        .select({
          eventId: sportManualResults.eventId,
          marketId: sportManualResults.marketId,
          version: sportManualResults.version,
          results: sportManualResults.results,
        })
        .from(sportManualResults),
    ]);
    const holds = new Map<number, Set<string>>();
    for (const r of holdRows) holds.set(r.eventId, (holds.get(r.eventId) ?? new Set()).add(r.marketId));
    const settled = new Map<number, Map<string, ManualResult>>();
    for (const r of resultRows)
      settled.set(
        r.eventId,
        (settled.get(r.eventId) ?? new Map()).set(r.marketId, { version: r.version, results: r.results }),
      );
    const key = (h: Map<number, Set<string>>, s: Map<number, Map<string, ManualResult>>, id: number) =>
      `${[...(h.get(id) ?? [])].sort().join(",")}|${[...(s.get(id) ?? new Map()).entries()].map(([m, r]) => `${m}:${r.version}`).join(",")}`;
    const ids = new Set([...this.holds.keys(), ...this.settled.keys(), ...holds.keys(), ...settled.keys()]);
    const changed = [...ids].filter((id) => key(this.holds, this.settled, id) !== key(holds, settled, id));
    this.holds = holds;
    this.settled = settled;
    for (const id of changed) this.announce(id);
  }
}

/** Waits for the trading book's reads under way, when the feed is one (a bet checks the market after them). */
export async function freshBook(feed: OddsFeed): Promise<void> {
  if (feed instanceof TradingBook) await feed.fresh();
}

const books = new WeakMap<OddsFeed, TradingBook>();

/** The one book over a feed in this process (the engine, its jobs and the back office share it). */
export function tradingBook(feed: OddsFeed): TradingBook {
  if (feed instanceof TradingBook) return feed;
  let book = books.get(feed);
  if (!book) {
    book = new TradingBook(feed);
    books.set(feed, book);
  }
  return book;
}
