import { and, eq, type SQL, sql } from "drizzle-orm";
import type { WageringContribution } from "#common/api/bonus";
import { PLAYER_BONUS_RESULT, PLAYER_BONUS_STATUS } from "#common/constants";
import { compareAmounts, fromUnits, normalizeAmount, toUnits } from "#common/money";
import { type Db, rowsOf } from "../../db/client";
import { multiplierOf } from "../facts";
import type { BetLimits, BetLimitVerdict } from "../limits";
import { house, lockedBalances, postQuietly } from "../wallet";
import { activeBonusOf, announce, finishBonus, type Send } from "./player-bonuses";
import { bonusWagering, playerBonuses, playerFreespinRounds } from "./tables";

// What kind of play a stake was, and a settled stake: the game's port says them (the sportsbook's bets are the
// fourth kind).
export type { SettledStake, StakeKind } from "../game";

import type { SettledStake, StakeKind } from "../game";

/** The part of a stake that counts: its kind's percentage; a sports bet below the minimum odds counts nothing. */
export function contributionOf(
  c: WageringContribution,
  kind: StakeKind,
  stake: string,
  odds?: string,
): string {
  if (kind === "sportsbook" && (odds === undefined || compareAmounts(odds, c.sportsbookMinOdds) < 0))
    return "0";
  const pct = BigInt(Math.max(0, Math.min(100, c[kind])));
  return fromUnits(((toUnits(stake) ?? 0n) * pct) / 100n);
}

/**
 * Whether a casino round's game lets the round count toward wagering (decision 0065): never on a game that is off
 * wagering; a round that paid back more than its stake only at the game's least multiplier or more, as the
 * sportsbook's minimum odds do for bets. A lost round, or one that paid back at most its stake, is no low-risk win
 * and counts as ever, so the default minimum 1 changes nothing.
 */
export function gameLetsCount(s: Pick<SettledStake, "stake" | "payout" | "game">): boolean {
  if (!s.game) return true;
  if (!s.game.bonusWagering) return false;
  if (s.payout === undefined || compareAmounts(s.payout, s.stake) <= 0) return true;
  return compareAmounts(multiplierOf(s.payout, s.stake), s.game.bonusWageringMinMultiplier) >= 0;
}

/**
 * Runs inside the transaction that settled a stake (a casino round's closing win, a sports bet's first
 * settlement), after its money moved. With an active bonus, the stake's contribution adds to its wagering once
 * (the reference is the key); wagering complete, the bonus converts in the same transaction; a bonus balance
 * that reached zero loses the bonus. Without one, bonus money that arrived late (the bonus part of a win
 * after its bonus finished) goes back to bonus cost: bonus money never outlives its bonus. Answers whether
 * it may have moved the account's money (then a caller that answered balances reads them again).
 */
export async function countSettledStake(tx: Db, send: Send, now: Date, s: SettledStake): Promise<boolean> {
  const balances = s.lockedBalances ?? (await lockedBalances(tx, s.accountId));
  const active = await activeBonusOf(tx, s.accountId);
  if (!active) {
    if (compareAmounts(balances.bonus, "0") > 0) {
      await postQuietly(tx, {
        at: now,
        accountId: s.accountId,
        amount: "0",
        bonusAmount: `-${balances.bonus}`,
        counterparty: house.bonusCost,
        kind: "bonus",
        // The bonus's own reference, not the round's or the bet's: what a round or a bet moved stays its stakes
        // and wins, which their reconciliations compare with their rows (a late forfeit once made them drift).
        reference: `bonus:late:${s.reference}`,
        idempotencyKey: `bonus:late:${s.reference}:${crypto.randomUUID()}`,
        meta: { reason: "no active bonus" },
      });
      return true;
    }
    return false;
  }
  const counted = gameLetsCount(s) ? contributionOf(active.contribution, s.kind, s.stake, s.odds) : "0";
  if (compareAmounts(counted, "0") > 0) {
    const [once] = await tx
      .insert(bonusWagering)
      .values({ playerBonusId: active.id, reference: s.reference, stake: s.stake, counted })
      .onConflictDoNothing()
      .returning({ id: bonusWagering.id });
    if (once) {
      const [row] = await tx
        .update(playerBonuses)
        .set({ wagered: sql`${playerBonuses.wagered} + ${counted}::numeric`, updatedAt: now })
        .where(and(eq(playerBonuses.id, active.id), eq(playerBonuses.status, PLAYER_BONUS_STATUS.active)))
        .returning();
      if (row && compareAmounts(row.wagered, row.wageringRequired) >= 0) {
        await finishBonus(tx, send, now, row.id, PLAYER_BONUS_RESULT.played);
        return true;
      }
      if (row) announce(send, row);
    }
  }
  if (compareAmounts(balances.bonus, "0") === 0) {
    await finishBonus(tx, send, now, active.id, PLAYER_BONUS_RESULT.lost);
    return true;
  }
  return false;
}

/**
 * The condition under which a win needs nothing of bonuses, for the win's own statement (issue 38): it is not the
 * win of a free round (`settleFreeRound` pays those), and a closing win has no active bonus to count toward and
 * leaves no bonus money behind (`countSettledStake` would then do nothing). `bonusAfter` is the account's bonus
 * balance after the win, an expression of that statement. Read in the statement's snapshot: a bonus activated
 * meanwhile credits the bonus balance under the account's row lock, which the statement rechecks.
 */
export function winNeedsNoBonus(w: {
  accountId: bigint;
  provider: string;
  betTxId: string;
  closed: boolean;
  bonusAfter: SQL;
}): SQL {
  const notFree = sql`not exists (select from ${playerFreespinRounds} fr
    where fr.provider = ${w.provider} and fr.bet_tx_id = ${w.betTxId})`;
  if (!w.closed) return notFree;
  return sql`(${notFree} and ${w.bonusAfter} = 0 and not exists (select from ${playerBonuses} pb
    where pb.account_id = ${w.accountId} and pb.status = ${PLAYER_BONUS_STATUS.active}))`;
}

/** Above the active bonus's maximum bet: refused while it is being wagered (decision 0013). */
export async function bonusMaxBet(tx: Db, accountId: bigint, amount: string): Promise<string | undefined> {
  const active = await activeBonusOf(tx, accountId);
  return overMaxBet(active?.maxBetAmount ?? null, amount);
}

/** The active bonus's maximum bet when `amount` is above it (`maxBetAmount` as the row holds it), else undefined. */
function overMaxBet(maxBetAmount: string | null, amount: string): string | undefined {
  const max = maxBetAmount ? normalizeAmount(maxBetAmount)! : undefined;
  return max !== undefined && compareAmounts(amount, max) > 0 ? max : undefined;
}

/** The responsible-gambling limits, then the active bonus's maximum bet: what the game and sportsbook ask. */
export function withBonusMaxBet(limits: BetLimits): BetLimits {
  const inSteps: BetLimits["inSteps"] = (bet) => {
    const inner = limits.inSteps?.(bet);
    if (!inner) return undefined;
    const maxBet = sql`(select pb.max_bet_amount from ${playerBonuses} pb
      where pb.account_id = ${bet.accountId} and pb.status = ${PLAYER_BONUS_STATUS.active} limit 1)`;
    return {
      // The limits' first read and the active bonus's maximum bet, together (issue 38).
      read: sql`json_build_array(${inner.read}, ${maxBet}::text)::text`,
      clear: sql`(${inner.clear} and not coalesce(${bet.amount}::numeric > ${maxBet}, false))`,
      check: async (tx, read) => {
        const [limitsRead, maxBetAmount] = JSON.parse(read ?? "[null, null]") as [
          string | null,
          string | null,
        ];
        const verdict = await inner.check(tx, limitsRead);
        if (!verdict.ok) return verdict;
        return maxBetVerdict(verdict, overMaxBet(maxBetAmount, bet.amount));
      },
    };
  };
  return {
    inSteps,
    check: async (tx, bet): Promise<BetLimitVerdict> => {
      const steps = inSteps(bet);
      if (steps) {
        const [row] = await rowsOf<{ read: string | null }>(tx, sql`select ${steps.read} as read`);
        return steps.check(tx, row?.read ?? null);
      }
      const verdict = await limits.check(tx, bet);
      if (!verdict.ok) return verdict;
      return maxBetVerdict(verdict, await bonusMaxBet(tx, bet.accountId, bet.amount));
    },
  };
}

const maxBetVerdict = (verdict: BetLimitVerdict, max: string | undefined): BetLimitVerdict =>
  max === undefined ? verdict : { ok: false, reason: "max_exceeded", maxBet: max, source: "bonus" };
