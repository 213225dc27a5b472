import { and, eq, sql } from "drizzle-orm";
import type {
  TradingEvent,
  TradingEventRow,
  TradingMarket,
  TradingSettleBody,
} from "#common/api/admin-trading";
import {
  addAmounts,
  convertAmount,
  fromUnits,
  negate,
  normalizeAmount,
  roundAmount,
  toUnits,
} from "#common/money";
import { type Db, rowsOf } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { FeedEvent, SelectionResult } from "../../providers/odds/port";
import { findBaseCurrency, findCurrency } from "../settings";
import { recordAudit } from "../staff";
import { type ManualResult, TRADING_SCOPE, tradingBook, WHOLE_EVENT } from "./book";
import type { SportsbookDeps } from "./deps";
import { eventName } from "./events";
import { settleEvent } from "./settlement";
import { sportBetLegs, sportBets, sportManualResults, sportTradingHolds } from "./tables";

/**
 * Sportsbook trading in the back office (decision 0022): the events with the book's liability per outcome, a
 * trader's suspensions that hold against the feed, and a market's result by hand or corrected, settled through
 * the engine's own settlement (settlement.ts), so each payout and reversal goes through the ledger once.
 */

export interface Actor {
  staffId: number | null;
  ip: string | null;
}

const noEvent = () => ApiError.notFound("No such event");
const noMarket = () => ApiError.notFound("No such market");
const conflict = (code: "trading_refused", message: string) => new ApiError(409, code, message);

const bookOf = (deps: SportsbookDeps) => tradingBook(deps.feed);

function row(deps: SportsbookDeps, e: FeedEvent): TradingEventRow {
  const holds = bookOf(deps).holdsOf(e.id);
  const whole = holds.has(WHOLE_EVENT);
  return {
    id: e.id,
    name: eventName(e),
    sportId: e.sportId,
    sportName: deps.names.sport(e.sportId).name,
    championshipName: deps.names.championship(e.championshipId),
    startsAt: e.startsAt.toISOString(),
    status: e.status,
    live: e.live ? { clock: e.live.clock, score: e.live.score } : null,
    marketCount: e.markets.length,
    heldMarkets: whole ? e.markets.length : e.markets.filter((m) => holds.has(m.id)).length,
    held: whole,
  };
}

const stateOf = (e: FeedEvent) =>
  e.status === "live" ? "live" : e.status === "scheduled" ? "upcoming" : "finished";

/** The feed's events for staff: live first, then upcoming by start, then finished (latest first). */
export function tradingEvents(
  deps: SportsbookDeps,
  f: { state?: "live" | "upcoming" | "finished"; sportId?: number; q?: string; limit: number },
): TradingEventRow[] {
  const needle = f.q?.toLowerCase();
  const rank = { live: 0, upcoming: 1, finished: 2 } as const;
  return bookOf(deps)
    .events()
    .filter(
      (e) =>
        (f.state === undefined || stateOf(e) === f.state) &&
        (f.sportId === undefined || e.sportId === f.sportId) &&
        (!needle ||
          eventName(e).toLowerCase().includes(needle) ||
          deps.names.championship(e.championshipId).toLowerCase().includes(needle)),
    )
    .sort(
      (a, b) =>
        rank[stateOf(a)] - rank[stateOf(b)] ||
        (stateOf(a) === "finished"
          ? b.startsAt.getTime() - a.startsAt.getTime()
          : a.startsAt.getTime() - b.startsAt.getTime()) ||
        a.id - b.id,
    )
    .slice(0, f.limit)
    .map((e) => row(deps, e));
}

/** An amount divided by a whole number, exact to the money scale (a combo's share). */
const share = (amount: string, parts: number) => fromUnits((toUnits(amount) ?? 0n) / BigInt(parts));

interface Exposure {
  stakes: Map<string, string>;
  payouts: Map<string, string>;
  bets: Map<string, Set<string>>;
}

/**
 * The book's exposure on an event from its open bets (decision 0022), in the base currency. A bet counts on a
 * market through each of its legs still open there; a single counts whole, a combo or system bet with k legs
 * still open counts 1/k of its stake on each of those legs' markets and 1/k of its potential payout on each of
 * those legs' outcomes.
 */
async function exposure(db: Db, eventId: number): Promise<Exposure> {
  const rRows = await rowsOf<{
    bet_id: string;
    stake: string;
    payout: string;
    currency: string;
    market_id: string;
    selection_id: string;
    open_legs: number;
  }>(
    db,
    sql`
    select b.id::text as bet_id, b.stake::text as stake, b.potential_payout::text as payout, b.currency,
           l.market_id, l.selection_id,
           (select count(*) from ${sportBetLegs} o where o.bet_id = b.id and o.status = 'open')::int as open_legs
      from ${sportBets} b
      join ${sportBetLegs} l on l.bet_id = b.id
     where b.status in ('pending', 'open') and l.event_id = ${eventId} and l.status = 'open'`,
  );
  const out: Exposure = { stakes: new Map(), payouts: new Map(), bets: new Map() };
  const rates = new Map<string, string>();
  for (const code of new Set(rRows.map((x) => x.currency)))
    rates.set(code, normalizeAmount(String((await findCurrency(db, code))?.rate ?? "1")) ?? "1");
  for (const x of rRows) {
    const rate = rates.get(x.currency) ?? "1";
    const parts = Math.max(1, Number(x.open_legs));
    const stake = share(convertAmount(normalizeAmount(x.stake) ?? "0", rate, "1"), parts);
    const payout = share(convertAmount(normalizeAmount(x.payout) ?? "0", rate, "1"), parts);
    out.stakes.set(x.market_id, addAmounts(out.stakes.get(x.market_id) ?? "0", stake));
    out.payouts.set(x.selection_id, addAmounts(out.payouts.get(x.selection_id) ?? "0", payout));
    out.bets.set(x.market_id, (out.bets.get(x.market_id) ?? new Set()).add(x.bet_id));
  }
  return out;
}

/** The base currency's code and decimal places (USD, 2 when none is set). */
async function baseCurrency(db: Db) {
  const base = await findBaseCurrency(db);
  return { code: base?.code ?? "USD", places: base ? Math.round(Math.log10(base.subunitToUnit)) : 2 };
}

function marketView(
  deps: SportsbookDeps,
  e: FeedEvent,
  marketId: string,
  ex: Exposure,
  places: number,
): TradingMarket {
  const book = bookOf(deps);
  const m = e.markets.find((x) => x.id === marketId);
  if (!m) throw noMarket();
  const holds = book.holdsOf(e.id);
  const manual = book.manualResultsOf(e.id).get(m.id);
  const fed = book.results(e.id)?.markets.find((x) => x.marketId === m.id);
  const results: Record<string, SelectionResult> | undefined = manual?.results ?? fed?.results;
  const stakes = ex.stakes.get(m.id) ?? "0";
  const money = (v: string) => roundAmount(v, places);
  return {
    id: m.id,
    name: m.name,
    status: m.status,
    feedStatus: book.feedMarket(e.id, m.id)?.status ?? m.status,
    held: holds.has(WHOLE_EVENT) || holds.has(m.id),
    settledBy: manual ? "trader" : fed ? "feed" : null,
    resultVersion: manual?.version ?? (fed ? (book.results(e.id)?.version ?? null) : null),
    openBets: ex.bets.get(m.id)?.size ?? 0,
    stakes: money(stakes),
    selections: m.selections.map((s) => {
      const payout = ex.payouts.get(s.id) ?? "0";
      return {
        id: s.id,
        name: s.name,
        odds: s.odds,
        payout: money(payout),
        liability: money(addAmounts(payout, negate(stakes))),
        result: results ? (results[s.id] ?? "void") : null,
      };
    }),
  };
}

/** An event's page: its markets as offered, with the liability per outcome. */
export async function tradingEvent(
  deps: SportsbookDeps,
  eventId: number,
  db: Db = deps.db,
): Promise<TradingEvent> {
  const e = bookOf(deps).event(eventId);
  if (!e) throw noEvent();
  const [ex, base] = await Promise.all([exposure(db, eventId), baseCurrency(db)]);
  return {
    ...row(deps, e),
    baseCurrency: base.code,
    markets: e.markets.map((m) => marketView(deps, e, m.id, ex, base.places)),
  };
}

async function oneMarket(deps: SportsbookDeps, db: Db, eventId: number, marketId: string) {
  const e = bookOf(deps).event(eventId);
  if (!e) throw noEvent();
  const [ex, base] = await Promise.all([exposure(db, eventId), baseCurrency(db)]);
  return marketView(deps, e, marketId, ex, base.places);
}

/**
 * After a trading change commits: this process's book has it already (set above); the announcement re-reads it
 * here from the database and tells every other process to re-read theirs (through Redis when configured), so a
 * bet placed through any of them is checked against it at once.
 */
const announce = (deps: SportsbookDeps) => deps.cache?.invalidate(TRADING_SCOPE);

/**
 * A trader suspends (`hold`) or resumes a market, or every market of an event (`marketId` null). The hold wins
 * over the feed until the trader resumes; an event that is over cannot be held, a market already held (or
 * not held, to resume) is refused. One audit record per call.
 */
export async function holdMarket(
  deps: SportsbookDeps,
  actor: Actor,
  eventId: number,
  marketId: string | null,
  hold: boolean,
): Promise<TradingEvent> {
  const book = bookOf(deps);
  const e = book.event(eventId);
  if (!e) throw noEvent();
  if (marketId !== null && !e.markets.some((m) => m.id === marketId)) throw noMarket();
  const key = marketId ?? WHOLE_EVENT;
  const what = marketId === null ? "This event" : "This market";
  if (hold && (e.status === "ended" || e.status === "cancelled"))
    throw conflict("trading_refused", "This event is over: there is nothing to suspend");
  await deps.db.transaction(async (tx) => {
    const [was] = await tx
      .select()
      .from(sportTradingHolds)
      .where(and(eq(sportTradingHolds.eventId, eventId), eq(sportTradingHolds.marketId, key)))
      .for("update");
    if (hold && was) throw conflict("trading_refused", `${what} is already suspended by a trader`);
    if (!hold && !was) throw conflict("trading_refused", `${what} is not suspended by a trader`);
    if (hold) {
      const inserted = await tx
        .insert(sportTradingHolds)
        .values({ eventId, marketId: key, heldBy: actor.staffId })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0)
        throw conflict("trading_refused", `${what} is already suspended by a trader`);
    } else {
      await tx
        .delete(sportTradingHolds)
        .where(and(eq(sportTradingHolds.eventId, eventId), eq(sportTradingHolds.marketId, key)));
    }
    await recordAudit(
      tx,
      actor,
      {
        action: hold ? "trading.suspend" : "trading.resume",
        targetType: marketId === null ? "sport_event" : "sport_market",
        targetId: marketId === null ? String(eventId) : `${eventId}:${marketId}`,
      },
      { held: !!was },
      { held: hold },
    );
  });
  book.setHold(eventId, key, hold);
  await announce(deps);
  return tradingEvent(deps, eventId);
}

/** The results a body gives every selection of the market, or a validation error. */
function resultsFrom(body: TradingSettleBody, selections: { id: string }[]): Record<string, SelectionResult> {
  if ("void" in body) return Object.fromEntries(selections.map((s) => [s.id, "void" as const]));
  const ids = new Set(selections.map((s) => s.id));
  const unknown = body.winners.filter((w) => !ids.has(w));
  if (unknown.length > 0)
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      winners: ["Pick winners among this market's selections"],
    });
  const winners = new Set(body.winners);
  if (winners.size === ids.size)
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      winners: ["Every selection cannot win: void the market instead"],
    });
  return Object.fromEntries(selections.map((s) => [s.id, winners.has(s.id) ? "won" : "lost"]));
}

const sameResults = (a: Record<string, SelectionResult>, b: Record<string, SelectionResult>) =>
  Object.keys({ ...a, ...b }).every((k) => (a[k] ?? "void") === (b[k] ?? "void"));

/**
 * A trader settles a market by hand (`correct` false) or corrects its result (`correct` true); decision 0022:
 *
 * - settling needs the market out of play: the event over, or the market (or event) held by a trader; a
 *   market the feed or a trader already settled is refused (correct it instead);
 * - correcting needs a result to correct (the feed's or a trader's) and a different one;
 * - the result is written with its audit record in one transaction; then every bet on the event settles
 *   through the engine's settlement, a correction reversing the previous payout and paying the new one.
 */
export async function settleMarket(
  deps: SportsbookDeps,
  actor: Actor,
  eventId: number,
  marketId: string,
  body: TradingSettleBody,
  correct: boolean,
): Promise<{ market: TradingMarket; settledBets: number }> {
  const book = bookOf(deps);
  const e = book.event(eventId);
  if (!e) throw noEvent();
  const market = e.markets.find((m) => m.id === marketId);
  if (!market) throw noMarket();
  const results = resultsFrom(body, market.selections);
  const fed = book.results(eventId)?.markets.find((m) => m.marketId === marketId);
  if (!correct) {
    if (fed)
      throw conflict("trading_refused", "The feed has settled this market: correct its result instead");
    const holds = book.holdsOf(eventId);
    const over = e.status === "ended" || e.status === "cancelled";
    if (!over && !holds.has(WHOLE_EVENT) && !holds.has(marketId))
      throw conflict("trading_refused", "Suspend this market before settling it: it is still in play");
  }
  const saved = await deps.db.transaction(async (tx) => {
    const [was] = await tx
      .select()
      .from(sportManualResults)
      .where(and(eq(sportManualResults.eventId, eventId), eq(sportManualResults.marketId, marketId)))
      .for("update");
    let version: number;
    if (!correct) {
      if (was)
        throw conflict("trading_refused", "This market is already settled: correct its result instead");
      version = 1;
      const inserted = await tx
        .insert(sportManualResults)
        .values({ eventId, marketId, version, results, settledBy: actor.staffId })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0)
        throw conflict("trading_refused", "This market is already settled: correct its result instead");
    } else {
      const previous = was?.results ?? fed?.results;
      if (!previous) throw conflict("trading_refused", "This market has no result to correct yet: settle it");
      if (sameResults(previous, results))
        throw conflict("trading_refused", "This is already the market's result");
      version = (was?.version ?? 0) + 1;
      if (was)
        await tx
          .update(sportManualResults)
          .set({ version, results, settledBy: actor.staffId, settledAt: deps.clock.now() })
          .where(and(eq(sportManualResults.eventId, eventId), eq(sportManualResults.marketId, marketId)));
      else
        await tx
          .insert(sportManualResults)
          .values({ eventId, marketId, version, results, settledBy: actor.staffId });
    }
    await recordAudit(
      tx,
      actor,
      {
        action: correct ? "trading.resettle" : "trading.settle",
        targetType: "sport_market",
        targetId: `${eventId}:${marketId}`,
      },
      { results: was?.results ?? fed?.results ?? null, version: was?.version ?? null },
      { results, version },
    );
    return { version, results } satisfies ManualResult;
  });
  book.setManualResult(eventId, marketId, saved);
  await announce(deps);
  const settledBets = await settleEvent(deps, eventId);
  return { market: await oneMarket(deps, deps.db, eventId, marketId), settledBets };
}
