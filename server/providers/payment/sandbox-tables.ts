import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, money, timestamptz } from "../../db/columns";

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

/**
 * The sandbox's webhooks still to be acknowledged (decision 0040): written in the transaction that decides the
 * payment, sent at once, and sent again with backoff by any running process until the casino answers 2xx.
 */
export const sandboxWebhookOutbox = pgTable(
  "sandbox_webhook_outbox",
  {
    id: bigintIdentity(),
    /** The sandbox flavour's processor id (`sandbox`, `crypto`, `agent` …): whose endpoint and name it goes to. */
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull().unique(),
    /** The event's JSON as sent; it is signed again at each attempt (a signature is good for 5 minutes). */
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When it may be sent next: an attempt claims the row by moving this on by the backoff. */
    nextAttemptAt: timestamptz("next_attempt_at").notNull(),
    deliveredAt: timestamptz("delivered_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_webhook_outbox_due").on(t.nextAttemptAt).where(sql`delivered_at is null`)],
);
