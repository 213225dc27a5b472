import type { Limit } from "#common/api/limits";
import { addAmounts, compareAmounts, negate } from "#common/money";
import { Badge } from "~/components/ui/Badge";
import { buttonClass } from "~/components/ui/Button";
import { ClockIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { usedPercent, useLimitFormat } from "./format";

/** One money limit: its amount and period, how much of it is used, when it resets, what change is waiting. */
export function LimitRow({ limit }: { limit: Limit }) {
  const { t } = useTranslation("layout");
  const f = useLimitFormat();
  const currency = limit.currency ?? "";
  const amount = limit.amount ?? "0";
  const used = limit.used ?? "0";
  // Deposit limits also hold what unpaid deposits may still bring; the server's `left` counts both, as the
  // cashier and the deposit check do (one calculation, issue 36).
  const unpaid = limit.pendingDeposits ?? "0";
  const hasUnpaid = compareAmounts(unpaid, "0") > 0;
  const percent = usedPercent(used, amount);
  const unpaidPercent = hasUnpaid ? Math.max(0, usedPercent(addAmounts(used, unpaid), amount) - percent) : 0;
  const left = limit.left ?? (compareAmounts(used, amount) >= 0 ? "0" : addAmounts(amount, negate(used)));
  const reached = compareAmounts(left, "0") <= 0;
  const bar = reached ? "bg-danger" : percent >= 80 ? "bg-gold" : "bg-accent";
  const pending = limit.pending;
  return (
    <li
      data-testid="limit-row"
      data-definition={limit.definition}
      data-period={limit.period}
      className="rounded-xl border border-line bg-surface-2/40 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone="neutral">{f.period(limit.period)}</Badge>
            {reached && <Badge tone="warn">{t("profile.limits.reached")}</Badge>}
          </p>
          <p className="mt-2 text-2xl font-extrabold tracking-tight tabular-nums" data-testid="limit-amount">
            {f.money(amount, currency)}
          </p>
        </div>
        <div className="flex gap-2">
          <ModalLink
            modal="edit-limit"
            value={limit.id}
            className={buttonClass("secondary", "sm")}
            data-testid="limit-edit"
          >
            {t("profile.limits.edit")}
          </ModalLink>
          {!pending?.delete && (
            <ModalLink
              modal="confirm-delete-limit"
              value={limit.id}
              className={`${buttonClass("secondary", "sm")} text-muted`}
              data-testid="limit-delete"
            >
              {t("profile.limits.remove")}
            </ModalLink>
          )}
        </div>
      </div>
      <div
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-surface-3"
        role="progressbar"
        aria-label={t("profile.limits.usedLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="flex h-full">
          <div className={`h-full transition-[width] ${bar}`} style={{ width: `${percent}%` }} />
          {unpaidPercent > 0 && (
            <div
              data-testid="limit-unpaid-bar"
              className="h-full bg-gold/50"
              style={{ width: `${unpaidPercent}%` }}
            />
          )}
        </div>
      </div>
      <p className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <span data-testid="limit-used" className="tabular-nums">
          {t("profile.limits.used", { used: f.money(used, currency), amount: f.money(amount, currency) })}
        </span>
        <span data-testid="limit-left" className="font-semibold text-fg tabular-nums">
          {t("profile.limits.left", { amount: f.money(left, currency) })}
        </span>
        {limit.periodEndsAt && (
          <span>{t("profile.limits.resets", { date: f.date(limit.periodEndsAt) })}</span>
        )}
      </p>
      {hasUnpaid && (
        <p data-testid="limit-unpaid" className="mt-1 text-xs text-muted tabular-nums">
          {t("profile.limits.pendingDeposits", { amount: f.money(unpaid, currency) })}
        </p>
      )}
      {pending && (
        <p
          data-testid="limit-pending"
          className="mt-3 flex items-start gap-2 rounded-lg border border-gold/30 bg-gold/10 px-3 py-2 text-sm"
        >
          <ClockIcon size={16} className="mt-0.5 shrink-0 text-gold" />
          <span>
            {pending.delete
              ? t("profile.limits.pendingDelete", { date: f.date(pending.effectiveAt) })
              : t("profile.limits.pendingChange", {
                  amount: f.money(pending.amount ?? amount, currency),
                  period: f.period(pending.period ?? limit.period).toLowerCase(),
                  date: f.date(pending.effectiveAt),
                })}
          </span>
        </p>
      )}
    </li>
  );
}
