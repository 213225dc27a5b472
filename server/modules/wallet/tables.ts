import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, money, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn } from "../player/tables";
import { currencies } from "../settings/tables";

/**
 * A player's account in one currency (spec point 3: id, currency, balance, status). It holds two balances: real
 * money (`balance`, what the spec's wallet shows) and bonus money, which only bets can use until wagering turns
 * it real. Neither can go below zero: the database refuses it, whatever the code does.
 */
export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    balance: money("balance").notNull().default("0"),
    bonusBalance: money("bonus_balance").notNull().default("0"),
    /** 1 active (spec); other values are ours: 2 frozen by an operator. */
    status: smallint("status").notNull().default(1),
    /** The account the player plays and pays with now; exactly one per player once they have any. */
    isCurrent: boolean("is_current").notNull().default(false),
    /** Hidden from the player's currency list; the money stays. */
    isHidden: boolean("is_hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("wallet_accounts_balance_not_negative", sql`${t.balance} >= 0`),
    check("wallet_accounts_bonus_balance_not_negative", sql`${t.bonusBalance} >= 0`),
    uniqueIndex("wallet_accounts_player_currency").on(t.playerId, t.currency),
    uniqueIndex("wallet_accounts_one_current").on(t.playerId).where(sql`${t.isCurrent}`),
    // The target of the postings' (account, currency) key: a posting's currency is its account's.
    uniqueIndex("wallet_accounts_id_currency").on(t.id, t.currency),
  ],
);

/**
 * The casino's side of every movement, one account per purpose, qualifier (the processor or game provider it
 * settles with) and currency, created on first use. It has no balance column: its balance is the sum of its
 * postings, so no bet ever waits on a house row (decision 0009).
 */
export const houseAccounts = pgTable(
  "house_accounts",
  {
    /** `purpose:qualifier:currency`, e.g. `game_provider:house:USD`: postings name it without a look-up. */
    id: text("id").primaryKey(),
    purpose: text("purpose").notNull(),
    qualifier: text("qualifier").notNull().default(""),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("house_accounts_purpose_qualifier_currency").on(t.purpose, t.qualifier, t.currency),
    uniqueIndex("house_accounts_id_currency").on(t.id, t.currency),
  ],
);

/**
 * A journal entry: one movement of money, why it happened and its idempotency key, unique forever (a retried
 * request finds its first entry instead of moving the money twice). Its postings say which accounts moved.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigintIdentity(),
    kind: text("kind").notNull(),
    /** What caused it, e.g. `invoice:42`, `game:house:round:9`. */
    reference: text("reference").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_idempotency_key").on(t.idempotencyKey),
    index("ledger_entries_reference").on(t.reference),
    index("ledger_entries_created_at").on(t.createdAt),
  ],
);

/**
 * One leg of an entry: an amount on one balance of a player's account (real or bonus, with the balance it
 * left) or on a house account. An entry's postings sum to zero in each currency, so every currency's postings
 * sum to zero at every moment. Credits are positive, debits negative.
 */
export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigintIdentity(),
    entryId: bigint("entry_id", { mode: "bigint" })
      .notNull()
      .references(() => ledgerEntries.id),
    currency: text("currency").notNull(),
    walletAccountId: bigint("wallet_account_id", { mode: "bigint" }),
    /** `real` or `bonus` on a player's account; null on a house account. */
    balanceType: text("balance_type", { enum: ["real", "bonus"] }),
    houseAccountId: text("house_account_id"),
    amount: money("amount").notNull(),
    /** The player's balance of that type after this posting (statements); null on house accounts. */
    balanceAfter: money("balance_after"),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "ledger_postings_wallet_account",
      columns: [t.walletAccountId, t.currency],
      foreignColumns: [walletAccounts.id, walletAccounts.currency],
    }),
    foreignKey({
      name: "ledger_postings_house_account",
      columns: [t.houseAccountId, t.currency],
      foreignColumns: [houseAccounts.id, houseAccounts.currency],
    }),
    index("ledger_postings_entry").on(t.entryId),
    index("ledger_postings_wallet_account")
      .on(t.walletAccountId, t.id)
      .where(sql`${t.walletAccountId} is not null`),
    // A player's flows since a period started (responsible-gambling limits).
    index("ledger_postings_wallet_account_time")
      .on(t.walletAccountId, t.createdAt)
      .where(sql`${t.walletAccountId} is not null`),
    index("ledger_postings_house_account")
      .on(t.houseAccountId, t.createdAt)
      .where(sql`${t.houseAccountId} is not null`),
    check("ledger_postings_amount_not_zero", sql`${t.amount} <> 0`),
    check(
      "ledger_postings_one_side",
      sql`(${t.walletAccountId} is not null and ${t.balanceType} is not null and ${t.balanceAfter} >= 0 and ${t.houseAccountId} is null)
       or (${t.walletAccountId} is null and ${t.balanceType} is null and ${t.balanceAfter} is null and ${t.houseAccountId} is not null)`,
    ),
  ],
);

/**
 * Every reconciliation run and what it found (decision 0009): the operator's record that the books balanced,
 * or of what did not add up. Never edited.
 */
export const ledgerReconciliations = pgTable("ledger_reconciliations", {
  id: bigintIdentity(),
  ranAt: timestamptz("ran_at").notNull().defaultNow(),
  ok: boolean("ok").notNull(),
  problems: jsonb("problems").$type<{ check: string; detail: string }[]>().notNull().default([]),
});
