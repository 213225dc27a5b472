import { z } from "zod";
import { paged, pagingQuery } from "./paging";

/**
 * The back office's sportsbook trading (issue #21, decision 0022): events with the book's liability per
 * outcome, a trader's suspensions, manual settlement and result corrections. The admin site imports only types.
 */

const eventState = z.enum(["live", "upcoming", "finished"]);

export const tradingEventsQuery = z.object({
  state: eventState.optional(),
  sportId: z.coerce.number().int().positive().optional(),
  /** Part of a participant's or championship's name. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

const liveState = z.object({ clock: z.string(), score: z.tuple([z.number(), z.number()]) });

export const tradingEventRow = z.object({
  id: z.number(),
  name: z.string(),
  sportId: z.number(),
  sportName: z.string(),
  championshipName: z.string(),
  startsAt: z.string(),
  status: z.enum(["scheduled", "live", "ended", "cancelled"]),
  live: liveState.nullable(),
  marketCount: z.number(),
  /** Markets a trader holds (every market when the whole event is held). */
  heldMarkets: z.number(),
  /** Whether a trader holds the whole event. */
  held: z.boolean(),
});
export type TradingEventRow = z.infer<typeof tradingEventRow>;
export const tradingEventsAnswer = z.object({ data: z.array(tradingEventRow) });

export const tradingSelection = z.object({
  id: z.string(),
  name: z.string(),
  odds: z.string(),
  /** Open bets' potential payouts on this outcome (a combo's share, decision 0022), in the base currency. */
  payout: z.string(),
  /** What the book pays if this outcome wins, net of every stake taken on the market; negative: the book wins. */
  liability: z.string(),
  /** The settled result, when the market has one. */
  result: z.enum(["won", "lost", "void", "half_won", "half_lost"]).nullable(),
});

export const tradingMarket = z.object({
  id: z.string(),
  name: z.string(),
  /** What players see: the feed's status under the trader's hold and manual result. */
  status: z.enum(["open", "suspended", "closed"]),
  /** The feed's own status. */
  feedStatus: z.enum(["open", "suspended", "closed"]),
  /** A trader holds this market (or the whole event). */
  held: z.boolean(),
  /** Who set the result: a trader (with its correction count) or the feed; null while unsettled. */
  settledBy: z.enum(["trader", "feed"]).nullable(),
  resultVersion: z.number().nullable(),
  /** Open bets with a leg on this market still open. */
  openBets: z.number(),
  /** The stakes taken on this market (a combo's share), in the base currency. */
  stakes: z.string(),
  selections: z.array(tradingSelection),
});
export type TradingMarket = z.infer<typeof tradingMarket>;

export const tradingEvent = tradingEventRow.extend({
  baseCurrency: z.string(),
  markets: z.array(tradingMarket),
});
export type TradingEvent = z.infer<typeof tradingEvent>;
export const tradingEventAnswer = z.object({ data: tradingEvent });

export const tradingEventParam = z.object({
  eventId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
export const tradingMarketParam = tradingEventParam.extend({ marketId: z.string().min(1).max(100) });

/** A market's result by hand: the winning selections (every other one loses), or void (every stake back). */
export const tradingSettleBody = z.union([
  z.object({ void: z.literal(true) }).strict(),
  z.object({ winners: z.array(z.string().min(1).max(200)).min(1).max(50) }).strict(),
]);
export type TradingSettleBody = z.infer<typeof tradingSettleBody>;

export const tradingSettleAnswer = z.object({
  data: z.object({ market: tradingMarket, settledBets: z.number() }),
});

/**
 * A resettlement's shortfall in the back office's queue (issue 42): a corrected result took back less than the
 * previous payout because the player held less; the rest is owed to the house until staff collect it from the
 * player's balance (never below zero) or write it off.
 */
export const sportShortfall = z
  .object({
    id: z.string(),
    betId: z.string(),
    /** The settlement (revision of the bet's results) that fell short. */
    revision: z.number(),
    playerId: z.string(),
    accountId: z.string(),
    currency: z.string(),
    /** What the resettlement could not take back. */
    amount: z.string(),
    collected: z.string(),
    /** Still owed: amount − collected (0 once collected or written off). */
    owed: z.string(),
    /** What the player's account holds now (real money): what a collection could take. */
    balance: z.string(),
    status: z.enum(["open", "collected", "written_off"]),
    resolvedBy: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "SportShortfall" });
export type SportShortfall = z.infer<typeof sportShortfall>;

export const sportShortfallsQuery = z
  .object({ status: z.enum(["open", "collected", "written_off"]).default("open") })
  .extend(pagingQuery({ perPage: 50, maxPerPage: 200 }).shape);
export const sportShortfallsAnswer = paged(sportShortfall);
export const sportShortfallAnswer = z.object({ data: sportShortfall });
export const sportShortfallParam = z.object({
  id: z
    .string()
    .max(18)
    .regex(/^\d{1,18}$/, "a shortfall id"),
});
/** Writing a shortfall off: why the house bears it (kept on the row and in the audit trail). */
export const sportShortfallWriteOffBody = z.object({ reason: z.string().trim().min(3).max(500) });
