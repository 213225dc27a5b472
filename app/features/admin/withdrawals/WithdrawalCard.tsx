import { Link } from "react-router";
import type { ReviewedWithdrawal } from "#common/api/admin-payments";
import { StatusBadge } from "../kit/badges";
import { CaseAmount, CaseCard } from "../kit/CaseCard";
import { when } from "../kit/format";
import { ReviewDecision } from "./ReviewDecision";
import { WithdrawalFlags } from "./WithdrawalFlags";

const INVOICE_STATUS_NAMES: Record<number, [string, string]> = {
  1: ["pending", "with the processor"],
  2: ["applied", "paid"],
  3: ["rejected", "failed"],
};

/** One withdrawal: its amount and player, its flags and payee, and the decision or the review taken. */
export function WithdrawalCard({ w }: { w: ReviewedWithdrawal }) {
  const [tone, label] = INVOICE_STATUS_NAMES[w.status] ?? ["pending", String(w.status)];
  const payee = Object.entries(w.customerFields);
  return (
    <CaseCard
      testId="withdrawal-row"
      id={w.id}
      columns="md:grid-cols-[minmax(0,1.1fr)_minmax(0,1.4fr)_minmax(0,1fr)]"
    >
      <div className="min-w-0">
        <CaseAmount amount={w.amount} currency={w.currency} />
        <p className="truncate text-sm text-muted">{w.method}</p>
        <p className="mt-1 text-xs text-muted">Asked {when(w.createdAt)}</p>
        <Link
          to={`/admin/players/${w.playerId}`}
          className="mt-1 block truncate text-sm font-semibold text-accent hover:underline"
        >
          #{w.playerId} {w.playerEmail ?? ""}
        </Link>
      </div>
      <div className="grid min-w-0 content-start gap-2">
        <WithdrawalFlags flags={w.flags} />
        {payee.length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs">
            {payee.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted">{k}</dt>
                <dd className="truncate">{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="grid min-w-0 content-start gap-2">
        {w.review === "awaiting" ? (
          <ReviewDecision w={w} />
        ) : (
          <div className="grid gap-1 text-sm">
            <div className="flex flex-wrap gap-1.5">
              <StatusBadge status={w.review === "approved" ? "applied" : "rejected"} label={w.review} />
              <StatusBadge status={tone} label={label} />
            </div>
            {w.reviewedAt && <p className="text-xs text-muted">{when(w.reviewedAt)}</p>}
            {(w.reviewReason ?? w.failureReason) && (
              <p className="text-xs text-muted">{w.reviewReason ?? w.failureReason}</p>
            )}
          </div>
        )}
      </div>
    </CaseCard>
  );
}
