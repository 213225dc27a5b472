import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, money, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn } from "../player/tables";
import { walletAccounts } from "../wallet/tables";

/**
 * A sports bet (decision 0012). The stake left the player's account in the transaction that wrote this row
 * (ledger reference `sportsbook:bet:{id}`); `requestId` is the slip's key, so a retried placement finds this row
 * instead of staking twice. `settledRevision` is the sum of the legs' result versions the current settlement
 * was made from: a corrected result raises it, and a settlement for a revision already made does nothing.
 */
export const sportBets = pgTable(
  "sport_bets",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    accountId: bigint("account_id", { mode: "bigint" })
      .notNull()
      .references(() => walletAccounts.id),
    currency: text("currency").notNull(),
    type: text("type", { enum: ["single", "combo", "system"] }).notNull(),
    systemSize: smallint("system_size"),
    stake: money("stake").notNull(),
    /** The product of the legs' odds (single, combo); null for a system bet. */
    odds: numeric("odds"),
    potentialPayout: money("potential_payout").notNull(),
    status: text("status", {
      enum: ["pending", "open", "won", "lost", "void", "half_won", "half_lost", "cashed_out", "rejected"],
    }).notNull(),
    oddsPolicy: text("odds_policy", { enum: ["none", "higher", "any"] }).notNull(),
    /** What the bet paid (settlement or cash-out); null while open. */
    payout: money("payout"),
    rejectReason: text("reject_reason"),
    requestId: text("request_id").notNull(),
    /** A live bet is looked at again from this moment (the live delay); null for a pre-match bet. */
    acceptAt: timestamptz("accept_at"),
    settledRevision: integer("settled_revision"),
    placedAt: timestamptz("placed_at").notNull(),
    settledAt: timestamptz("settled_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sport_bets_player_request").on(t.playerId, t.requestId),
    index("sport_bets_player_placed").on(t.playerId, t.placedAt),
    index("sport_bets_pending").on(t.acceptAt).where(sql`${t.status} = 'pending'`),
    // What a player has at stake (the placement's caps) reads their unsettled bets only, not their history.
    index("sport_bets_player_unsettled").on(t.playerId).where(sql`${t.status} in ('pending', 'open')`),
    check("sport_bets_stake_positive", sql`${t.stake} > 0`),
    check("sport_bets_system_size", sql`(${t.type} = 'system') = (${t.systemSize} is not null)`),
  ],
);

/** One selection of a bet, with the names it had when placed, so history reads well after the feed forgot it. */
export const sportBetLegs = pgTable(
  "sport_bet_legs",
  {
    betId: bigint("bet_id", { mode: "bigint" })
      .notNull()
      .references(() => sportBets.id, { onDelete: "cascade" }),
    /**
     * The bet's player, kept on each leg so a placement's cap on one market reads only that player's legs on it
     * (issue 38): found through the bets, the read grew with every bet the player had open.
     */
    playerId: bigint("player_id", { mode: "bigint" }).notNull(),
    position: smallint("position").notNull(),
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    /** The event's sport in the catalogue (reports by sport); null on legs placed before it was kept. */
    sportId: integer("sport_id"),
    marketId: text("market_id").notNull(),
    selectionId: text("selection_id").notNull(),
    eventName: text("event_name").notNull(),
    marketName: text("market_name").notNull(),
    selectionName: text("selection_name").notNull(),
    /** The price the bet took (the live delay may re-price it within the odds policy). */
    odds: numeric("odds", { precision: 9, scale: 3 }).notNull(),
    live: boolean("live").notNull().default(false),
    status: text("status", { enum: ["open", "won", "lost", "void", "half_won", "half_lost"] })
      .notNull()
      .default("open"),
    /** The feed's result version the status came from; 0 while open. */
    resultVersion: integer("result_version").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.position] }),
    index("sport_bet_legs_event").on(t.eventId),
    index("sport_bet_legs_player_market").on(t.playerId, t.eventId, t.marketId),
  ],
);

/**
 * One settlement of a bet, keyed by (bet, revision): its payout was posted exactly once under the ledger key
 * `sportsbook:bet:{id}:payout:{revision}`. A resettlement also took back the previous payout (`reversed`);
 * when the balance no longer held all of it, `shortfall` says what is still owed to the house.
 */
export const sportSettlements = pgTable(
  "sport_settlements",
  {
    betId: bigint("bet_id", { mode: "bigint" })
      .notNull()
      .references(() => sportBets.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    status: text("status").notNull(),
    payout: money("payout").notNull(),
    reversed: money("reversed").notNull().default("0"),
    shortfall: money("shortfall").notNull().default("0"),
    /** The leg outcomes it was made from, for support. */
    legs: jsonb("legs").$type<{ selectionId: string; status: string; version: number }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.betId, t.revision] })],
);

/**
 * What a resettlement could not take back (issue 42): the previous payout was more than the player held, so the
 * balance stopped at zero and the rest is owed to the house. One row per settlement with a shortfall, in the back
 * office's queue until staff resolve it: `collected` is what was taken from the player's balance since (posted
 * under the bet's reference, key `sportsbook:bet:{id}:shortfall:{revision}:collect:{collected before}`), and the
 * row ends `collected` (all of it) or `written_off` (the house bears what is left; no money moves).
 */
export const sportShortfalls = pgTable(
  "sport_shortfalls",
  {
    id: bigintIdentity(),
    betId: bigint("bet_id", { mode: "bigint" }).notNull(),
    /** The settlement (bet, revision) whose take-back fell short. */
    revision: integer("revision").notNull(),
    playerId: playerIdColumn(),
    accountId: bigint("account_id", { mode: "bigint" })
      .notNull()
      .references(() => walletAccounts.id),
    currency: text("currency").notNull(),
    /** What the settlement could not take back. */
    amount: money("amount").notNull(),
    collected: money("collected").notNull().default("0"),
    status: text("status", { enum: ["open", "collected", "written_off"] })
      .notNull()
      .default("open"),
    /** The staff member who ended it, and why (a write-off's reason). */
    resolvedBy: integer("resolved_by"),
    resolvedAt: timestamptz("resolved_at"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sport_shortfalls_settlement").on(t.betId, t.revision),
    index("sport_shortfalls_status").on(t.status, t.id),
    foreignKey({
      columns: [t.betId, t.revision],
      foreignColumns: [sportSettlements.betId, sportSettlements.revision],
    }).onDelete("cascade"),
    check(
      "sport_shortfalls_amount",
      sql`${t.amount} > 0 and ${t.collected} >= 0 and ${t.collected} <= ${t.amount}`,
    ),
  ],
);

/**
 * An event with open bets that the feed no longer knows (neither the event nor its results), since when the
 * dropped-events job first missed it. Kept here, not in a process's memory, so the wait
 * (SPORTSBOOK_DROPPED_EVENT_VOID_HOURS) survives restarts and a job that moves to another process.
 */
export const sportMissingEvents = pgTable("sport_missing_events", {
  eventId: bigint("event_id", { mode: "number" }).primaryKey(),
  missingSince: timestamptz("missing_since").notNull(),
});

/**
 * A trader's suspension (decision 0022): the market (or, with `marketId` "", every market of the event) shows
 * suspended whatever the feed says, until the trader resumes it. One row per hold; resuming deletes it.
 */
export const sportTradingHolds = pgTable(
  "sport_trading_holds",
  {
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    /** "" holds the whole event. */
    marketId: text("market_id").notNull(),
    heldBy: integer("held_by"),
    heldAt: timestamptz("held_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.marketId] })],
);

/**
 * A market's result set by a trader (decision 0022): it outranks the feed's results and cancellations. Each
 * correction raises `version`; a leg settled from it carries `MANUAL_RESULT_VERSION + version`.
 */
export const sportManualResults = pgTable(
  "sport_manual_results",
  {
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    marketId: text("market_id").notNull(),
    version: integer("version").notNull(),
    /** Every selection of the market, by selection id. */
    results: jsonb("results")
      .$type<Record<string, "won" | "lost" | "void" | "half_won" | "half_lost">>()
      .notNull(),
    settledBy: integer("settled_by"),
    settledAt: timestamptz("settled_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.marketId] })],
);
