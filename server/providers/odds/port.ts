/**
 * The odds feed behind a port (issue #15, decision 0012): where the sportsbook's events, prices, live scores
 * and results come from. The built-in simulator (./simulator) prices a rolling schedule from team ratings and
 * plays live matches on a clock; a real feed plugs in by configuration. The sportsbook module (bets,
 * settlement, cash-out) reads only these types.
 */

/** A decimal price as a string, e.g. "1.85"; at least "1.01", at most three decimal places. Never a float. */
export type Odds = string;

export type EventStatus =
  /** Pre-match: bets accepted until the start. */
  | "scheduled"
  /** In play: bets accepted with the live delay, markets suspended around incidents. */
  | "live"
  /** Over: results follow as `result` updates. */
  | "ended"
  /** Will not be played: every open bet on it is void. */
  | "cancelled";

export type MarketStatus = "open" | "suspended" | "closed";

export interface FeedSelection {
  /** Unique across the feed: `${eventId}:${marketId}:${outcome}`. */
  id: string;
  /** What the player picks: "Arsenal", "Draw", "Over 2.5", "2-1". */
  name: string;
  odds: Odds;
}

/**
 * A feed never changes a market in place: an update carries a new object for a market that moved, and may hand on
 * the same object for one that did not (the live channels then skip it without comparing its prices).
 */
export interface FeedMarket {
  /** Stable within its event while the market lives: its type and line, e.g. "total:2.5", "1x2". */
  id: string;
  /** match_result, moneyline, double_chance, total, handicap, asian_handicap, btts, correct_score, half_result,
   *  outright, … (the simulator documents the set it prices). */
  type: string;
  name: string;
  /** The line of a total or handicap as a decimal string ("2.5", "-1.25"); absent for other markets. */
  line?: string;
  status: MarketStatus;
  selections: FeedSelection[];
}

export interface LiveState {
  /** What the widget shows as the match time, e.g. "67'", "Q3 04:12", "Set 2". */
  clock: string;
  /** Minutes (or the sport's unit) played, for ordering and tests. */
  elapsed: number;
  period: string;
  /** Home, away. For tennis: sets won; the current game score is in `detail`. */
  score: [number, number];
  detail?: string;
}

export interface FeedEvent {
  id: number;
  sportId: number;
  categoryId: number;
  championshipId: number;
  /** Participants; an outright has the championship's name as `home` and no `away`. */
  home: string;
  away?: string;
  startsAt: Date;
  status: EventStatus;
  live?: LiveState;
  /** Whether it is among the top events (the top-events carousel). */
  top?: boolean;
  markets: FeedMarket[];
}

/** How a selection finished. Quarter lines of asian markets give the half results. */
export type SelectionResult = "won" | "lost" | "void" | "half_won" | "half_lost";

export interface MarketResult {
  marketId: string;
  /** Every selection of the market, by selection id. */
  results: Record<string, SelectionResult>;
}

export type FeedUpdate =
  /** A new event, or a change of one: prices, market status, status, live state. The whole event is sent. */
  | { type: "event"; event: FeedEvent }
  /** The results of an ended event. A later update for the same event with a higher `version` corrects it
   *  (resettlement). */
  | { type: "result"; eventId: number; version: number; markets: MarketResult[] }
  /** The event will not be played (or was abandoned): void everything on it. */
  | { type: "cancelled"; eventId: number }
  /** The event left the feed (ended and settled long ago). */
  | { type: "removed"; eventId: number };

export interface OddsFeed {
  /** Every event the feed holds now (scheduled, live, and recently ended). */
  events(): FeedEvent[];
  event(id: number): FeedEvent | undefined;
  /** The latest results of an ended event, if any. */
  results(eventId: number): { version: number; markets: MarketResult[] } | undefined;
  /** Updates in the order they happen. Returns the unsubscribe. */
  subscribe(listener: (update: FeedUpdate) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
