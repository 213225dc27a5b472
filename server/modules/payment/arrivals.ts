import { and, eq } from "drizzle-orm";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { compareAmounts, normalizeAmount } from "#common/money";
import type { ProcessorTransfer } from "../../providers/payment/port";
import { accountInCurrency, inPlayerOrder, openAccount } from "../wallet";
import { applyProcessorEvent, nextNumber, type PaymentDeps } from "./invoices";
import { invoices, paymentWebhookEvents } from "./tables";

/**
 * Money a processor saw arrive (a crypto transfer), credited exactly once per event id through the invoices'
 * own path (applyProcessorEvent → settle, decision 0045):
 * - an event id already applied credits nothing (the processor may ask again after a crash);
 * - the invoice it names is paid with what arrived, while it is pending or was cancelled or expired unpaid;
 * - otherwise (a second transfer to the same address, or its invoice failed to start) a deposit invoice is
 *   opened for the player and paid at once. Its reference is the event id, so a retry finds it, not a new one.
 * The money is on the operator's address already: it is credited whatever the player's deposit limits say.
 */
export async function creditTransfer(
  deps: PaymentDeps,
  provider: string,
  t: ProcessorTransfer,
): Promise<{ applied: boolean }> {
  const amount = normalizeAmount(t.amount);
  if (!amount || compareAmounts(amount, "0") <= 0)
    throw new Error(`transfer ${t.eventId}: amount ${t.amount}`);
  const [done] = await deps.db
    .select({ id: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, t.eventId)));
  if (done) return { applied: false };
  const paid = { eventId: t.eventId, type: "invoice.paid" as const, amount };
  if (t.providerRef) {
    const applied = await applyProcessorEvent(deps, provider, { ...paid, providerRef: t.providerRef });
    if (applied.applied) return applied;
  }
  await openArrivalInvoice(deps, provider, t, amount);
  return applyProcessorEvent(deps, provider, { ...paid, providerRef: t.eventId });
}

/** The deposit invoice of a transfer nobody asked for, pending until the event pays it; once per event id. */
async function openArrivalInvoice(deps: PaymentDeps, provider: string, t: ProcessorTransfer, amount: string) {
  const playerId = BigInt(t.playerId);
  // The address serves every coin of the chain: a USDT transfer may reach a player who only holds ETH.
  const account =
    (await accountInCurrency(deps.db, playerId, t.currency)) ??
    (await openAccount(deps, playerId, t.currency).then(() =>
      accountInCurrency(deps.db, playerId, t.currency),
    ));
  if (!account) throw new Error(`transfer ${t.eventId}: player ${t.playerId} has no ${t.currency} account`);
  await inPlayerOrder(deps.db, playerId, async (tx) => {
    await tx
      .insert(invoices)
      .values({
        playerId,
        accountId: account.id,
        type: INVOICE_TYPE.deposit,
        status: INVOICE_STATUS.pending,
        number: await nextNumber(tx, playerId, INVOICE_TYPE.deposit),
        amount,
        createdAt: deps.clock.now(),
        currency: t.currency,
        method: t.method,
        provider,
        providerRef: t.eventId,
        customerFields: {},
        publicData: t.publicData ?? {},
      })
      .onConflictDoNothing({ target: [invoices.provider, invoices.providerRef] });
  });
}
