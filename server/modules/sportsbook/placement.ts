import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PlaceBetBody, SportBet } from "#common/api/sportsbook";
import { PLAYER_STATUS } from "#common/constants";
import { addAmounts, compareAmounts, convertAmount, decimalPlaces, normalizeAmount } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import { currencyPlaces, potentialPayout, totalOdds } from "#common/sport/payouts";
import { type Db, rowsOf } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import type { BetLimitVerdict } from "../limits";
import { playerStatus } from "../player";
import { baseCurrencyCodeSql, currencyRateSql } from "../settings";
import {
  house,
  InsufficientFunds,
  lockPlayerAccount,
  once,
  stake as postStakeOf,
  refund as refundStake,
} from "../wallet";
import { announceBet } from "./announce";
import { type BetRow, type LegRow, legsOf, toSportBet } from "./bets";
import { freshBook } from "./book";
import type { SportsbookDeps } from "./deps";
import { eventName, type FoundSelection, findSelection } from "./events";
import { sportBetLegs, sportBets } from "./tables";

/** The most legs a system bet may have (C(12, 6) = 924 lines at most). */
export const MAX_SYSTEM_LEGS = 12;

const invalid = (field: string, message: string) =>
  new ApiError(422, "validation_error", "Some fields are not valid", { [field]: [message] });

/** A responsible-gambling limit stopped the stake inside its transaction: nothing was written. */
class LimitStop extends Error {
  constructor(
    readonly verdict: Exclude<BetLimitVerdict, { ok: true }>,
    readonly stake: { currency: string; amount: string },
  ) {
    super("A limit stops this bet");
  }
}

function checkShape(body: PlaceBetBody) {
  const n = body.selections.length;
  if (body.type === "single" && n !== 1) throw invalid("selections", "A single bet has one selection");
  if (body.type === "combo" && n < 2) throw invalid("selections", "A combo has at least two selections");
  if (body.type === "system") {
    const k = body.systemSize;
    if (k === undefined) throw invalid("systemSize", "Say how many selections each combination has");
    if (n < 3 || n > MAX_SYSTEM_LEGS)
      throw invalid("selections", `A system bet has 3 to ${MAX_SYSTEM_LEGS} selections`);
    if (k >= n) throw invalid("systemSize", "Each combination has fewer selections than the bet");
  } else if (body.systemSize !== undefined) {
    throw invalid("systemSize", "Only a system bet has a system size");
  }
}

/** Whether the price now is one the player agreed to: the same, higher (policy "higher"), or any ("any"). */
function priceAccepted(policy: PlaceBetBody["oddsPolicy"], seen: string, now: string): boolean {
  const c = compareAmounts(now, seen);
  return c === 0 || policy === "any" || (policy === "higher" && c > 0);
}

/** The selection as the feed holds it now, or the refusal that it cannot be bet on. */
function bettable(deps: SportsbookDeps, selectionId: string, now: Date): FoundSelection {
  const found = findSelection(deps.feed, selectionId);
  if (!found) throw new ApiError(409, "event_not_available", "This selection is no longer offered");
  const { event, market } = found;
  if (event.status === "ended" || event.status === "cancelled")
    throw new ApiError(409, "event_not_available", "This event is over");
  // Pre-match betting stops at the start, even when the feed has not turned the event live yet.
  if (event.status === "scheduled" && event.startsAt.getTime() <= now.getTime())
    throw new ApiError(409, "event_not_available", "This event has started");
  if (market.status !== "open")
    throw new ApiError(409, "market_suspended", `Betting on "${market.name}" is suspended`);
  return found;
}

async function betByRequest(db: Db, playerId: bigint, requestId: string) {
  const [bet] = await db
    .select()
    .from(sportBets)
    .where(and(eq(sportBets.playerId, playerId), eq(sportBets.requestId, requestId)));
  return bet;
}

/** What the player has staked on unsettled bets, in the base currency, and this stake's worth in it. */
interface Staked {
  /** Over all their unsettled bets. */
  total: string;
  /** On each leg's market, in the legs' order. */
  onMarket: string[];
  /** This stake at its currency's rate, and the base currency's code. */
  worth: { amount: string; base: string };
}

type NewBet = Omit<BetRow, "id">;
type NewLeg = Omit<LegRow, "betId" | "playerId">;

const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null`);
const betColumns = sql.raw(`player_id, account_id, currency, type, system_size, stake, odds, potential_payout,
                                status, odds_policy, payout, reject_reason, request_id, accept_at, settled_revision,
                                placed_at, settled_at, updated_at`);
const betValues = (bet: NewBet) =>
  sql`${bet.playerId}::bigint, ${bet.accountId}::bigint, ${bet.currency}, ${bet.type}, ${bet.systemSize}::smallint, ${bet.stake}::numeric,
      ${bet.odds}::numeric, ${bet.potentialPayout}::numeric, ${bet.status}, ${bet.oddsPolicy}, ${bet.payout}::numeric,
      ${bet.rejectReason}, ${bet.requestId}, ${ts(bet.acceptAt)}, ${bet.settledRevision}::integer,
      ${ts(bet.placedAt)}, ${ts(bet.settledAt)}, ${ts(bet.updatedAt)}`;
/** The legs' insert, after a CTE `bet` that answers the bet's id and player. */
const legsInsert = (legs: NewLeg[]) => {
  const values = legs.map(
    (l) =>
      sql`(${l.position}::smallint, ${l.eventId}::bigint, ${l.sportId ?? null}::integer, ${l.marketId}, ${l.selectionId}, ${l.eventName}, ${l.marketName}, ${l.selectionName}, ${l.odds}::numeric, ${l.live}::boolean, ${l.status}, ${l.resultVersion}::integer)`,
  );
  return sql`
      insert into ${sportBetLegs} (bet_id, player_id, position, event_id, sport_id, market_id, selection_id,
                                   event_name, market_name, selection_name, odds, live, status, result_version)
      select bet.id, bet.player_id, v.* from bet, (values ${sql.join(values, sql`, `)})
          as v(position, event_id, sport_id, market_id, selection_id, event_name, market_name, selection_name, odds,
               live, status, result_version)
      returning 1`;
};
const written = (id: bigint, bet: NewBet, legs: NewLeg[]) => ({
  bet: { ...bet, id } as BetRow,
  legs: legs.map((l) => ({ ...l, betId: id, playerId: bet.playerId })) as LegRow[],
});

/**
 * Writes a bet and its legs in one statement and answers both rows as they were written. A second bet with the
 * same `requestId` fails here on the unique key (`once` answers the first one).
 */
async function insertBet(tx: Db, bet: NewBet, legs: NewLeg[]) {
  const rRows = await rowsOf<{ id: string }>(
    tx,
    sql`
    with bet as (
      insert into ${sportBets} (${betColumns}) values (${betValues(bet)})
      returning id, player_id
    ), legs as (${legsInsert(legs)})
    select bet.id::text as id from bet where (select count(*) from legs) = ${legs.length}`,
  );
  return written(BigInt(rRows[0]!.id), bet, legs);
}

/**
 * The caps on what a player has staked, and the bet's write, in one statement (issue 38). The statement reads
 * what the player has staked on unsettled bets, in all and on each leg's market (every currency's stakes
 * converted at its rate: the settings' rates, units of the base currency one unit is worth, which the wallet and
 * payments use too, so a player's caps count every currency they bet in, decision 0036), with this stake's
 * worth and the base currency's code, and the limits' first read when they offer one; and it writes the bet and
 * its legs only when the caps hold, by the same arithmetic as `convertAmount` (amount × rate, cut to 18 places),
 * and the limits are clear. `check` then judges the figures the statement read (the limits first), and it alone
 * decides: it throws to refuse (the transaction rolls back whatever was written); should it
 * pass a bet the statement did not write, the bet is written on its own. A second bet with the same `requestId`
 * fails on the unique key (`once` answers the first one).
 */
async function insertBetWithinCaps(
  tx: Db,
  bet: NewBet,
  legs: NewLeg[],
  caps: { maxStakePerMarket: string; maxOpenStake: string },
  /** The limits' first read, riding in the statement; the bet is written only when they are clear. */
  limits: { read: SQL; clear: SQL } | undefined,
  check: (staked: Staked, limitsRead: string | null) => Promise<void>,
) {
  const inBase = (column: string) =>
    sql`coalesce(sum(trunc(o.${sql.raw(column)} * coalesce(o.rate::numeric, 0), 18)), 0)`;
  const marketCaps = legs.map(
    (_, i) => sql` and c.${sql.raw(`m${i}`)} + w.worth <= ${caps.maxStakePerMarket}::numeric`,
  );
  // The player's legs on the slip's markets, through the legs' (player, event, market) index, then their bets:
  // the read grows with what the player has on these markets, not with every bet they have open. Materialized,
  // as the planner would otherwise probe the legs once for each open bet when its statistics are young; and the
  // bets found by their key alone (the player is the legs'), not through the player's open bets. A bet has one
  // leg an event, so each sum counts a bet's stake once.
  const onMarkets = legs.map(
    (l, i) =>
      sql`, coalesce(sum(b.stake) filter (where l.event_id = ${l.eventId} and l.market_id = ${l.marketId}), 0) as ${sql.raw(`m${i}`)}`,
  );
  const eventIds = sql.join(
    legs.map((l) => sql`${l.eventId}::bigint`),
    sql`, `,
  );
  const marketIds = sql.join(
    legs.map((l) => sql`${l.marketId}`),
    sql`, `,
  );
  // One row per currency the player has unsettled bets in (none: one row of nulls), each carrying this
  // stake's rate, the base currency's code and the written bet's id (null when the caps refused it).
  const rRows = await rowsOf<Record<string, string | null>>(
    tx,
    sql`
    with s as (
      select ${currencyRateSql(sql`${bet.currency}`)} as stake_rate, ${baseCurrencyCodeSql()} as base,
             ${limits?.read ?? sql`null::text`} as limits_read
    ), t as (
      select b.currency, sum(b.stake) as total from ${sportBets} b
       where b.player_id = ${bet.playerId} and b.status in ('pending', 'open')
       group by b.currency
    ), player_legs as materialized (
      select l.bet_id, l.event_id, l.market_id from ${sportBetLegs} l
       where l.player_id = ${bet.playerId} and l.event_id in (${eventIds}) and l.market_id in (${marketIds})
    ), mk as (
      select b.currency ${sql.join(onMarkets, sql``)}
        from player_legs l join ${sportBets} b on b.id = l.bet_id
       where b.status in ('pending', 'open')
       group by b.currency
    ), o as (
      select t.currency, ${currencyRateSql(sql`t.currency`)} as rate, t.total ${sql.join(
        legs.map((_, i) => sql`, coalesce(mk.${sql.raw(`m${i}`)}, 0) as ${sql.raw(`m${i}`)}`),
        sql``,
      )}
        from t left join mk on mk.currency = t.currency
    ), c as (
      select ${inBase("total")} as total ${sql.join(
        legs.map((_, i) => sql`, ${inBase(`m${i}`)} as ${sql.raw(`m${i}`)}`),
        sql``,
      )} from o
    ), w as (
      select trunc(${bet.stake}::numeric * coalesce(s.stake_rate::numeric, 0), 18) as worth from s
    ), bet as (
      insert into ${sportBets} (${betColumns})
      select ${betValues(bet)} from c, w
       where c.total + w.worth <= ${caps.maxOpenStake}::numeric ${sql.join(marketCaps, sql``)}
         and ${limits?.clear ?? sql`true`}
      returning id, player_id
    ), legs as (${legsInsert(legs)})
    select s.stake_rate, s.base, s.limits_read, o.currency, o.rate, o.total::text as total ${sql.join(
      legs.map((_, i) => sql`, o.${sql.raw(`m${i}`)}::text as ${sql.raw(`m${i}`)}`),
      sql``,
    )}, (select bet.id::text from bet) as bet_id, (select count(*) from legs)::int as legs_written
      from s left join o on true`,
  );
  const rateOf = (rate: string | null | undefined) => normalizeAmount(rate ?? "0") ?? "0";
  let total = "0";
  const onMarket = legs.map(() => "0");
  for (const row of rRows) {
    if (row.currency == null) continue;
    const rate = rateOf(row.rate);
    total = addAmounts(total, convertAmount(row.total ?? "0", rate, "1"));
    for (const i of legs.keys())
      onMarket[i] = addAmounts(onMarket[i]!, convertAmount(row[`m${i}`] ?? "0", rate, "1"));
  }
  // The caps are in the base currency: this stake is counted at its currency's rate, as the open ones.
  const first = rRows[0];
  const worth = {
    amount: convertAmount(bet.stake, rateOf(first?.stake_rate), "1"),
    base: first?.base ?? bet.currency,
  };
  await check({ total, onMarket, worth }, first?.limits_read ?? null);
  if (!first?.bet_id) return insertBet(tx, bet, legs);
  if (Number(first.legs_written) !== legs.length) throw new Error("A bet's legs were not all written");
  return written(BigInt(first.bet_id), bet, legs);
}

/**
 * Places a bet (docs/sportsbook-api.md): checked against the feed's prices now with the player's odds policy,
 * the house limits and the player's responsible-gambling limits; the stake leaves the account in the
 * transaction that writes the bet. The slip's `requestId` makes a retry answer the first bet and stake nothing.
 * A bet with a live leg waits `pending` for the live delay (`acceptPendingBets`).
 */
export async function placeBet(
  deps: SportsbookDeps,
  playerId: bigint,
  body: PlaceBetBody,
  /** What the caller's authentication already read on this request (the route passes it; tests may not). */
  known: { playerStatus?: number } = {},
): Promise<SportBet> {
  const view = { feed: deps.feed, cashOutMargin: deps.rules.cashOutMargin };
  const answer = async (bet: BetRow) =>
    toSportBet(bet, (await legsOf(deps.db, [bet.id])).get(bet.id) ?? [], view);
  try {
    return await placeNew(deps, playerId, body, known, answer);
  } catch (err) {
    // A retry of a slip that was placed (a lost answer, a double click) is refused by what its first bet
    // changed (the caps it counts toward, its price moved since) or by its unique key: it answers the first
    // bet. Asked only on a refusal, so a new bet spends no round trip on it (issue 38).
    if (err instanceof ApiError || err instanceof LimitStop || err instanceof InsufficientFunds) {
      const seen = await betByRequest(deps.db, playerId, body.requestId);
      if (seen) return answer(seen);
    }
    throw await refusal(deps, playerId, err);
  }
}

/** What the player is told when the bet is refused inside its transaction (and what the site hears of it). */
async function refusal(deps: SportsbookDeps, playerId: bigint, err: unknown): Promise<unknown> {
  if (err instanceof LimitStop) {
    const v = err.verdict;
    const { currency, amount } = err.stake;
    if (v.reason === "max_exceeded" && v.source === "bonus")
      return new ApiError(
        422,
        "bonus_max_bet",
        `While your bonus is wagered a bet may stake at most ${v.maxBet} ${currency}`,
        { stake: [v.maxBet] },
      );
    await deps.publisher
      .publish(
        playerChannel("bets", playerId),
        v.reason === "max_exceeded"
          ? {
              event: REALTIME_EVENTS.betMaxExceeded,
              data: { gameId: "sportsbook", maxBet: v.maxBet, currency, amount },
            }
          : { event: REALTIME_EVENTS.betRestricted, data: { gameId: "sportsbook", currency } },
      )
      .catch(() => undefined);
    return new ApiError(403, "limit_reached", "A limit you set stops this bet");
  }
  if (err instanceof InsufficientFunds)
    return new ApiError(422, "insufficient_funds", "Your balance is too low for this stake", {
      stake: ["Your balance is too low for this stake"],
    });
  return err;
}

async function placeNew(
  deps: SportsbookDeps,
  playerId: bigint,
  body: PlaceBetBody,
  known: { playerStatus?: number },
  answer: (bet: BetRow) => Promise<SportBet>,
): Promise<SportBet> {
  // A trader's hold announced here a moment ago is being read: check the markets after it (decision 0022).
  await freshBook(deps.feed);

  checkShape(body);
  if ((known.playerStatus ?? (await playerStatus(deps.db, playerId))) !== PLAYER_STATUS.active)
    throw new ApiError(403, "player_disabled", "This account may not place bets");
  const stake = normalizeAmount(body.stake);
  if (stake === undefined || compareAmounts(stake, "0") <= 0)
    throw invalid("stake", "Stake a positive amount");
  const { rules } = deps;

  const now = deps.clock.now();
  const legs = body.selections.map((s) => ({ ...bettable(deps, s.selectionId, now), seen: s.odds }));
  const events = new Set(legs.map((l) => l.event.id));
  if (events.size !== legs.length)
    throw new ApiError(
      422,
      "selections_incompatible",
      "Selections of the same event cannot be combined in one bet",
    );
  const changed = legs.filter((l) => !priceAccepted(body.oddsPolicy, l.seen, l.selection.odds));
  if (changed.length > 0)
    throw new ApiError(
      409,
      "odds_changed",
      "The odds have changed: check the new prices",
      Object.fromEntries(changed.map((l) => [l.selection.id, [l.selection.odds]])),
    );
  // The bet takes today's prices: equal to what the player saw, or a change their policy accepts.
  const odds = legs.map((l) => l.selection.odds);
  const live = legs.some((l) => l.event.status === "live");

  return afterCommit(deps.publisher, (send) =>
    once(
      deps.db,
      async (tx) => {
        // The player's lock first (decision 0036), then the account's, in the statement that finds the account
        // (the named currency's, else the current one; issue 38: no read of it before the transaction):
        // concurrent bets of one player, in any of their currencies, queue here, so the caps and limits below
        // see each other. What depends on the account's currency is checked under the lock; a refusal rolls
        // back the nothing written so far.
        const locked = await lockPlayerAccount(tx, playerId, body.currency?.toUpperCase());
        if (locked?.status !== 1)
          throw new ApiError(422, "no_account", "Open an account in this currency to bet", {
            currency: ["You have no account in this currency"],
          });
        const { accountId, currency } = locked;
        if (decimalPlaces(stake) > currencyPlaces(currency))
          throw invalid("stake", `Use at most ${currencyPlaces(currency)} decimal places`);
        if (compareAmounts(stake, rules.minStake) < 0)
          throw new ApiError(422, "stake_too_low", `The smallest stake is ${rules.minStake} ${currency}`, {
            stake: [rules.minStake],
          });
        const shape = { type: body.type, systemSize: body.systemSize, stake, currency };
        const payout = potentialPayout(shape, odds);
        if (compareAmounts(payout, rules.maxPayout) > 0)
          throw new ApiError(422, "payout_too_high", `A bet may pay at most ${rules.maxPayout} ${currency}`, {
            stake: [rules.maxPayout],
          });
        const limited = { playerId, accountId, currency, amount: stake };
        // The limits' first read rides in the bet's statement when they offer it (issue 38); asked first still.
        const limits = deps.betLimits.inSteps?.(limited);
        if (!limits) {
          const verdict = await deps.betLimits.check(tx, limited);
          if (!verdict.ok) throw new LimitStop(verdict, { currency, amount: stake });
        }
        const { bet, legs: legRows } = await insertBetWithinCaps(
          tx,
          {
            playerId,
            accountId,
            currency,
            type: body.type,
            systemSize: body.systemSize ?? null,
            stake,
            odds: totalOdds(shape, odds),
            potentialPayout: payout,
            status: live ? "pending" : "open",
            oddsPolicy: body.oddsPolicy,
            payout: null,
            rejectReason: null,
            requestId: body.requestId,
            acceptAt: live ? new Date(now.getTime() + rules.liveDelayMs) : null,
            settledRevision: null,
            placedAt: now,
            settledAt: null,
            updatedAt: now,
          },
          legs.map((l, position) => ({
            position,
            eventId: l.event.id,
            sportId: l.event.sportId,
            marketId: l.market.id,
            selectionId: l.selection.id,
            eventName: eventName(l.event),
            marketName: l.market.name,
            selectionName: l.selection.name,
            odds: l.selection.odds,
            live: l.event.status === "live",
            status: "open" as const,
            resultVersion: 0,
          })),
          rules,
          limits,
          async ({ total, onMarket, worth }, limitsRead) => {
            if (limits) {
              const verdict = await limits.check(tx, limitsRead);
              if (!verdict.ok) throw new LimitStop(verdict, { currency, amount: stake });
            }
            for (const [i, l] of legs.entries())
              if (compareAmounts(addAmounts(onMarket[i]!, worth.amount), rules.maxStakePerMarket) > 0)
                throw new ApiError(
                  422,
                  "stake_too_high",
                  `You may stake at most ${rules.maxStakePerMarket} ${worth.base} on "${l.market.name}"`,
                  { stake: [rules.maxStakePerMarket] },
                );
            if (compareAmounts(addAmounts(total, worth.amount), rules.maxOpenStake) > 0)
              throw new ApiError(
                422,
                "stake_too_high",
                `Your unsettled bets may stake at most ${rules.maxOpenStake} ${worth.base} in all`,
                { stake: [rules.maxOpenStake] },
              );
          },
        );
        const posted = await postStakeOf(tx, {
          at: now,
          accountId,
          stake,
          counterparty: house.sportsbook,
          kind: "bet",
          reference: `sportsbook:bet:${bet.id}`,
          idempotencyKey: `sportsbook:bet:${bet.id}:stake`,
          meta: { type: body.type, live },
        });
        // The account as the posting left it: its row was locked above, and only the balance moved since.
        const { accountId: _id, ...shown } = locked;
        const moved = { ...shown, balance: posted.balanceAfter, bonusBalance: posted.bonusBalanceAfter };
        return announceBet(tx, send, deps, bet, legRows, { placed: true, account: moved });
      },
      // The same requestId won a moment ago (a double click, a retry): answer its bet.
      async () => answer((await betByRequest(deps.db, playerId, body.requestId))!),
    ),
  );
}

/**
 * Live bets whose delay is over: each is looked at again under its row lock. Every leg still bettable at a price
 * its odds policy accepts → open (at today's prices); otherwise rejected and the stake refunded, under the bet's
 * one refund key. Safe to run anywhere, any number of times.
 */
export async function acceptPendingBets(deps: SportsbookDeps, limit = 200): Promise<number> {
  const due = await deps.db
    .select({ id: sportBets.id })
    .from(sportBets)
    .where(and(eq(sportBets.status, "pending"), lte(sportBets.acceptAt, deps.clock.now())))
    .orderBy(asc(sportBets.acceptAt))
    .limit(limit);
  for (const { id } of due) await decidePending(deps, id);
  return due.length;
}

async function decidePending(deps: SportsbookDeps, id: bigint) {
  await afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const [bet] = await tx.select().from(sportBets).where(eq(sportBets.id, id)).for("update");
      if (bet?.status !== "pending") return;
      const legs = await tx.select().from(sportBetLegs).where(eq(sportBetLegs.betId, id));
      const now = deps.clock.now();
      let refusal: string | undefined;
      const prices: string[] = [];
      for (const leg of [...legs].sort((a, b) => a.position - b.position)) {
        try {
          const found = bettable(deps, leg.selectionId, now);
          if (!priceAccepted(bet.oddsPolicy, leg.odds, found.selection.odds)) refusal ??= "odds_changed";
          prices.push(found.selection.odds);
        } catch (err) {
          refusal ??= err instanceof ApiError ? String(err.code) : "event_not_available";
          prices.push(leg.odds);
        }
      }
      const shape = { type: bet.type, systemSize: bet.systemSize, stake: bet.stake, currency: bet.currency };
      const payout = potentialPayout(shape, prices);
      if (!refusal && compareAmounts(payout, deps.rules.maxPayout) > 0) refusal = "payout_too_high";
      let updated: BetRow;
      let legRows: LegRow[] = legs;
      if (refusal) {
        await refundStake(tx, {
          at: now,
          accountId: bet.accountId,
          amount: normalizeAmount(bet.stake)!,
          stakeKey: `sportsbook:bet:${id}:stake`,
          counterparty: house.sportsbook,
          kind: "rollback",
          reference: `sportsbook:bet:${id}`,
          idempotencyKey: `sportsbook:bet:${id}:refund`,
          meta: { reason: refusal },
        });
        [updated] = (await tx
          .update(sportBets)
          .set({ status: "rejected", rejectReason: refusal, settledAt: now, updatedAt: now })
          .where(eq(sportBets.id, id))
          .returning()) as [BetRow];
      } else {
        for (const [i, leg] of [...legs].sort((a, b) => a.position - b.position).entries())
          if (compareAmounts(leg.odds, prices[i]!) !== 0)
            await tx
              .update(sportBetLegs)
              .set({ odds: prices[i]! })
              .where(and(eq(sportBetLegs.betId, id), eq(sportBetLegs.position, leg.position)));
        legRows = await tx
          .select()
          .from(sportBetLegs)
          .where(inArray(sportBetLegs.betId, [id]));
        [updated] = (await tx
          .update(sportBets)
          .set({ status: "open", odds: totalOdds(shape, prices), potentialPayout: payout, updatedAt: now })
          .where(eq(sportBets.id, id))
          .returning()) as [BetRow];
      }
      await announceBet(tx, send, deps, updated, legRows, { balanceMoved: !!refusal });
    }),
  );
}
