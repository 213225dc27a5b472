import type { Job } from "../../jobs/scheduler";
import type { PaymentProviders } from "../../providers/payment";
import { creditTransfer } from "./arrivals";
import {
  applyProcessorEvent,
  expireUnpaidDeposits,
  failUnstartedInvoices,
  type PaymentDeps,
} from "./invoices";

/** The payments' scheduled work (the face's `paymentJobs`; run once across processes by the job runner). */
export function jobsOfPayment(
  deps: PaymentDeps,
  o: { pendingExpiryMs: number; webhookOutbox: PaymentProviders["webhookOutbox"] },
): Job[] {
  return [
    {
      // Invoices a crash left unstarted fail, refunding a withdrawal's reservation: no money stays locked.
      name: "unstarted-invoice-expiry",
      everyMs: 5 * 60_000,
      run: async () => {
        const closed = await failUnstartedInvoices(deps, 5 * 60_000);
        return closed > 0 ? `closed ${closed} unstarted invoices` : undefined;
      },
    },
    {
      // Deposits not paid within DEPOSIT_PENDING_EXPIRY_MINUTES expire: they stop holding the deposit limit
      // (the limits stop counting them at that minute already) and the history no longer shows them pending.
      name: "unpaid-deposit-expiry",
      everyMs: 60_000,
      run: async () => {
        const n = await expireUnpaidDeposits(deps, o.pendingExpiryMs);
        return n > 0 ? `expired ${n} unpaid deposits` : undefined;
      },
    },
    {
      // The sandbox processor's webhooks not yet acknowledged: an approval whose process died before its
      // webhook left, or whose delivery failed, is sent again by whichever process runs this, with backoff,
      // until the casino answers 2xx (decision 0040).
      name: "payment-webhook-redelivery",
      everyMs: 1_000,
      atStart: true,
      run: async () => {
        const r = await o.webhookOutbox?.deliverDue();
        return r && r.delivered + r.failed > 0
          ? `sent ${r.delivered} sandbox webhooks again, ${r.failed} not acknowledged yet`
          : undefined;
      },
    },
    // Each processor's own watch (a chain's new blocks, a payout's confirmations): what it learns is applied as
    // its webhook would be, once per event id; money it saw arrive is credited once per transfer.
    ...Object.values(deps.processors).flatMap(
      (p) =>
        p.jobs?.(
          (event) => applyProcessorEvent(deps, p.id, event),
          (transfer) => creditTransfer(deps, p.id, transfer),
        ) ?? [],
    ),
  ];
}
