import type { ApiModule, AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import { verificationOf } from "../documents";
import type { PaymentBonuses } from "./bonus-port";
import type { PaymentDeps } from "./invoices";
import { jobsOfPayment } from "./jobs";
import type { DepositLimits } from "./limits-port";
import { paymentRoutes } from "./routes";

export { creditTransfer } from "./arrivals";
export type { PaymentBonuses } from "./bonus-port";
export { listInvoices, type PaymentDeps, paidDepositCount } from "./invoices";
export { type DepositLimits, type DepositVerdict, noDepositLimits } from "./limits-port";
export { pendingDepositsSum } from "./pending-deposits";

/**
 * What payments ask of the modules above them (issue 37): filled in server/app.ts (bonus, limits) and handed
 * through AppDeps, so this module imports neither.
 */
export interface PaymentPorts {
  bonuses: PaymentBonuses;
  depositLimits: DepositLimits;
}

/** What the payment services run on, from the app's dependencies. */
export function paymentDeps(deps: AppDeps): PaymentDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    publisher: deps.realtime,
    depositLimits: deps.paymentPorts.depositLimits,
    bonuses: deps.paymentPorts.bonuses,
    processors: deps.payments.processors,
    withdrawalReview:
      deps.config.WITHDRAWAL_REVIEW_ABOVE === "off"
        ? undefined
        : { above: deps.config.WITHDRAWAL_REVIEW_ABOVE },
    withdrawalVerification:
      deps.config.IDENTITY_VERIFICATION !== "off" && deps.config.WITHDRAWAL_VERIFICATION_THRESHOLD
        ? {
            threshold: deps.config.WITHDRAWAL_VERIFICATION_THRESHOLD,
            isVerified: async (playerId) => (await verificationOf(deps.db, playerId)).status === "verified",
          }
        : undefined,
    withdrawalsToSource: deps.config.WITHDRAWALS_TO_SOURCE,
    depositVerification:
      deps.config.IDENTITY_VERIFICATION !== "off" && deps.config.DEPOSIT_VERIFICATION_THRESHOLD
        ? {
            threshold: deps.config.DEPOSIT_VERIFICATION_THRESHOLD,
            isVerified: async (playerId) => (await verificationOf(deps.db, playerId)).status === "verified",
          }
        : undefined,
  };
}

/**
 * Payment methods, invoices and the processors' webhooks. The sandbox processor delivers its webhooks to this
 * same server through `inject` — the real route, signature check and all — as a remote processor would.
 */
export const paymentModule: ApiModule = async (api, deps) => {
  const { sandboxes } = deps.payments;
  api.addHook("onClose", async () => {
    for (const s of Object.values(sandboxes)) s.close();
  });
  await Promise.all(Object.values(sandboxes).map((s) => s.resume()));
  await api.register(paymentRoutes({ ...paymentDeps(deps), sandboxes, publicUrl: deps.config.publicUrl }));
};

// What the back office (admin) uses (issue 37 step 3).
// What the server's jobs, seed and start-up use (issue 37 step 3).
export { catalogueOf } from "./catalogue";
export { invoiceLedgerProblems } from "./reconciliation";
export {
  approveWithdrawal,
  listReviewedWithdrawals,
  methodLimitsList,
  rejectWithdrawal,
  setMethodLimit,
} from "./withdrawal-review";

/** The payments' scheduled work, for the job runner (server/jobs). */
export const paymentJobs = (deps: AppDeps): Job[] =>
  jobsOfPayment(paymentDeps(deps), {
    pendingExpiryMs: deps.config.DEPOSIT_PENDING_EXPIRY_MINUTES * 60_000,
    webhookOutbox: deps.payments.webhookOutbox,
  });
