import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, money, numberIdentity, timestamptz } from "../../../../db/columns";

/**
 * A hash chain of the crash game (decision 0034). The secret stays here; the commitment (h_0) and the salt are
 * published before its first round. One chain is active; when its rounds run out the next one starts.
 */
export const crashChains = pgTable(
  "crash_chains",
  {
    id: numberIdentity(),
    /** 32 random bytes, hex: h_{length−1} = SHA-256(secret). */
    secret: text("secret").notNull(),
    salt: text("salt").notNull(),
    /** How many hashes: rounds 1 … length − 1 play on h_1 … h_{length−1}. */
    length: integer("length").notNull(),
    commitment: text("commitment").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("crash_chains_active").on(t.isActive).where(sql`${t.isActive}`)],
);

/**
 * One round everybody plays. Its times are the clock every process reads: bets until `betting_ends_at`, the
 * curve from then (`started_at`), the crash at `crash_at`, whichever process receives a call.
 */
export const crashRounds = pgTable(
  "crash_rounds",
  {
    id: numberIdentity(),
    chainId: bigint("chain_id", { mode: "number" })
      .notNull()
      .references(() => crashChains.id),
    /** k: the round plays on h_k of its chain. */
    chainIndex: integer("chain_index").notNull(),
    /** h_k; shown only once the round is over. */
    hash: text("hash").notNull(),
    /** The crash point in hundredths; shown only once the round is over. */
    crashCents: integer("crash_cents").notNull(),
    /**
     * betting: bets are taken; running: the curve climbs; crashed: the point was reached; void: its leader was
     * lost before the end, so its stakes were returned (decision 0034).
     */
    phase: text("phase", { enum: ["betting", "running", "crashed", "void"] }).notNull(),
    bettingEndsAt: timestamptz("betting_ends_at").notNull(),
    crashAt: timestamptz("crash_at").notNull(),
    /** The process that runs it: a round found unfinished by another one lost its leader. */
    runBy: text("run_by").notNull(),
    /** When its losing bets were closed (or, for a void round, its stakes returned): nothing left to do. */
    settledAt: timestamptz("settled_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("crash_rounds_chain_index").on(t.chainId, t.chainIndex)],
);

/**
 * A player's bet on a round, one per player and round (refused attempts aside).
 * open: written, its stake being taken; active: staked, riding the curve; paying: cashed out (payout set) or
 * lost (payout 0), the result being sent to the wallet; settled: done; refused: the wallet said no;
 * voiding, refunded: the round was void and the stake is being, or was, returned.
 */
export const crashBets = pgTable(
  "crash_bets",
  {
    id: numberIdentity(),
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => crashRounds.id),
    /** The house game session (launch token) it was placed from. */
    token: uuid("token").notNull(),
    /** `player:{id}` or `demo:{token}`: one bet per owner and round. */
    owner: text("owner").notNull(),
    /** How other players see it (masked). */
    displayName: text("display_name").notNull(),
    bet: money("bet").notNull(),
    currency: text("currency").notNull(),
    /** Auto cash-out target in hundredths; null: cashed out by hand, or riding to the crash. */
    autoCashOutCents: integer("auto_cash_out_cents"),
    /** The multiplier it was cashed out at, in hundredths; null while in, or lost. */
    cashOutCents: integer("cash_out_cents"),
    payout: money("payout").notNull().default("0"),
    status: text("status", {
      enum: ["open", "active", "paying", "settled", "refused", "voiding", "refunded"],
    }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("crash_bets_one_per_round").on(t.roundId, t.owner).where(sql`${t.status} <> 'refused'`),
    index("crash_bets_round_status").on(t.roundId, t.status),
    index("crash_bets_owner").on(t.owner, t.id),
  ],
);

/** Who runs the rounds: one process holds the lease and renews it; another takes it once it lapses. */
export const crashLease = pgTable("crash_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamptz("expires_at").notNull(),
});
