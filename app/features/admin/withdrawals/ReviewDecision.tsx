import { useState } from "react";
import type { ReviewedWithdrawal } from "#common/api/admin-payments";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { ReasonForm } from "../kit/ReasonForm";

/** Approve a waiting withdrawal (it goes to the processor), or reject it with a reason and refund it. */
export function ReviewDecision({ w }: { w: ReviewedWithdrawal }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const decide = useSaveAndRefresh(
    (d: "approve" | "reject") =>
      adminApi.post(`/admin/withdrawals/${w.id}/${d}`, d === "reject" ? { reason } : {}),
    ["admin", "withdrawals"],
  );
  if (w.review !== "awaiting") return null;
  return (
    <div className="grid gap-2">
      {w.flags.length > 0 && !rejecting && (
        <p className="text-xs text-muted">
          Approving sends it to the processor despite {w.flags.length} flag{w.flags.length > 1 ? "s" : ""}.
        </p>
      )}
      {rejecting ? (
        <ReasonForm
          label="Reason (the player reads it)"
          reason={reason}
          onReason={setReason}
          busy={decide.isPending}
          onSubmit={() => decide.mutate("reject")}
          onBack={() => setRejecting(false)}
          submit="Reject and refund"
          testId="reject-reason"
        />
      ) : (
        <div className="flex flex-wrap gap-1.5">
          <Button
            size="sm"
            disabled={decide.isPending}
            onClick={() => decide.mutate("approve")}
            data-testid="approve-withdrawal"
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={decide.isPending}
            onClick={() => setRejecting(true)}
            data-testid="reject-withdrawal"
          >
            Reject
          </Button>
        </div>
      )}
      <ErrorAlert error={decide.error} className="text-xs text-danger" />
    </div>
  );
}
