import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, money, numberIdentity, timestamptz } from "../../../db/columns";

/**
 * The built-in game provider's own state (a provider like any other: it knows the casino only through the
 * launch it was given and the seamless wallet). A launch of one of its games, keyed by the wallet token.
 */
export const houseSessions = pgTable("house_sessions", {
  token: uuid("token").primaryKey(),
  engine: text("engine").notNull(),
  /** The lobby game whose skin it wears. */
  gameSlug: text("game_slug").notNull(),
  gameName: text("game_name").notNull(),
  mode: text("mode", { enum: ["demo", "real"] }).notNull(),
  currency: text("currency").notNull(),
  /** Whose seeds it plays on: `player:{id}` for real play, `demo:{token}` for a demo launch. */
  owner: text("owner").notNull(),
  /** Demo credits; real money stays in the casino's wallet. */
  demoBalance: money("demo_balance"),
  createdAt: createdAt(),
});

/** A server seed with its client seed; the nonce counts bets on it. One active pair per owner. */
export const houseSeedPairs = pgTable(
  "house_seed_pairs",
  {
    id: numberIdentity(),
    owner: text("owner").notNull(),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    revealedAt: timestamptz("revealed_at"),
  },
  (t) => [uniqueIndex("house_seed_pairs_active").on(t.owner).where(sql`${t.isActive}`)],
);

/** One bet of a house game: its seeds, parameters, outcome and money. Mines rounds stay open until cashed out. */
export const houseRounds = pgTable(
  "house_rounds",
  {
    id: numberIdentity(),
    token: uuid("token").notNull(),
    owner: text("owner").notNull(),
    seedPairId: bigint("seed_pair_id", { mode: "number" })
      .notNull()
      .references(() => houseSeedPairs.id),
    nonce: integer("nonce").notNull(),
    engine: text("engine").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    outcome: jsonb("outcome").$type<Record<string, unknown>>().notNull(),
    bet: money("bet").notNull(),
    payout: money("payout").notNull().default("0"),
    currency: text("currency").notNull(),
    /**
     * open: being played (a mines round until cashed out; a single bet's round from its draw until its payout
     * is booked, its stake booked or not: recovery asks the wallet); paying: a move-by-move round's outcome is
     * final and the win is being paid; settled: paid; refused: the wallet refused the stake; voiding, then
     * refunded: voided by recovery (recovery.ts), the stake returned.
     */
    status: text("status", {
      enum: ["open", "paying", "settled", "refused", "voiding", "refunded"],
    }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("house_rounds_owner").on(t.owner, t.id),
    // A session holds one open round of a move-by-move game (decision 0035): the database refuses a second one
    // however many starts arrive at once. Keep the list in step with MOVE_BY_MOVE_ENGINES (service.ts).
    uniqueIndex("house_rounds_one_open")
      .on(t.token)
      .where(sql`${t.status} = 'open' and ${t.engine} in ('mines', 'hilo', 'videopoker', 'blackjack')`),
  ],
);
