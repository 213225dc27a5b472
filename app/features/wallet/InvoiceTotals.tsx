import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { InvoiceStatistics, InvoiceStatisticsSide } from "#common/api/wallet";
import { ArrowDownIcon, ArrowUpIcon } from "~/components/ui/page-icons";
import { Failed, Loading } from "~/components/ui/states";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { formatMoney } from "./format";
import { walletKeys } from "./queries";
import { useWallet } from "./store";
import { useIntlLocale } from "./ui";

/**
 * The history's summary (GET /payment/invoices/statistics): what the player has paid in and taken out, per
 * currency, over all time and whatever the filters say, with how many are still pending. Read again when an
 * invoice this tab knows changes status (a deposit credited while the page is open).
 */
export function InvoiceTotals() {
  const { t } = useTranslation("layout");
  const seen = useWallet((s) => s.invoices);
  const version = Object.values(seen)
    .map((i) => `${i.id}:${i.status}`)
    .sort()
    .join();
  const query = useQuery({
    queryKey: walletKeys.statistics(version),
    queryFn: async (): Promise<InvoiceStatistics> => (await api().get("/payment/invoices/statistics")).data,
    // The old totals stay on screen while the new ones are read, not a placeholder.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (query.isError)
    return (
      <Failed
        testId="invoice-totals-error"
        className="mb-5"
        onRetry={() => query.refetch()}
        retryLabel={t("wallet.retry")}
      >
        {t("wallet.totals.error")}
      </Failed>
    );
  if (!query.data)
    return <Loading rows={1} rowClassName="h-20" className="mb-5" testId="invoice-totals-loading" />;
  const { deposits, withdrawals } = query.data;
  // Before the first deposit there is nothing to sum: the history's own empty state speaks.
  if (deposits.count === 0 && withdrawals.count === 0) return null;
  return (
    <div data-testid="invoice-totals" className="mb-5 grid grid-cols-2 gap-3">
      <Side kind="deposits" side={deposits} />
      <Side kind="withdrawals" side={withdrawals} />
    </div>
  );
}

function Side({ kind, side }: { kind: "deposits" | "withdrawals"; side: InvoiceStatisticsSide }) {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const currencies = useWallet((s) => s.currencies);
  const sums = Object.entries(side.successSums).sort(([a], [b]) => a.localeCompare(b));
  const deposit = kind === "deposits";
  return (
    <section
      data-testid={`invoice-totals-${kind}`}
      className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-3 sm:p-4"
    >
      <span
        className={`hidden size-10 shrink-0 place-items-center rounded-full sm:grid ${deposit ? "bg-success/15 text-success" : "bg-accent-2/15 text-accent-2"}`}
      >
        {deposit ? <ArrowDownIcon size={18} /> : <ArrowUpIcon size={18} />}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">
          {t(`wallet.totals.${kind}`)}
        </h2>
        <p
          className="mt-1 flex flex-wrap gap-x-3 text-base font-bold tabular-nums sm:text-lg"
          data-testid="invoice-totals-sums"
        >
          {sums.length === 0
            ? t("wallet.totals.none")
            : sums.map(([code, amount]) => (
                <span key={code}>
                  {formatMoney(
                    amount,
                    code,
                    currencies.find((c) => c.code === code),
                    locale,
                  )}
                </span>
              ))}
        </p>
        <p className="mt-0.5 text-xs text-muted" data-testid="invoice-totals-counts">
          {t("wallet.totals.successful", { count: side.successCount })}
          {side.pendingCount > 0 && ` · ${t("wallet.totals.pending", { count: side.pendingCount })}`}
        </p>
      </div>
    </section>
  );
}
