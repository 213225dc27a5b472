import type { Db } from "../../db/client";
import type { BetLimits } from "../limits";

type Send = (channel: string, event: { event: string; data: unknown }) => void;

/**
 * What the sportsbook asks of bonuses (the bonus module's face fills this port, handed in by
 * server/app.ts; decision 0013), inside the bet's own transactions so that the bonus and the money it rides on
 * commit together.
 */
export interface SportsbookBonuses {
  /** The responsible-gambling limits, then the active bonus's maximum bet (game.bet.max.exceed, source bonus). */
  withMaxBet(limits: BetLimits): BetLimits;
  /**
   * In the transaction that settled a bet for the first time (or cashed it out), after its money moved: the
   * stake counts towards an active bonus's wagering, once per reference.
   */
  countSettledStake(
    tx: Db,
    send: Send,
    now: Date,
    s: { accountId: bigint; reference: string; stake: string; kind: "sportsbook"; odds?: string },
  ): Promise<boolean>;
  /**
   * Those of these accounts that have an active bonus. On any other account whose balance and settled stake
   * hold no bonus money, `countSettledStake` does nothing, so a settlement of many bets may leave it out.
   */
  withActiveBonus(tx: Db, accountIds: bigint[]): Promise<Set<bigint>>;
}
