import type { InvoicePublicData } from "#common/api/wallet";
import type { Job } from "../../jobs/scheduler";
import type { PaymentMethod } from "./methods";

/** What a processor is told when an invoice starts. */
export interface ProcessorInvoice {
  invoiceId: string;
  /** The player it is for: a processor that gives each player one address (crypto) keys it by this. */
  playerId: string;
  direction: "deposit" | "withdrawal";
  method: string;
  amount: string;
  currency: string;
  customerFields: Record<string, string>;
}

export interface ProcessorStart {
  /** The processor's id for the invoice; its webhooks name it. */
  providerRef: string;
  /** What the player needs now; empty when it comes later by webhook (a crypto address). */
  publicData: InvoicePublicData;
}

/** A webhook the processor sent, after its signature and age were checked. */
export interface ProcessorEvent {
  /** Unique per event; the same id delivered again changes nothing. */
  eventId: string;
  providerRef: string;
  type: "invoice.paid" | "invoice.failed" | "invoice.data";
  publicData?: InvoicePublicData;
  reason?: string;
  /**
   * invoice.paid: the amount that really arrived, when the processor lets the payer choose it (a crypto transfer);
   * the invoice takes it and the player is credited with it. Absent: the invoice's own amount.
   */
  amount?: string;
}

/** Applies a processor's event as a verified webhook is applied: exactly once per event id. */
export type ApplyProcessorEvent = (event: ProcessorEvent) => Promise<{ applied: boolean }>;

/**
 * Money a processor saw arrive for a player (a transfer to a crypto address): credited once per event id, to the
 * invoice it names while that can still take it, else to a deposit invoice opened for it (decision 0045).
 */
export interface ProcessorTransfer {
  /** Unique per transfer (a transaction hash and log index); the same id again credits nothing. */
  eventId: string;
  playerId: string;
  /** The deposit method it came by, and its currency. */
  method: string;
  currency: string;
  /** What arrived, a positive decimal string in the currency. */
  amount: string;
  /** The invoice it was meant for; absent, or no longer payable: a new deposit invoice is opened and paid. */
  providerRef?: string;
  publicData?: InvoicePublicData;
}

/** Credits a transfer exactly once; answers whether this call credited it. */
export type CreditTransfer = (transfer: ProcessorTransfer) => Promise<{ applied: boolean }>;

/** The webhook was not signed by the processor, or is too old to trust. */
export class WebhookRejected extends Error {}

/**
 * A payment processor behind its port. The built-in sandbox implements it for cards, bank payments and
 * crypto; a real processor plugs in by configuration (server/providers/payment/index.ts) implementing the same
 * calls. See docs/payments.md.
 */
export interface PaymentProcessor {
  /** The provider part of its methods' codes. */
  readonly id: string;
  /** The methods it carries: the catalogue players see is every configured processor's methods together. */
  readonly methods: readonly PaymentMethod[];
  /**
   * Work it does on a timer (watching a chain, following a payout), run by the payment module's job runner;
   * what it learns it reports through `apply`, as a webhook would be, and money it saw arrive through `credit`.
   */
  jobs?(apply: ApplyProcessorEvent, credit: CreditTransfer): Job[];
  start(invoice: ProcessorInvoice): Promise<ProcessorStart>;
  /**
   * Verifies and reads a webhook from its raw body and headers; throws WebhookRejected. One delivery may carry
   * several events (a Pix notification lists every Pix received), and a processor may confirm what it was told
   * with a call of its own before answering.
   */
  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): ProcessorEvent | ProcessorEvent[] | Promise<ProcessorEvent | ProcessorEvent[]>;
}
