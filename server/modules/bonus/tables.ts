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
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TriggerConditions, WageringContribution } from "#common/api/bonus";
import { bigintIdentity, createdAt, money, numberIdentity, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn } from "../player/tables";

type CurrencyAmounts = { currency: string; amount: string }[];

/** The player-facing texts of a bonus in a locale other than the default (decision 0026). */
export type BonusTranslations = Partial<Record<string, { name: string; description: string }>>;

/** A package of bonuses given step by step (the welcome package: deposits 1–4). */
export const bonusPackages = pgTable("bonus_packages", {
  id: numberIdentity(),
  identity: text("identity").notNull().unique(),
  name: text("name").notNull(),
});

/**
 * A bonus an operator offers (decision 0013). `deposit`: a match of a qualifying deposit (trigger conditions,
 * match percent and cap); `fixed`: an amount per currency, given by a bonus code; `cashback`: a percentage of
 * last period's net losses. Each carries its wagering rules. The demo set is seeded (seed.ts); the back office
 * edits these rows later.
 */
export const bonusDefinitions = pgTable(
  "bonus_definitions",
  {
    id: numberIdentity(),
    kind: text("kind", { enum: ["deposit", "fixed", "cashback", "freespins"] }).notNull(),
    /** The address part of its page, /bonus/{pageIdentity}; also the seed's natural key. */
    pageIdentity: text("page_identity").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /**
     * `name` and `description` are the default locale's (en); these are the other locales' (decision 0026).
     * Every text is a template: its figures are placeholders (`{percent}`, `{cap}`, …) filled from this row, so
     * no text can quote a figure the rule no longer has (texts.ts).
     */
    translations: jsonb("translations").$type<BonusTranslations>().notNull().default({}),
    packageId: bigint("package_id", { mode: "number" }).references(() => bonusPackages.id),
    /** The deposit number (1–4) this package step is for. */
    packageStep: smallint("package_step"),
    triggerConditions: jsonb("trigger_conditions")
      .$type<TriggerConditions>()
      .notNull()
      .default({ invoiceAmountItems: [], baseCurrencyInvoiceAmountFrom: null }),
    matchPercent: integer("match_percent").notNull().default(0),
    /** Deposit: the cap of the match; fixed: the amount given. Per currency; `baseCurrencyMaxAmount` otherwise. */
    maxAmountItems: jsonb("max_amount_items").$type<CurrencyAmounts>().notNull().default([]),
    baseCurrencyMaxAmount: money("base_currency_max_amount"),
    wageringMultiplier: numeric("wagering_multiplier", { precision: 8, scale: 2 }).notNull(),
    contribution: jsonb("contribution").$type<WageringContribution>().notNull(),
    maxBetItems: jsonb("max_bet_items").$type<CurrencyAmounts>().notNull().default([]),
    maxConversionMultiplier: numeric("max_conversion_multiplier", { precision: 8, scale: 2 }),
    activationDays: integer("activation_days").notNull().default(7),
    wageringDays: integer("wagering_days").notNull().default(30),
    /** Cashback: percent of net losses, the least worth claiming per currency, and the period's length. */
    cashbackPercent: integer("cashback_percent"),
    cashbackPeriodHours: integer("cashback_period_hours"),
    cashbackMinItems: jsonb("cashback_min_items").$type<CurrencyAmounts>().notNull().default([]),
    /**
     * Free spins it gives (a `freespins` package, or a deposit bonus's extra): `freespinCount` spins on the game
     * of slug `freespinGameSlug` at the bet of `freespinBetItems` in the player's currency (a currency not
     * listed gets none). Their winnings become a bonus wagered `wageringMultiplier` × (decision 0013).
     */
    freespinGameSlug: text("freespin_game_slug"),
    freespinCount: integer("freespin_count"),
    freespinBetItems: jsonb("freespin_bet_items").$type<CurrencyAmounts>().notNull().default([]),
    isEnabled: boolean("is_enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("bonus_definitions_package_step").on(t.packageId, t.packageStep)],
);

/**
 * A bonus of one player in one currency (spec point 3). Status 1 issued (nothing credited yet), 2 active (its
 * amount went to the account's bonus balance; being wagered), 3 finished with a result. At most one bonus is
 * active per account: the bonus balance belongs to it. `sourceRef` names what issued it (`invoice:42`,
 * `code:7:player:3`, `cashback:USD:2026-11-24T00:00:00Z`), unique, so nothing issues twice.
 */
export const playerBonuses = pgTable(
  "player_bonuses",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    accountId: bigint("account_id", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    definitionId: bigint("definition_id", { mode: "number" }).references(() => bonusDefinitions.id),
    kind: text("kind", { enum: ["deposit", "code", "cashback", "freespins", "manual", "quest"] }).notNull(),
    name: text("name").notNull(),
    status: smallint("status").notNull().default(1),
    result: smallint("result"),
    packageId: bigint("package_id", { mode: "number" }),
    issueSessionId: text("issue_session_id"),
    sourceRef: text("source_ref").notNull(),
    amount: money("amount").notNull(),
    wagered: money("wagered").notNull().default("0"),
    wageringRequired: money("wagering_required").notNull(),
    contribution: jsonb("contribution").$type<WageringContribution>().notNull(),
    maxBetAmount: money("max_bet_amount"),
    maxConversionAmount: money("max_conversion_amount"),
    convertedAmount: money("converted_amount"),
    gameId: bigint("game_id", { mode: "number" }),
    wageringDays: integer("wagering_days").notNull().default(30),
    expiresAt: timestamptz("expires_at"),
    activatedAt: timestamptz("activated_at"),
    finishedAt: timestamptz("finished_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("player_bonuses_source").on(t.sourceRef),
    // The bonus balance belongs to one bonus at a time.
    uniqueIndex("player_bonuses_one_active").on(t.accountId).where(sql`${t.status} = 2`),
    index("player_bonuses_player").on(t.playerId, t.id),
    index("player_bonuses_expiry").on(t.expiresAt).where(sql`${t.status} in (1, 2)`),
    check("player_bonuses_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Each settled stake counted towards a bonus's wagering, once: the key is the stake's reference (a game round,
 * a sports bet), so a repeated settlement counts nothing.
 */
export const bonusWagering = pgTable(
  "bonus_wagering",
  {
    id: bigintIdentity(),
    playerBonusId: bigint("player_bonus_id", { mode: "bigint" })
      .notNull()
      .references(() => playerBonuses.id),
    reference: text("reference").notNull(),
    stake: money("stake").notNull(),
    counted: money("counted").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("bonus_wagering_once").on(t.playerBonusId, t.reference)],
);

/** The bonus a player chose for a deposit invoice; issued when the invoice is paid. */
export const bonusDepositChoices = pgTable("bonus_deposit_choices", {
  invoiceId: bigint("invoice_id", { mode: "bigint" }).primaryKey(),
  playerId: playerIdColumn(),
  definitionId: bigint("definition_id", { mode: "number" })
    .notNull()
    .references(() => bonusDefinitions.id),
  /**
   * The definition as it was when the player chose it (decision 0026): the bonus is issued on these terms when
   * the invoice is paid, whatever staff changed meanwhile. Null for choices recorded before this column.
   */
  terms: jsonb("terms").$type<typeof bonusDefinitions.$inferSelect>(),
  createdAt: createdAt(),
});

/**
 * A bonus code (spec point 3): typed at registration, on the deposit form or anywhere (`trigger`), it gives
 * its bonus definition. `usedCount` never passes `usageLimit` (a CHECK and a conditional update), and a player
 * redeems a code once.
 */
export const bonusCodes = pgTable(
  "bonus_codes",
  {
    id: numberIdentity(),
    /** Upper case; players type it in any case. */
    code: text("code").notNull().unique(),
    trigger: text("trigger", { enum: ["registration", "deposit", "manual"] }).notNull(),
    definitionId: bigint("definition_id", { mode: "number" })
      .notNull()
      .references(() => bonusDefinitions.id),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    validFrom: timestamptz("valid_from"),
    validTo: timestamptz("valid_to"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    /** The back office's bulk generation it came from (decision 0024); null when created on its own. */
    batch: text("batch"),
    createdAt: createdAt(),
  },
  (t) => [
    index("bonus_codes_batch").on(t.batch),
    check(
      "bonus_codes_usage_within_limit",
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/** A code a player redeemed: 1 applied (its bonus issued), 2 waiting (a deposit code, until the next deposit). */
export const playerBonusCodes = pgTable(
  "player_bonus_codes",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    codeId: bigint("code_id", { mode: "number" })
      .notNull()
      .references(() => bonusCodes.id),
    status: smallint("status").notNull(),
    trigger: text("trigger", { enum: ["registration", "deposit", "manual"] }).notNull(),
    playerBonusId: bigint("player_bonus_id", { mode: "bigint" }).references(() => playerBonuses.id),
    /** The free spins it issued (a free-spin package's code). */
    playerFreespinId: bigint("player_freespin_id", { mode: "bigint" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("player_bonus_codes_once").on(t.playerId, t.codeId)],
);

/**
 * A player's free spins (spec point 3): `count` spins on one game at the fixed bet `betValue`, in the
 * account's currency. Status 1 issued, 2 active (playable), 3 finished with result 2 played (their winnings
 * became `playerBonusId`), 3 canceled, 4 expired, 5 lost (played, won nothing). `played` counts spins taken
 * (a bet), `settled` spins whose round closed; neither ever passes `count` (a CHECK, and every spin is taken
 * under this row's lock). `sourceRef` names what issued it, unique, so nothing issues twice.
 */
export const playerFreespins = pgTable(
  "player_freespins",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    accountId: bigint("account_id", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    definitionId: bigint("definition_id", { mode: "number" }).references(() => bonusDefinitions.id),
    packageId: bigint("package_id", { mode: "number" }),
    issueSessionId: text("issue_session_id"),
    sourceRef: text("source_ref").notNull(),
    name: text("name").notNull(),
    gameId: bigint("game_id", { mode: "number" }).notNull(),
    betValue: money("bet_value").notNull(),
    count: integer("count").notNull(),
    played: integer("played").notNull().default(0),
    settled: integer("settled").notNull().default(0),
    winnings: money("winnings").notNull().default("0"),
    status: smallint("status").notNull().default(1),
    result: smallint("result"),
    /** The bonus the winnings become: its wagering and rules. */
    wageringMultiplier: numeric("wagering_multiplier", { precision: 8, scale: 2 }).notNull(),
    contribution: jsonb("contribution").$type<WageringContribution>().notNull(),
    maxConversionMultiplier: numeric("max_conversion_multiplier", { precision: 8, scale: 2 }),
    activationDays: integer("activation_days").notNull().default(7),
    wageringDays: integer("wagering_days").notNull().default(7),
    playerBonusId: bigint("player_bonus_id", { mode: "bigint" }).references(() => playerBonuses.id),
    /** Issued: activate by then; active: play by then. */
    expiresAt: timestamptz("expires_at"),
    activatedAt: timestamptz("activated_at"),
    finishedAt: timestamptz("finished_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("player_freespins_source").on(t.sourceRef),
    index("player_freespins_player").on(t.playerId, t.id),
    index("player_freespins_expiry").on(t.expiresAt).where(sql`${t.status} in (1, 2)`),
    check(
      "player_freespins_count",
      sql`${t.count} > 0 and ${t.played} >= 0 and ${t.settled} >= 0 and ${t.settled} <= ${t.played} and ${t.played} <= ${t.count}`,
    ),
    check("player_freespins_bet_positive", sql`${t.betValue} > 0`),
  ],
);

/**
 * One free spin a provider played: the round of its bet (the seamless wallet's bet call with `freespinId`).
 * Unique per provider and bet transaction; its win and its rollback find it by round.
 */
export const playerFreespinRounds = pgTable(
  "player_freespin_rounds",
  {
    id: bigintIdentity(),
    playerFreespinId: bigint("player_freespin_id", { mode: "bigint" })
      .notNull()
      .references(() => playerFreespins.id),
    provider: text("provider").notNull(),
    playerId: playerIdColumn(),
    roundId: text("round_id").notNull(),
    betTxId: text("bet_tx_id").notNull(),
    /** open (bet taken), settled (its closing win came), refunded (rolled back: the spin given back). */
    status: text("status", { enum: ["open", "settled", "refunded"] })
      .notNull()
      .default("open"),
    win: money("win").notNull().default("0"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("player_freespin_rounds_bet").on(t.provider, t.betTxId),
    index("player_freespin_rounds_round").on(t.provider, t.playerId, t.roundId),
  ],
);
