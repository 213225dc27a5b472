import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { players } from "../player/tables";
import { currencies } from "../settings/tables";

/** Scale of every amount: 18 decimals holds wei; 38 digits in all holds any balance a casino will see. */
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * A player's account in one currency (spec point 3: id, currency, balance, status). The balance can never go
 * below zero: the database refuses it, whatever the code does.
 */
export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: bigint("player_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id),
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    balance: money("balance").notNull().default("0"),
    /** 1 active (spec); other values are ours: 2 frozen by an operator. */
    status: smallint("status").notNull().default(1),
    /** The account the player plays and pays with now; exactly one per player once they have any. */
    isCurrent: boolean("is_current").notNull().default(false),
    /** Hidden from the player's currency list; the money stays. */
    isHidden: boolean("is_hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("wallet_accounts_balance_not_negative", sql`${t.balance} >= 0`),
    uniqueIndex("wallet_accounts_player_currency").on(t.playerId, t.currency),
    uniqueIndex("wallet_accounts_one_current").on(t.playerId).where(sql`${t.isCurrent}`),
  ],
);

/**
 * Every change of a balance, written in the same transaction as the balance. The idempotency key is unique
 * forever: a retried request finds its first entry instead of moving the money twice.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint("account_id", { mode: "bigint" })
      .notNull()
      .references(() => walletAccounts.id),
    kind: text("kind").notNull(),
    /** Signed: credits are positive, debits negative. */
    amount: money("amount").notNull(),
    balanceAfter: money("balance_after").notNull(),
    /** What caused it, e.g. `invoice:42`, `bet:game-7:round-9`. */
    reference: text("reference").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_entries_idempotency_key").on(t.idempotencyKey),
    index("ledger_entries_account").on(t.accountId, t.id),
    check("ledger_entries_amount_not_zero", sql`${t.amount} <> 0`),
    check("ledger_entries_balance_after_not_negative", sql`${t.balanceAfter} >= 0`),
  ],
);
