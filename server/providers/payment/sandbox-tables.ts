import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, money } from "../../db/columns";

/**
 * The built-in sandbox processor's own books: what it was asked to collect or pay out. It stands in for a
 * third party, so it keeps its own rows and talks to the casino only through signed webhooks.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  ref: text("ref").primaryKey(),
  flavour: text("flavour").notNull(),
  direction: text("direction").notNull(),
  method: text("method").notNull(),
  invoiceId: text("invoice_id").notNull(),
  amount: money("amount").notNull(),
  currency: text("currency").notNull(),
  /** created → (data_sent) → approved | declined */
  status: text("status").notNull().default("created"),
  address: text("address"),
  createdAt: createdAt(),
});
