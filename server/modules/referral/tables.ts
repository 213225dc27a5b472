import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, money, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn, players } from "../player/tables";

/**
 * Each player's referral code (decision 0017): short, random, unique. The row is also the lock a player's
 * transfers of earnings queue on, so two transfers at once never both spend the same earnings.
 */
export const referralCodes = pgTable("referral_codes", {
  playerId: playerIdColumn({ onDelete: "cascade" }).primaryKey(),
  code: text("code").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Who brought whom: one row per referred player, written in the sign-up's own transaction. The primary key on
 * the referred player makes the attribution single, whatever retries or races.
 */
export const referrals = pgTable(
  "referrals",
  {
    referredId: bigint("referred_id", { mode: "bigint" })
      .primaryKey()
      .references(() => players.id, { onDelete: "cascade" }),
    referrerId: bigint("referrer_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    attributedAt: timestamptz("attributed_at").notNull(),
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerId, t.attributedAt)],
);

/**
 * Every reward credited to a referrer's earnings: a first deposit (`period` = "first-deposit") or a closed
 * period's revenue share (`period` = the UTC day, YYYY-MM-DD). The key makes each one single.
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    referrerId: bigint("referrer_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    referredId: bigint("referred_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["first_deposit", "revenue_share"] }).notNull(),
    period: text("period").notNull(),
    currency: text("currency").notNull(),
    /** What the referrer earned (> 0; periods without revenue leave no row). */
    amount: money("amount").notNull(),
    /** The referred player's net gaming revenue of the period (revenue share), or the deposit (first deposit). */
    base: money("base").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.referrerId, t.referredId, t.kind, t.period, t.currency] }),
    index("referral_rewards_referrer_idx").on(t.referrerId),
  ],
);

/** The last closed period (UTC day) whose revenue share was computed for every referred player. */
export const referralShareRuns = pgTable("referral_share_runs", {
  period: text("period").primaryKey(),
  completedAt: timestamptz("completed_at").notNull(),
});

/**
 * The programme's rules as staff set them (decision 0027): one row (id 1). Without it the configuration's
 * REFERRAL_FIRST_DEPOSIT_REWARD, REFERRAL_MIN_FIRST_DEPOSIT and REFERRAL_REVENUE_SHARE_PERCENT apply.
 */
export const referralRules = pgTable(
  "referral_rules",
  {
    id: integer("id").primaryKey().default(1),
    /** Per currency: the referrer's reward on a referred player's first deposit of at least `minDeposit`. */
    firstDeposit: jsonb("first_deposit")
      .$type<{ currency: string; reward: string; minDeposit: string | null }[]>()
      .notNull(),
    revenueSharePercent: money("revenue_share_percent").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("referral_rules_single", sql`${t.id} = 1`),
    check("referral_rules_percent", sql`${t.revenueSharePercent} >= 0 and ${t.revenueSharePercent} <= 100`),
  ],
);

/**
 * A referred player's first-deposit reward on its way (decision 0017, issue #35), one per referred player (the
 * key). Made by their qualifying deposit with the reward in force then; `playing` until they have staked real
 * money in the deposit's currency worth `turnoverRequired` (REFERRAL_REWARD_TURNOVER × the deposit), then `paid`
 * (or `waiting` while the referrer is at REFERRAL_MAX_REWARDS_PER_DAY); `forfeited` for good when a withdrawal
 * is paid out to them first. Every change happens under the referrer's code row lock, then this row's.
 */
export const referralQualifications = pgTable(
  "referral_qualifications",
  {
    referredId: bigint("referred_id", { mode: "bigint" })
      .primaryKey()
      .references(() => players.id, { onDelete: "cascade" }),
    referrerId: bigint("referrer_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    deposit: money("deposit").notNull(),
    reward: money("reward").notNull(),
    turnoverRequired: money("turnover_required").notNull(),
    /** Real-money stakes of settled bets in `currency` since the deposit (each `bet.settled` fact counted once). */
    turnover: money("turnover").notNull().default("0"),
    status: text("status", { enum: ["playing", "waiting", "paid", "forfeited"] }).notNull(),
    depositedAt: timestamptz("deposited_at").notNull(),
    /** When the turnover was reached. */
    playedAt: timestamptz("played_at"),
    /** When it was paid or forfeited. */
    decidedAt: timestamptz("decided_at"),
  },
  (t) => [
    index("referral_qualifications_referrer_idx").on(t.referrerId, t.status, t.decidedAt),
    check("referral_qualifications_status", sql`${t.status} in ('playing', 'waiting', 'paid', 'forfeited')`),
  ],
);
