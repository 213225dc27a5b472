import type { ApiModule, AppDeps } from "../../app";
import { bonusForPaidDeposit, recordDepositChoice } from "../bonus/deposits";
import { assertNoActiveBonus } from "../bonus/player-bonuses";
import { verificationOf } from "../documents/verification";
import { depositLimits } from "../limits/enforcement";
import type { PaymentDeps } from "./invoices";
import { paymentRoutes } from "./routes";

/** What the payment services run on, from the app's dependencies. */
export function paymentDeps(deps: AppDeps): PaymentDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    publisher: deps.realtime,
    depositLimits: depositLimits(deps.db, deps.clock, deps.config.DEPOSIT_PENDING_EXPIRY_MINUTES * 60_000),
    bonuses: {
      choose: recordDepositChoice,
      paid: bonusForPaidDeposit,
      assertWithdrawable: assertNoActiveBonus,
    },
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
export { expireUnpaidDeposits, failUnstartedInvoices, listInvoices } from "./invoices";
export { invoiceLedgerProblems } from "./reconciliation";
export {
  approveWithdrawal,
  listReviewedWithdrawals,
  methodLimitsList,
  rejectWithdrawal,
  setMethodLimit,
} from "./withdrawal-review";
