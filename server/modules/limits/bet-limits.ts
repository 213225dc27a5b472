import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Whether a player may stake this much now; the game and the sportsbook ask it. This module fills it (bet and
 * loss limits, decision 0011) and the bonus module adds a bonus's max bet; exclusions stop bets through the
 * player's status first.
 */
export type BetLimitVerdict =
  | { ok: true }
  /** A limit stops any bet (game.bet.restricted). */
  | { ok: false; reason: "restricted" }
  /** The bet is above the most a limit (or, `source: "bonus"`, the active bonus) allows now (game.bet.max.exceed). */
  | { ok: false; reason: "max_exceeded"; maxBet: string; source?: "bonus" };

export interface BetLimits {
  /** Asked inside the stake's transaction, so concurrent stakes are judged one after the other. */
  check(
    tx: Db,
    bet: { playerId: bigint; accountId: bigint; currency: string; amount: string },
  ): Promise<BetLimitVerdict>;
  /**
   * The same check in two steps, so that its first read can ride in a caller's statement (issue 38): `read` is a
   * subquery answering text, `check` the verdict given what it answered (reading more only when it must), and
   * `clear` an SQL condition that holds only when that verdict is sure to be `ok` with nothing more read (a
   * caller may write in the same statement under it). Optional, and may answer undefined: then call `check`.
   */
  inSteps?(bet: {
    playerId: bigint;
    accountId: bigint;
    currency: string;
    amount: string;
  }): { read: SQL; clear: SQL; check(tx: Db, read: string | null): Promise<BetLimitVerdict> } | undefined;
}

export const noBetLimits: BetLimits = { check: async () => ({ ok: true }) };
