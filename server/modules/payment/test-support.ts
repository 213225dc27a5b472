import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Db } from "../../db/client";
import { SIGNATURE_HEADER, signWebhook } from "../../providers/payment/signature";
import { invoices } from "./tables";

/** The details a card withdrawal asks of its payee (the sandbox's card method), for tests that withdraw. */
export const CARD_PAYEE = {
  firstName: "Ana",
  lastName: "Silva",
  address: "Rua 1",
  city: "Rio",
  postalCode: "20000",
  country: "BR",
} as const;

// What other modules' tests use of this module's insides (issue 37: tests reach modules through faces,
// tables and test-support).
export {
  applyProcessorEvent,
  applyWebhook,
  createDeposit,
  createWithdrawal,
  listMethods,
  type PaymentDeps,
} from "./invoices";
export { noDepositLimits } from "./limits-port";

/** The sandbox processor's webhook secret for test apps that pay deposits through it (`env` of createTestApp). */
export const SANDBOX_SECRET = "sandbox-webhook-secret-sandbox-webhook-secret";

/**
 * The sandbox processor's signed "invoice.paid" webhook for one of our invoices, sent `times` times at once
 * (a processor that retries), as the processor sends it: over HTTP, signed at `at`.
 */
export async function sandboxPaid(
  app: FastifyInstance,
  db: Db,
  invoiceId: string | bigint,
  { at = new Date(), times = 1 }: { at?: Date; times?: number } = {},
): Promise<LightMyRequestResponse[]> {
  const [inv] = await db
    .select({ providerRef: invoices.providerRef })
    .from(invoices)
    .where(eq(invoices.id, BigInt(invoiceId)));
  if (!inv) throw new Error(`no invoice ${invoiceId}`);
  return Promise.all(
    Array.from({ length: times }, () => {
      const raw = JSON.stringify({
        eventId: randomUUID(),
        providerRef: inv.providerRef,
        type: "invoice.paid",
      });
      return app.inject({
        method: "POST",
        url: "/api/payment/webhooks/sandbox",
        headers: {
          "content-type": "application/json",
          [SIGNATURE_HEADER]: signWebhook(SANDBOX_SECRET, raw, at),
        },
        payload: raw,
      });
    }),
  );
}
