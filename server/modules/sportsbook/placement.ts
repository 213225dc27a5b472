import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { PlaceBetBody, SportBet } from "#common/api/sportsbook";
import { PLAYER_STATUS } from "#common/constants";
import { addAmounts, compareAmounts, decimalPlaces, normalizeAmount } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import type { BetLimitVerdict } from "../game/bet-limits";
import { playerStatus } from "../player/profile";
import { accountInCurrency, listAccounts } from "../wallet/accounts";
import { house, InsufficientFunds, lockAccount, postOnce, postRefund, postStake } from "../wallet/ledger";
import { announceBet } from "./announce";
import { type BetRow, type LegRow, legsOf, toSportBet } from "./bets";
import type { SportsbookDeps } from "./deps";
import { eventName, type FoundSelection, findSelection } from "./events";
import { currencyPlaces, potentialPayout, totalOdds } from "./payouts";
import { sportBetLegs, sportBets } from "./tables";

/** The most legs a system bet may have (C(12, 6) = 924 lines at most). */
export const MAX_SYSTEM_LEGS = 12;

const invalid = (field: string, message: string) =>
  new ApiError(422, "validation_error", "Some fields are not valid", { [field]: [message] });

/** A responsible-gambling limit stopped the stake inside its transaction: nothing was written. */
class LimitStop extends Error {
  constructor(readonly verdict: Exclude<BetLimitVerdict, { ok: true }>) {
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

/** What the player has staked on unsettled bets: in all, and on one market of one event. */
async function openStakes(tx: Db, playerId: bigint, market?: { eventId: number; marketId: string }) {
  const onMarket = market
    ? sql`and exists (select 1 from ${sportBetLegs} l where l.bet_id = b.id and l.event_id = ${market.eventId} and l.market_id = ${market.marketId})`
    : sql``;
  const r = (await tx.execute(sql`
    select coalesce(sum(b.stake), 0)::text as staked from ${sportBets} b
     where b.player_id = ${playerId} and b.status in ('pending', 'open') ${onMarket}`)) as unknown as {
    rows: { staked: string }[];
  };
  return normalizeAmount(r.rows[0]!.staked) ?? "0";
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
): Promise<SportBet> {
  const view = { feed: deps.feed, cashOutMargin: deps.rules.cashOutMargin };
  const answer = async (bet: BetRow) =>
    toSportBet(bet, (await legsOf(deps.db, [bet.id])).get(bet.id) ?? [], view);
  const seen = await betByRequest(deps.db, playerId, body.requestId);
  if (seen) return answer(seen);

  checkShape(body);
  if ((await playerStatus(deps.db, playerId)) !== PLAYER_STATUS.active)
    throw new ApiError(403, "player_disabled", "This account may not place bets");
  const account = body.currency
    ? await accountInCurrency(deps.db, playerId, body.currency.toUpperCase())
    : await listAccounts(deps.db, playerId).then((all) => {
        const a = all.find((x) => x.isCurrent);
        return a && { id: BigInt(a.id), currency: a.currency, status: a.status };
      });
  if (account?.status !== 1)
    throw new ApiError(422, "no_account", "Open an account in this currency to bet", {
      currency: ["You have no account in this currency"],
    });
  const currency = account.currency;
  const stake = normalizeAmount(body.stake);
  if (stake === undefined || compareAmounts(stake, "0") <= 0)
    throw invalid("stake", "Stake a positive amount");
  if (decimalPlaces(stake) > currencyPlaces(currency))
    throw invalid("stake", `Use at most ${currencyPlaces(currency)} decimal places`);
  const { rules } = deps;
  if (compareAmounts(stake, rules.minStake) < 0)
    throw new ApiError(422, "stake_too_low", `The smallest stake is ${rules.minStake} ${currency}`, {
      stake: [rules.minStake],
    });

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
  const shape = { type: body.type, systemSize: body.systemSize, stake, currency };
  const payout = potentialPayout(shape, odds);
  if (compareAmounts(payout, rules.maxPayout) > 0)
    throw new ApiError(422, "payout_too_high", `A bet may pay at most ${rules.maxPayout} ${currency}`, {
      stake: [rules.maxPayout],
    });
  const live = legs.some((l) => l.event.status === "live");

  try {
    return await afterCommit(deps.publisher, (send) =>
      postOnce(
        deps.db,
        async (tx) => {
          // Concurrent bets of one account queue here, so the caps and limits below see each other.
          await lockAccount(tx, account.id);
          const verdict = await deps.betLimits.check(tx, {
            playerId,
            accountId: account.id,
            currency,
            amount: stake,
          });
          if (!verdict.ok) throw new LimitStop(verdict);
          for (const l of legs) {
            const onMarket = await openStakes(tx, playerId, { eventId: l.event.id, marketId: l.market.id });
            if (compareAmounts(addAmounts(onMarket, stake), rules.maxStakePerMarket) > 0)
              throw new ApiError(
                422,
                "stake_too_high",
                `You may stake at most ${rules.maxStakePerMarket} ${currency} on "${l.market.name}"`,
                { stake: [rules.maxStakePerMarket] },
              );
          }
          if (compareAmounts(addAmounts(await openStakes(tx, playerId), stake), rules.maxOpenStake) > 0)
            throw new ApiError(
              422,
              "stake_too_high",
              `Your unsettled bets may stake at most ${rules.maxOpenStake} ${currency} in all`,
              { stake: [rules.maxOpenStake] },
            );
          const [bet] = await tx
            .insert(sportBets)
            .values({
              playerId,
              accountId: account.id,
              currency,
              type: body.type,
              systemSize: body.systemSize ?? null,
              stake,
              odds: totalOdds(shape, odds),
              potentialPayout: payout,
              status: live ? "pending" : "open",
              oddsPolicy: body.oddsPolicy,
              requestId: body.requestId,
              acceptAt: live ? new Date(now.getTime() + rules.liveDelayMs) : null,
              placedAt: now,
              updatedAt: now,
            })
            .returning();
          const legRows = await tx
            .insert(sportBetLegs)
            .values(
              legs.map((l, position) => ({
                betId: bet!.id,
                position,
                eventId: l.event.id,
                marketId: l.market.id,
                selectionId: l.selection.id,
                eventName: eventName(l.event),
                marketName: l.market.name,
                selectionName: l.selection.name,
                odds: l.selection.odds,
                live: l.event.status === "live",
              })),
            )
            .returning();
          await postStake(tx, {
            at: now,
            accountId: account.id,
            stake,
            counterparty: house.sportsbook,
            kind: "bet",
            reference: `sportsbook:bet:${bet!.id}`,
            idempotencyKey: `sportsbook:bet:${bet!.id}:stake`,
            meta: { type: body.type, live },
          });
          return announceBet(tx, send, deps, bet!, legRows, { placed: true });
        },
        // The same requestId won a moment ago (a double click, a retry): answer its bet.
        async () => answer((await betByRequest(deps.db, playerId, body.requestId))!),
      ),
    );
  } catch (err) {
    if (err instanceof LimitStop) {
      const v = err.verdict;
      if (v.reason === "max_exceeded" && v.source === "bonus")
        throw new ApiError(
          422,
          "bonus_max_bet",
          `While your bonus is wagered a bet may stake at most ${v.maxBet} ${currency}`,
          {
            stake: [v.maxBet],
          },
        );
      await deps.publisher
        .publish(
          playerChannel("bets", playerId),
          v.reason === "max_exceeded"
            ? {
                event: REALTIME_EVENTS.betMaxExceeded,
                data: { gameId: "sportsbook", maxBet: v.maxBet, currency, amount: stake },
              }
            : { event: REALTIME_EVENTS.betRestricted, data: { gameId: "sportsbook", currency } },
        )
        .catch(() => undefined);
      throw new ApiError(403, "limit_reached", "A limit you set stops this bet");
    }
    if (err instanceof InsufficientFunds)
      throw new ApiError(422, "insufficient_funds", "Your balance is too low for this stake", {
        stake: ["Your balance is too low for this stake"],
      });
    throw err;
  }
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
    deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
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
        await postRefund(tx, {
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
