import type { InvoicePublicData } from "#common/api/wallet";

/** What a processor is told when an invoice starts. */
export interface ProcessorInvoice {
  invoiceId: string;
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
}

/** The webhook was not signed by the processor, or is too old to trust. */
export class WebhookRejected extends Error {}

/**
 * A payment processor behind its port. The built-in sandbox implements it for cards, bank payments and
 * crypto; a real processor plugs in by configuration with one file implementing the same four calls.
 */
export interface PaymentProcessor {
  readonly id: string;
  start(invoice: ProcessorInvoice): Promise<ProcessorStart>;
  /** Verifies and reads a webhook from its raw body and headers; throws WebhookRejected. */
  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): ProcessorEvent;
}
