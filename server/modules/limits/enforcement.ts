import { sql } from "drizzle-orm";
import { LIMIT_DEFINITION } from "#common/constants";
import { compareAmounts } from "#common/money";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { DepositLimits, DepositVerdict } from "../payment";
import { loadPlayer } from "../player";
import { lockAccount } from "../wallet";
import type { BetLimits, BetLimitVerdict } from "./bet-limits";
import { hasMoneyLimitsSql, limitUsage, moneyLimitsOf } from "./service";

/**
 * The smallest room any of the player's limits of these definitions leaves in the currency, or undefined
 * when none is set. Runs inside the caller's transaction after taking the account's lock, so two concurrent
 * stakes (or deposits) are checked one after the other and cannot both pass a limit.
 */
async function room(
  tx: Db,
  now: Date,
  who: { playerId: bigint; accountId: bigint; currency: string },
  definitions: number[],
  pendingExpiryMs: number,
): Promise<string | undefined> {
  const limits = await moneyLimitsOf(tx, now, who.playerId, who.currency, definitions);
  if (limits.length === 0) return undefined;
  await lockAccount(tx, who.accountId);
  const timeZone = (await loadPlayer(tx, who.playerId)).timeZone ?? "UTC";
  let least: string | undefined;
  for (const limit of limits) {
    const { left } = await limitUsage(tx, limit, timeZone, now, pendingExpiryMs);
    if (least === undefined || compareAmounts(left, least) < 0) least = left;
  }
  return least;
}

/**
 * The bet and loss limits on stakes, through the game module's port: a stake may not take the period's stakes
 * (bet limit) or its net loss, counting this stake as lost (loss limit), past the limit. When some room is
 * left the answer names it as the most this bet may be (game.bet.max.exceed); none left, bets are restricted.
 */
export function stakeLimits(clock: Clock): BetLimits {
  const definitions = [LIMIT_DEFINITION.bet, LIMIT_DEFINITION.loss];
  const check: BetLimits["check"] = async (tx, bet): Promise<BetLimitVerdict> => {
    // Bet and loss limits count no pending deposits: the expiry does not matter to them.
    const left = await room(tx, clock.now(), bet, definitions, 0);
    if (left === undefined || compareAmounts(bet.amount, left) <= 0) return { ok: true };
    return compareAmounts(left, "0") > 0
      ? { ok: false, reason: "max_exceeded", maxBet: left }
      : { ok: false, reason: "restricted" };
  };
  return {
    check,
    // A player with no bet or loss limit in the currency costs only the caller's statement's subquery.
    inSteps: (bet) => {
      const read = hasMoneyLimitsSql(bet.playerId, bet.currency, definitions);
      return {
        read,
        clear: sql`(${read} = 'false')`,
        check: async (tx, answer) => (answer === "false" ? { ok: true } : check(tx, bet)),
      };
    },
  };
}

/**
 * The deposit limits, through the payment module's port, from the same calculation as the limits API
 * (`limitUsage`): paid deposits of the period and the ones still pending (money on its way, for at most
 * `pendingExpiryMs`) count, so a player cannot open many small invoices past the limit, and an unpaid one
 * stops holding the limit once cancelled or expired.
 */
export function depositLimits(db: Db, clock: Clock, pendingExpiryMs: number): DepositLimits {
  return {
    reached: async (playerId, accountId, currency) => {
      if (accountId === undefined) return false;
      const left = await db.transaction((tx) =>
        room(tx, clock.now(), { playerId, accountId, currency }, [LIMIT_DEFINITION.deposit], pendingExpiryMs),
      );
      return left !== undefined && compareAmounts(left, "0") <= 0;
    },
    allows: async (tx, deposit): Promise<DepositVerdict> => {
      const left = await room(tx, clock.now(), deposit, [LIMIT_DEFINITION.deposit], pendingExpiryMs);
      if (left === undefined || compareAmounts(deposit.amount, left) <= 0) return { ok: true };
      return { ok: false, left };
    },
  };
}
