import type { Cache } from "../../cache";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { OddsFeed } from "../../providers/odds/port";
import type { Publisher } from "../../realtime/publisher";
import type { BetLimits } from "../limits";
import type { SportsbookBonuses } from "./bonus-port";
import type { SportNames } from "./names";

/**
 * The house rules a bet is placed under (SPORTSBOOK_* in the configuration); amounts in the bet's currency, but
 * the two caps on what a player has staked, which are in the base currency.
 */
export interface BetRules {
  minStake: string;
  /**
   * The most one player may have staked on one market over their open and pending bets, in the base currency:
   * every currency's stakes count at its rate (decision 0036).
   */
  maxStakePerMarket: string;
  maxPayout: string;
  /** The most one player may have staked over all their open and pending bets, in the base currency. */
  maxOpenStake: string;
  liveDelayMs: number;
  /** Cash-out keeps this fraction of the bet's fair value. */
  cashOutMargin: number;
  /** How long an event with open bets may be missing from the feed before they are void on it. */
  droppedEventVoidMs: number;
}

export const betRulesOf = (config: Config): BetRules => ({
  minStake: config.SPORTSBOOK_MIN_STAKE,
  maxStakePerMarket: config.SPORTSBOOK_MAX_STAKE_PER_MARKET,
  maxPayout: config.SPORTSBOOK_MAX_PAYOUT,
  maxOpenStake: config.SPORTSBOOK_MAX_OPEN_STAKE,
  liveDelayMs: config.SPORTSBOOK_LIVE_DELAY_SECONDS * 1000,
  cashOutMargin: config.SPORTSBOOK_CASH_OUT_MARGIN,
  droppedEventVoidMs: config.SPORTSBOOK_DROPPED_EVENT_VOID_HOURS * 3_600_000,
});

/** What the bet engine's services are built from. The feed is the only source of events, prices and results. */
export interface SportsbookDeps {
  db: Db;
  clock: Clock;
  publisher: Publisher;
  feed: OddsFeed;
  /** The responsible-gambling limits (the limits module fills it), asked inside the stake's transaction. */
  betLimits: BetLimits;
  /** The bonus rules a settled bet counts towards (the SportsbookBonuses port, filled outside the module). */
  bonuses: SportsbookBonuses;
  rules: BetRules;
  names: SportNames;
  /**
   * Announces a trader's change to every process (TRADING_SCOPE, decision 0022), which re-reads its trading
   * book; without it (tests of one book) only this process's book changes.
   */
  cache?: Pick<Cache, "invalidate">;
}
