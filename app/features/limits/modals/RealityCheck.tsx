import { Link } from "react-router";
import type { RealityCheckSummary } from "#common/api/reality-check";
import { compareAmounts } from "#common/money";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorNote } from "~/components/ui/ErrorNote";
import { HistoryIcon, LogoutIcon } from "~/components/ui/icons";
import { ClockIcon } from "~/components/ui/page-icons";
import { useLocalePath } from "~/features/shell/nav";
import { useIntlLocale } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { logout } from "~/lib/session/session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useLimitFormat } from "../format";
import { dueFromValue, formatLength, sessionLength, useRealityCheck } from "../reality-check";

/**
 * The reality check (RTS 13), opened by the timer at `?reality-check={due time in ms}`: how long the session
 * has lasted and its net result per currency, fetched now. The player keeps playing (the next reminder is
 * timed), looks at their spins, or logs out.
 */
export default function RealityCheck({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const locale = useIntlLocale();
  const q = useRealityCheck({ fresh: true });
  const current = q.isFetchedAfterMount && q.data && !q.isError ? q.data : undefined;

  return (
    <ModalFrame
      icon={<ClockIcon size={22} />}
      title={t("reality-check.title")}
      description={t("reality-check.text")}
    >
      {current ? (
        <div className="mb-5 flex flex-col gap-3">
          <div className="flex items-baseline justify-between gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3">
            <span className="text-sm text-muted">{t("reality-check.lasted")}</span>
            <strong className="text-lg tabular-nums" data-testid="reality-check-length">
              {formatLength(sessionLength(current, dueFromValue(value)), locale)}
            </strong>
          </div>
          <div className="rounded-xl border border-line bg-surface-2 px-4 py-3">
            <p className="text-sm text-muted">{t("reality-check.result")}</p>
            {current.summary.length ? (
              <ul className="mt-2 flex flex-col gap-2">
                {current.summary.map((s) => (
                  <SummaryRow key={s.currency} summary={s} />
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm font-semibold" data-testid="reality-check-none">
                {t("reality-check.none")}
              </p>
            )}
          </div>
        </div>
      ) : q.isError ? (
        <ErrorNote className="mb-5" onRetry={() => q.refetch()} retryLabel={t("reality-check.retry")}>
          {t("reality-check.failed")}
        </ErrorNote>
      ) : (
        <div className="mb-5 flex flex-col gap-3" aria-busy="true" data-testid="reality-check-loading">
          <div className="h-12 animate-pulse rounded-xl bg-surface-2" />
          <div className="h-20 animate-pulse rounded-xl bg-surface-2" />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Button variant="primary" size="lg" onClick={close} data-testid="reality-check-continue">
          {t("reality-check.keepPlaying")}
        </Button>
        <div className="grid grid-cols-2 gap-2">
          <Link
            to={href("/wallet/spins")}
            className={buttonClass("secondary", "lg")}
            data-testid="reality-check-history"
          >
            <HistoryIcon size={18} />
            {t("reality-check.history")}
          </Link>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => void logout()}
            data-testid="reality-check-logout"
          >
            <LogoutIcon size={18} />
            {t("reality-check.logout")}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}

/** One currency's result: the net large, green for a win and red for a loss, stakes and wins beneath. */
function SummaryRow({ summary }: { summary: RealityCheckSummary }) {
  const { t } = useTranslation("modals");
  const f = useLimitFormat();
  const sign = compareAmounts(summary.net, "0");
  const net = f.money(summary.net, summary.currency);
  return (
    <li
      data-testid={`reality-check-${summary.currency}`}
      className="flex flex-wrap items-baseline justify-between gap-x-3"
    >
      <span className="text-xs text-muted">
        {t("reality-check.details", {
          staked: f.money(summary.staked, summary.currency),
          won: f.money(summary.won, summary.currency),
        })}
      </span>
      <strong
        data-testid="reality-check-net"
        className={`text-lg tabular-nums ${sign > 0 ? "text-accent" : sign < 0 ? "text-danger" : ""}`}
      >
        {sign > 0 ? `+${net}` : net}
      </strong>
    </li>
  );
}
