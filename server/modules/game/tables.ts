import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  type ReferenceConfig,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, money, numberIdentity, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn, players } from "../player/tables";

/**
 * A game studio in the lobby. `walletProvider` names the seamless-wallet integration that runs its games (the
 * built-in `house` provider, or an aggregator configured in GAME_AGGREGATORS); demo studios say so.
 */
export const gameProviders = pgTable("game_providers", {
  id: numberIdentity(),
  identity: text("identity").notNull().unique(),
  name: text("name").notNull(),
  logo: text("logo").notNull(),
  walletProvider: text("wallet_provider").notNull(),
  isBuiltIn: boolean("is_built_in").notNull().default(false),
  /** Demo content: a made-up studio whose titles launch the built-in games under their own skin. */
  isDemoContent: boolean("is_demo_content").notNull().default(false),
  isEnabled: boolean("is_enabled").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

export interface GameImages {
  /** 4:3 card art */
  thumbnail: string;
  /** wide art for the game screen */
  background: string;
}

export const games = pgTable(
  "games",
  {
    id: numberIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    providerId: bigint("provider_id", { mode: "number" })
      .notNull()
      .references(() => gameProviders.id),
    description: text("description").notNull().default(""),
    images: jsonb("images").$type<GameImages>().notNull(),
    /** e.g. bonus-buy, free-spins, megaways, jackpot, provably-fair, live, crash */
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    /** Return to player in percent, e.g. 96.15 */
    rtp: numeric("rtp", { precision: 5, scale: 2 }).notNull(),
    volatility: text("volatility", { enum: ["low", "medium", "high"] }).notNull(),
    hasDemo: boolean("has_demo").notNull().default(true),
    /** Only these countries may see and play it; null: everywhere not restricted. */
    countries: text("countries").array(),
    /** Countries where it is not offered. */
    restrictedCountries: text("restricted_countries").array().notNull().default(sql`'{}'::text[]`),
    /** Currencies it takes for real play; null: any enabled currency. */
    currencies: text("currencies").array(),
    /** The provider's code for the game. */
    externalId: text("external_id").notNull(),
    /** The built-in game it launches (slot, dice, limbo, mines, plinko); demo studios' titles borrow one. */
    engine: text("engine").notNull(),
    isDemoContent: boolean("is_demo_content").notNull().default(false),
    isMobile: boolean("is_mobile").notNull().default(true),
    isEnabled: boolean("is_enabled").notNull().default(true),
    /** Higher first in the default order. */
    popularity: integer("popularity").notNull().default(0),
    releasedAt: timestamptz("released_at").notNull().defaultNow(),
    /** Whether its rounds count toward an active bonus's wagering at all (issue 42, decision 0065). */
    bonusWagering: boolean("bonus_wagering").notNull().default(true),
    /**
     * A round that paid back more than its stake counts toward wagering only when payout ÷ stake is at least
     * this (decision 0065): low-risk wins do not wager a bonus down. Lost rounds count whatever it is.
     */
    bonusWageringMinMultiplier: numeric("bonus_wagering_min_multiplier", { precision: 8, scale: 2 })
      .notNull()
      .default("1.00"),
  },
  (t) => [
    check("games_bonus_wagering_min_multiplier", sql`${t.bonusWageringMinMultiplier} >= 1`),
    index("games_provider").on(t.providerId),
    index("games_name_trgm").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("games_features").using("gin", t.features),
  ],
);

/** Spec point 3: identity, isHidden, countries. No country list: for everyone; else only for those countries. */
export const gameCollections = pgTable(
  "game_collections",
  {
    id: numberIdentity(),
    identity: text("identity").notNull(),
    name: text("name").notNull(),
    isHidden: boolean("is_hidden").notNull().default(false),
    countries: text("countries").array(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("game_collections_identity_lower").on(sql`lower(${t.identity})`)],
);

/** A column naming the lobby game a row is about. */
const gameIdColumn = (actions?: ReferenceConfig["actions"]) =>
  bigint("game_id", { mode: "number" })
    .notNull()
    .references(() => games.id, actions);

export const gameCollectionGames = pgTable(
  "game_collection_games",
  {
    collectionId: bigint("collection_id", { mode: "number" })
      .notNull()
      .references(() => gameCollections.id, { onDelete: "cascade" }),
    gameId: gameIdColumn({ onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.gameId] }),
    index("game_collection_games_game").on(t.gameId),
  ],
);

export const gameFavorites = pgTable(
  "game_favorites",
  {
    playerId: playerIdColumn({ onDelete: "cascade" }),
    gameId: gameIdColumn({ onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.gameId] })],
);

/** Recently played: one row per player and game, moved to the top on every launch. */
export const gamePlayed = pgTable(
  "game_played",
  {
    playerId: playerIdColumn({ onDelete: "cascade" }),
    gameId: gameIdColumn({ onDelete: "cascade" }),
    plays: integer("plays").notNull().default(1),
    lastPlayedAt: timestamptz("last_played_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.gameId] }),
    index("game_played_recent").on(t.playerId, t.lastPlayedAt),
  ],
);

export const gameRecentSearches = pgTable(
  "game_recent_searches",
  {
    id: numberIdentity(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    query: text("query").notNull(),
    searchedAt: timestamptz("searched_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("game_recent_searches_player_query").on(t.playerId, sql`lower(${t.query})`)],
);

/**
 * A launch: its id is the token the game provider presents to the seamless wallet. Demo launches have no
 * player or account. Bets need a live (unexpired) session; wins and rollbacks do not.
 */
export const gameSessions = pgTable(
  "game_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: gameIdColumn(),
    walletProvider: text("wallet_provider").notNull(),
    mode: text("mode", { enum: ["demo", "real"] }).notNull(),
    playerId: bigint("player_id", { mode: "bigint" }).references(() => players.id),
    accountId: bigint("account_id", { mode: "bigint" }),
    currency: text("currency"),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("game_sessions_player").on(t.playerId)],
);

/**
 * Every seamless-wallet transaction a provider sent, kept forever: (provider, txId) is applied at most once.
 * `response` is the answer given, replayed to an exact repeat. A rollback of a bet never seen leaves a
 * `tombstone` row under the bet's id, so the late bet is refused.
 */
export const gameTransactions = pgTable(
  "game_transactions",
  {
    id: bigintIdentity(),
    provider: text("provider").notNull(),
    txId: text("tx_id").notNull(),
    kind: text("kind", { enum: ["bet", "win", "rollback"] }).notNull(),
    status: text("status", { enum: ["ok", "tombstone"] })
      .notNull()
      .default("ok"),
    sessionId: uuid("session_id"),
    playerId: bigint("player_id", { mode: "bigint" }),
    accountId: bigint("account_id", { mode: "bigint" }),
    gameId: bigint("game_id", { mode: "number" }),
    roundId: text("round_id").notNull(),
    amount: money("amount"),
    currency: text("currency"),
    /** The bet a win or rollback refers to. */
    referenceTxId: text("reference_tx_id"),
    /** For bets: refunded by a rollback. */
    rolledBack: boolean("rolled_back").notNull().default(false),
    response: jsonb("response").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("game_transactions_provider_tx").on(t.provider, t.txId),
    // A round's transactions, for the session a history row links its verification with.
    index("game_transactions_round").on(t.provider, t.playerId, t.roundId),
  ],
);

/**
 * A round as the player's spin history shows it: what was staked and won. Status from game.bet.status:
 * 1 open, 2 won, 3 lost, 4 refunded.
 */
export const gameRounds = pgTable(
  "game_rounds",
  {
    id: numberIdentity(),
    provider: text("provider").notNull(),
    roundId: text("round_id").notNull(),
    playerId: playerIdColumn(),
    gameId: gameIdColumn(),
    currency: text("currency").notNull(),
    betAmount: money("bet_amount").notNull().default("0"),
    winAmount: money("win_amount").notNull().default("0"),
    status: smallint("status").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("game_rounds_provider_round").on(t.provider, t.playerId, t.roundId),
    index("game_rounds_player").on(t.playerId, t.id),
    index("game_rounds_winners").on(t.id).where(sql`${t.winAmount} > 0`),
  ],
);
