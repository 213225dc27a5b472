import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { InvoicePublicData } from "#common/api/wallet";
import { bigintIdentity, createdAt, money, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn } from "../player/tables";
import { walletAccounts } from "../wallet/tables";

export type { InvoicePublicData } from "#common/api/wallet";

/**
 * A deposit or a withdrawal (spec point 3: id, status, number, amount, currency, createdAt, publicData).
 * Status moves once, from 1 pending to 2 success or 3 failure, in the same transaction as its ledger entry.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    accountId: bigint("account_id", { mode: "bigint" })
      .notNull()
      .references(() => walletAccounts.id),
    /** 1 deposit, 2 withdrawal (settings constants payment.invoiceTypes). */
    type: smallint("type").notNull(),
    status: smallint("status").notNull().default(1),
    /** The player's n-th invoice of this type, from 1. */
    number: integer("number").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    method: text("method").notNull(),
    provider: text("provider").notNull(),
    /** The processor's id for it; webhooks name invoices by this. */
    providerRef: text("provider_ref").notNull(),
    publicData: jsonb("public_data").$type<InvoicePublicData>().notNull().default({}),
    customerFields: jsonb("customer_fields").$type<Record<string, string>>().notNull().default({}),
    /**
     * The player's own retry key (Idempotency-Key header), one invoice per key and player: the same key again
     * answers the same invoice only for the same operation and body (`requestHash`), else 422 (decision 0036).
     */
    requestKey: text("request_key"),
    /** sha256 of the operation and the request's body the key was first sent with; null before decision 0036. */
    requestHash: text("request_hash"),
    failureReason: text("failure_reason"),
    /**
     * Withdrawals above WITHDRAWAL_REVIEW_ABOVE wait for staff (decision 0021): `awaiting` until a staff member
     * decides; `approved` hands it to the processor, `rejected` fails it with a refund. Null: no review.
     */
    review: text("review", { enum: ["awaiting", "approved", "rejected"] }),
    /** The staff member who decided the review, when, and why (a rejection's reason the player reads). */
    reviewedBy: integer("reviewed_by"),
    reviewedAt: timestamptz("reviewed_at"),
    reviewReason: text("review_reason"),
    /**
     * When the player cancelled it (decline). A cancelled deposit the processor reports paid after all is still
     * credited: the money arrived. A withdrawal can be cancelled only while it waits for review.
     */
    cancelledAt: timestamptz("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("invoices_amount_positive", sql`${t.amount} > 0`),
    check("invoices_status_known", sql`${t.status} in (1, 2, 3)`),
    uniqueIndex("invoices_player_type_number").on(t.playerId, t.type, t.number),
    uniqueIndex("invoices_provider_ref").on(t.provider, t.providerRef),
    uniqueIndex("invoices_request_key").on(t.playerId, t.requestKey),
    index("invoices_player_created").on(t.playerId, t.createdAt),
    index("invoices_review_created").on(t.review, t.createdAt),
  ],
);

/** Every webhook event a processor sent, once: a repeated delivery finds its row and changes nothing. */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    invoiceId: bigint("invoice_id", { mode: "bigint" }),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The operator's own bounds of a payment method in one currency (decision 0021): they replace the catalogue's
 * limits for that method and currency, in the methods list and when an invoice is made.
 */
export const paymentMethodLimits = pgTable(
  "payment_method_limits",
  {
    method: text("method").notNull(),
    currency: text("currency").notNull(),
    min: money("min").notNull(),
    max: money("max").notNull(),
    updatedBy: integer("updated_by"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.method, t.currency] }),
    check("payment_method_limits_bounds", sql`${t.min} > 0 and ${t.min} <= ${t.max}`),
  ],
);
