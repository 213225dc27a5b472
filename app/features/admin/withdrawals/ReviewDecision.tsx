import type { ReviewedWithdrawal } from "#common/api/admin-payments";
import { adminApi } from "../api";
import { ReasonedDecision } from "../kit/ReasonedDecision";

/** Approve a waiting withdrawal (it goes to the processor), or reject it with a reason and refund it. */
export function ReviewDecision({ w }: { w: ReviewedWithdrawal }) {
  if (w.review !== "awaiting") return null;
  return (
    <ReasonedDecision<"approve" | "reject">
      save={(d, reason) => adminApi.post(`/admin/withdrawals/${w.id}/${d}`, d === "reject" ? { reason } : {})}
      refresh={["admin", "withdrawals"]}
      action={{ value: "approve", label: "Approve", testId: "approve-withdrawal" }}
      reasoned={{
        value: "reject",
        open: "Reject",
        openTestId: "reject-withdrawal",
        label: "Reason (the player reads it)",
        submit: "Reject and refund",
        testId: "reject-reason",
      }}
      before={
        w.flags.length > 0 && (
          <p className="text-xs text-muted">
            Approving sends it to the processor despite {w.flags.length} flag{w.flags.length > 1 ? "s" : ""}.
          </p>
        )
      }
    />
  );
}
