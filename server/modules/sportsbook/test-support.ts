import { eq } from "drizzle-orm";
import { addAmounts, negate } from "#common/money";
import type { Db } from "../../db/client";
import type {
  EventStatus,
  FeedEvent,
  FeedMarket,
  FeedUpdate,
  MarketResult,
  MarketStatus,
  OddsFeed,
  SelectionResult,
} from "../../providers/odds/port";
import { sportsbookBonuses } from "../bonus";
import { noBetLimits } from "../limits";
import { openAccount, postAtomically } from "../wallet";
import { insertTestPlayer } from "../wallet/test-support";
import type { BetRules, SportsbookDeps } from "./deps";
import { catalogueNames } from "./names";
import { placeBet } from "./placement";
import { settleEvent } from "./settlement";
import { sportShortfalls } from "./tables";

/**
 * A feed the tests steer by hand, standing in for the third-party port: events and prices are set, results
 * pushed, events cancelled and results corrected, each announced to subscribers as the real feed would.
 */
export class ControlledFeed implements OddsFeed {
  private readonly byId = new Map<number, FeedEvent>();
  private readonly resultsById = new Map<number, { version: number; markets: MarketResult[] }>();
  private readonly listeners = new Set<(u: FeedUpdate) => void>();

  events(): FeedEvent[] {
    return [...this.byId.values()];
  }
  event(id: number): FeedEvent | undefined {
    return this.byId.get(id);
  }
  results(eventId: number) {
    return this.resultsById.get(eventId);
  }
  subscribe(listener: (u: FeedUpdate) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  async start() {}
  async stop() {}

  private emit(u: FeedUpdate) {
    for (const l of this.listeners) l(u);
  }

  /** Adds or replaces an event (a deep copy is kept, so later edits of the argument change nothing). */
  setEvent(event: FeedEvent): FeedEvent {
    const copy = structuredClone(event);
    this.byId.set(copy.id, copy);
    this.emit({ type: "event", event: structuredClone(copy) });
    return copy;
  }

  private change(eventId: number, edit: (e: FeedEvent) => void) {
    const e = this.byId.get(eventId);
    if (!e) throw new Error(`no event ${eventId}`);
    edit(e);
    this.emit({ type: "event", event: structuredClone(e) });
  }

  setPrice(selectionId: string, odds: string) {
    this.change(eventIdOf(selectionId), (e) => {
      for (const m of e.markets) for (const s of m.selections) if (s.id === selectionId) s.odds = odds;
    });
  }

  setMarketStatus(eventId: number, marketId: string, status: MarketStatus) {
    this.change(eventId, (e) => {
      for (const m of e.markets) if (m.id === marketId) m.status = status;
    });
  }

  setStatus(eventId: number, status: EventStatus, startsAt?: Date) {
    this.change(eventId, (e) => {
      e.status = status;
      if (startsAt) e.startsAt = startsAt;
      if (status === "live") e.live = { clock: "1'", elapsed: 1, period: "1st half", score: [0, 0] };
    });
  }

  /**
   * Ends the event and publishes its results (version 1, or the next version: a correction). `keepOpen` leaves
   * the event and its markets as they were, so cash-out is still offered while settlement runs (race tests).
   */
  pushResult(
    eventId: number,
    results: Record<string, Record<string, SelectionResult>>,
    o: { keepOpen?: boolean } = {},
  ) {
    const e = this.byId.get(eventId);
    if (e && e.status !== "ended" && !o.keepOpen) this.change(eventId, (ev) => (ev.status = "ended"));
    const version = (this.resultsById.get(eventId)?.version ?? 0) + 1;
    const markets = Object.entries(results).map(([marketId, r]) => ({ marketId, results: r }));
    this.resultsById.set(eventId, { version, markets });
    this.emit({ type: "result", eventId, version, markets });
    return version;
  }

  /** A correction: the same as a new result with a higher version. */
  correct(eventId: number, results: Record<string, Record<string, SelectionResult>>) {
    return this.pushResult(eventId, results);
  }

  /** Forgets an event and its results, as a feed restarted after it removed them does (no update is sent). */
  drop(eventId: number) {
    this.byId.delete(eventId);
    this.resultsById.delete(eventId);
  }

  cancel(eventId: number) {
    this.change(eventId, (e) => (e.status = "cancelled"));
    this.emit({ type: "cancelled", eventId });
  }
}

export const eventIdOf = (selectionId: string) => Number(selectionId.split(":")[0]);

/** A soccer match with a 1x2 market and a total on 2.5, priced as given. */
export function matchEvent(
  id: number,
  o: {
    startsAt?: Date;
    status?: EventStatus;
    home?: string;
    away?: string;
    prices?: [string, string, string];
    total?: [string, string];
    championshipId?: number;
    sportId?: number;
    top?: boolean;
  } = {},
): FeedEvent {
  const [h, d, a] = o.prices ?? ["2.10", "3.40", "3.60"];
  const [over, under] = o.total ?? ["1.90", "1.90"];
  const sel = (market: string, outcome: string, name: string, odds: string) => ({
    id: `${id}:${market}:${outcome}`,
    name,
    odds,
  });
  const markets: FeedMarket[] = [
    {
      id: "1x2",
      type: "match_result",
      name: "Match result",
      status: "open",
      selections: [
        sel("1x2", "home", o.home ?? `Home ${id}`, h),
        sel("1x2", "draw", "Draw", d),
        sel("1x2", "away", o.away ?? `Away ${id}`, a),
      ],
    },
    {
      id: "total:2.5",
      type: "total",
      name: "Total goals",
      line: "2.5",
      status: "open",
      selections: [sel("total:2.5", "over", "Over 2.5", over), sel("total:2.5", "under", "Under 2.5", under)],
    },
  ];
  return {
    id,
    sportId: o.sportId ?? 66,
    categoryId: 1,
    championshipId: o.championshipId ?? 10,
    home: o.home ?? `Home ${id}`,
    away: o.away ?? `Away ${id}`,
    startsAt: o.startsAt ?? new Date(Date.now() + 24 * 3_600_000),
    status: o.status ?? "scheduled",
    live: o.status === "live" ? { clock: "10'", elapsed: 10, period: "1st half", score: [0, 0] } : undefined,
    top: o.top ?? false,
    markets,
  };
}

/** The results of `matchEvent`'s markets when the home side wins 2-1 (3 goals: over). */
export const homeWinOver = (id: number): Record<string, Record<string, SelectionResult>> => ({
  "1x2": { [`${id}:1x2:home`]: "won", [`${id}:1x2:draw`]: "lost", [`${id}:1x2:away`]: "lost" },
  "total:2.5": { [`${id}:total:2.5:over`]: "won", [`${id}:total:2.5:under`]: "lost" },
});

export const testRules: BetRules = {
  minStake: "0.1",
  maxStakePerMarket: "1000",
  maxPayout: "50000",
  maxOpenStake: "10000",
  liveDelayMs: 5_000,
  cashOutMargin: 0.05,
  droppedEventVoidMs: 48 * 3_600_000,
};

/** A clock the test moves. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The service's dependencies over a database and a controlled feed; every published event is kept. */
export function sportsbookTestDeps(db: Db, feed: ControlledFeed, over: Partial<SportsbookDeps> = {}) {
  const published: { channel: string; event: string; data: unknown }[] = [];
  const deps: SportsbookDeps = {
    db,
    clock: testClock(),
    publisher: {
      publish: async (channel, e) => {
        published.push({ channel, event: e.event, data: e.data });
      },
    },
    feed,
    betLimits: noBetLimits,
    bonuses: sportsbookBonuses,
    rules: testRules,
    names: catalogueNames(),
    ...over,
  };
  return { deps, published };
}

/** A player with a USD account holding `balance`. */
export async function fundedPlayer(db: Db, balance = "100", currency = "USD") {
  const playerId = await insertTestPlayer(db);
  const account = await openAccount({ db, publisher: { publish: async () => {} } }, playerId, currency);
  const accountId = BigInt(account.id);
  if (Number(balance) > 0)
    await postAtomically(db, {
      accountId,
      amount: balance,
      kind: "adjustment",
      reference: "test:opening",
      idempotencyKey: `test:opening:${accountId}`,
    });
  return { playerId, accountId };
}

/** Gives a test player a further account in `currency` holding `balance` (caps across currencies). */
export async function fundedAccount(db: Db, playerId: bigint, currency: string, balance: string) {
  const account = await openAccount({ db, publisher: { publish: async () => {} } }, playerId, currency);
  const accountId = BigInt(account.id);
  await postAtomically(db, {
    accountId,
    amount: balance,
    kind: "adjustment",
    reference: "test:opening",
    idempotencyKey: `test:opening:${accountId}`,
  });
  return accountId;
}

/**
 * The crash test's feed: `events` matches (ids from 70000) and, with `results`, each one ended: the home side,
 * the draw or the away side wins by turns, over 2.5 on every other one. The parent and its child build the same.
 */
export function crashFeed(events: number, o: { results: boolean }) {
  const feed = new ControlledFeed();
  for (let i = 0; i < events; i++) {
    const id = 70_000 + i;
    feed.setEvent(matchEvent(id, { startsAt: new Date(Date.now() + 3_600_000) }));
    if (!o.results) continue;
    const winner = ["home", "draw", "away"][i % 3]!;
    const over = i % 2 === 0;
    feed.pushResult(id, {
      "1x2": Object.fromEntries(
        ["home", "draw", "away"].map((x) => [`${id}:1x2:${x}`, x === winner ? "won" : "lost"]),
      ) as Record<string, SelectionResult>,
      "total:2.5": {
        [`${id}:total:2.5:over`]: over ? "won" : "lost",
        [`${id}:total:2.5:under`]: over ? "lost" : "won",
      },
    });
  }
  return feed;
}

/**
 * A real resettlement shortfall: a player stakes 10 of 10 on the home side at 2.10 and is paid 21, spends all
 * but `keep` of it, and the result is corrected to an away win: `keep` is taken back, 21 − keep is owed.
 */
export async function resettlementShortfall(
  deps: SportsbookDeps,
  feed: ControlledFeed,
  eventId: number,
  keep = "5",
) {
  const { playerId, accountId } = await fundedPlayer(deps.db, "10");
  feed.setEvent(matchEvent(eventId, { startsAt: new Date(deps.clock.now().getTime() + 3_600_000) }));
  const bet = await placeBet(deps, playerId, {
    type: "single",
    stake: "10",
    oddsPolicy: "any",
    requestId: `shortfall-${eventId}`,
    selections: [{ selectionId: `${eventId}:1x2:home`, odds: "2.10" }],
  });
  feed.pushResult(eventId, homeWinOver(eventId));
  await settleEvent(deps, eventId);
  await postAtomically(deps.db, {
    accountId,
    amount: negate(addAmounts("21", negate(keep))),
    kind: "adjustment",
    reference: "test:spent",
    idempotencyKey: `test:spent:${accountId}`,
  });
  feed.correct(eventId, {
    "1x2": {
      [`${eventId}:1x2:home`]: "lost",
      [`${eventId}:1x2:draw`]: "lost",
      [`${eventId}:1x2:away`]: "won",
    },
  });
  await settleEvent(deps, eventId);
  const [shortfall] = await deps.db
    .select()
    .from(sportShortfalls)
    .where(eq(sportShortfalls.betId, BigInt(bet.id)));
  return { playerId, accountId, betId: bet.id, shortfall: shortfall! };
}

// What other modules' tests use of this module's insides (issue 37: tests reach modules through faces,
// tables and test-support).
export { tradingBook } from "./book";
export { placeBet, settleEvent };
