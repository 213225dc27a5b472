import type { AnyColumn, SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BetLimits } from "../limits";

type Send = (channel: string, event: { event: string; data: unknown }) => void;

/** A game's kind for its contribution to bonus wagering (the sportsbook's bets are the fourth kind). */
export type StakeKind = "slots" | "tables" | "live" | "sportsbook";

/** A game's bonus-wagering settings, as its row holds them (decision 0065). */
export interface GameWagering {
  /** false: its rounds never count toward a bonus's wagering. */
  bonusWagering: boolean;
  /** A round that paid back more than its stake counts only at this payout ÷ stake or more ("1.00": every one). */
  bonusWageringMinMultiplier: string;
}

/** A settled stake, as the bonus rules count it toward wagering. */
export interface SettledStake {
  accountId: bigint;
  /** The stake's ledger reference (`game:house:round:9`, `sportsbook:bet:4`): counted once per bonus. */
  reference: string;
  /** What was staked in all (real and bonus money), net of refunds. */
  stake: string;
  kind: StakeKind;
  /** Sports bets: the bet's total odds. */
  odds?: string;
  /** Casino rounds: what the round paid back in all (real and bonus money). */
  payout?: string;
  /** Casino rounds: the game's own wagering settings (issue 42, decision 0065); without them the round counts. */
  game?: GameWagering;
  /**
   * The account's balances when the caller holds its row lock already (it just posted the win in this
   * transaction): then they are not read again (issue 38: one round trip less per settled round).
   */
  lockedBalances?: { real: string; bonus: string };
}

/**
 * What the game asks of bonuses (the bonus module fills this port in server/app.ts, decision 0013), inside the
 * seamless wallet's own transactions so that a bonus's wagering and free rounds commit with the money.
 */
export interface GameBonuses {
  /** The stake limits with the active bonus's max bet added. */
  withMaxBet(limits: BetLimits): BetLimits;
  /** In the transaction that settled a stake, after its money moved: counts it toward the bonus's wagering. */
  countSettledStake(tx: Db, send: Send, now: Date, s: SettledStake): Promise<boolean>;
  /**
   * A condition for a win's own statement (issue 38): the win of bet `betTxId` needs nothing of bonuses — not a
   * free round's, and (`closed`) no active bonus to count toward and no bonus money left (`bonusAfter`, the bonus
   * balance after the win, an expression of that statement). False: the win takes the transaction that asks them.
   */
  winNeedsNoBonus(w: {
    accountId: bigint;
    provider: string;
    betTxId: string;
    closed: boolean;
    bonusAfter: SQL;
  }): SQL;
  /** Free-spin packages played through the seamless wallet. */
  freeRounds: {
    /** Active packages with spins left on a game for an account. */
    of(db: Db, accountId: bigint, gameId: number | null, now: Date): Promise<FreeRoundsLeft[]>;
    /** The same as JSON text (`FreeRoundsLeft[]`), an expression for a caller's own read. */
    ofSql(accountId: SQL | AnyColumn, gameId: SQL | AnyColumn, now: Date): SQL<string>;
    /** The free round a bet took, if it was one. */
    ofBet(db: Db, provider: string, betTxId: string): Promise<{ id: bigint } | undefined>;
    /** Takes a spin of a package for a bet; throws an error `refused` knows when it may not (nothing written). */
    take(
      tx: Db,
      send: Send,
      now: Date,
      b: {
        freespinId: string;
        provider: string;
        playerId: bigint;
        accountId: bigint;
        gameId: number | null;
        currency: string;
        amount: string;
        roundId: string;
        betTxId: string;
      },
    ): Promise<void>;
    /** A free round's win. */
    settle(
      tx: Db,
      send: Send,
      now: Date,
      w: {
        roundRowId: bigint;
        provider: string;
        roundId: string;
        currency: string;
        amount: string;
        winTxId: string;
        closed: boolean;
      },
    ): Promise<void>;
    /** Whether an error thrown by `take` is its refusal (answered to the provider) rather than a failure. */
    refused(err: unknown): err is Error;
    /** A free round's bet rolled back. */
    refund(
      tx: Db,
      send: Send,
      now: Date,
      r: {
        roundRowId: bigint;
        provider: string;
        roundId: string;
        currency: string;
        amount: string;
        rollbackTxId: string;
      },
    ): Promise<void>;
  };
}

export interface FreeRoundsLeft {
  id: string;
  left: number;
  bet: string;
}
