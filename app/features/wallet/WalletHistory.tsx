import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import type { Page } from "#common/api/paging";
import type { Invoice } from "#common/api/wallet";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { Button } from "~/components/ui/Button";
import { Pager, usePageParam } from "~/components/ui/Pager";
import { ArrowDownIcon, ArrowUpIcon } from "~/components/ui/page-icons";
import { Loading } from "~/components/ui/states";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/Table";
import { useIsMobile } from "~/lib/device";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { formatMoney } from "./format";
import { type HistoryFilterField, HistoryFilters, useHistoryFilters } from "./HistoryFilters";
import { InvoiceTotals } from "./InvoiceTotals";
import { walletKeys } from "./queries";
import { useWallet } from "./store";
import { useIntlLocale } from "./ui";

const FILTERS = ["type", "status", "currency", "dateFrom", "dateTo"] as const;
type FilterKey = (typeof FILTERS)[number];
const PER_PAGE = 10;

const STATUS_STYLE: Record<number, string> = {
  [INVOICE_STATUS.pending]: "bg-gold/15 text-gold",
  [INVOICE_STATUS.success]: "bg-success/15 text-success",
  [INVOICE_STATUS.failure]: "bg-danger/15 text-danger",
};

/** `/wallet/history`: the invoices with filters (type, status, currency, dates) kept in the address, and paging. */
export function WalletHistory() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const mobile = useIsMobile();
  const { pathname, search } = useLocation();
  const live = useWallet((s) => s.invoices);
  const currencies = useWallet((s) => s.currencies);
  const accounts = useWallet((s) => s.accounts);
  const { filters, apply, active } = useHistoryFilters(FILTERS, { resetPage: true });
  const [page] = usePageParam();
  // Read again each time the page opens (a deposit made a moment ago is in it); the last page stays on screen,
  // dimmed, while another one loads.
  const query = useQuery({
    queryKey: walletKeys.history({ ...filters, page }),
    queryFn: (): Promise<Page<Invoice>> =>
      api().get("/payment/invoices", { ...filters, page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const state = { page: query.data, error: query.isError, loading: query.isFetching };

  const fields: HistoryFilterField<FilterKey>[] = [
    {
      key: "type",
      label: t("wallet.history.type"),
      options: [
        [String(INVOICE_TYPE.deposit), t("wallet.types.1")],
        [String(INVOICE_TYPE.withdrawal), t("wallet.types.2")],
      ],
    },
    {
      key: "status",
      label: t("wallet.history.status"),
      options: [1, 2, 3].map((s) => [String(s), t(`wallet.statuses.${s}`)]),
    },
    {
      key: "currency",
      label: t("wallet.history.currency"),
      options: accounts.map((a) => [a.currency, a.currency]),
    },
    { key: "dateFrom", label: t("wallet.history.from"), date: { max: "dateTo" } },
    { key: "dateTo", label: t("wallet.history.to"), date: { min: "dateFrom" } },
  ];

  const rows = (state.page?.data ?? []).map((i) => live[i.id] ?? i);
  const cancelHref = (id: string) => {
    const q = new URLSearchParams(search);
    q.set("cancel-deposit", id);
    return `${pathname}?${q}`;
  };
  const money = (i: Invoice) =>
    formatMoney(
      i.amount,
      i.currency,
      currencies.find((c) => c.code === i.currency),
      locale,
    );
  const date = (s: string) => new Date(s).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  const statusChip = (i: Invoice) => (
    <span
      className={`inline-flex rounded-md px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[i.status] ?? ""}`}
      data-testid="invoice-status"
    >
      {t(`wallet.statuses.${i.status}`)}
    </span>
  );
  const cancel = (i: Invoice) =>
    i.cancellable ? (
      <Link
        to={cancelHref(i.id)}
        preventScrollReset
        data-testid={`invoice-cancel-${i.id}`}
        className="text-xs font-semibold text-danger hover:underline"
      >
        {t("wallet.history.cancel")}
      </Link>
    ) : null;

  return (
    <div>
      <InvoiceTotals />
      <HistoryFilters
        fields={fields}
        filters={filters}
        active={active}
        onApply={apply}
        count={state.page ? t("wallet.history.count", { count: state.page.meta.totalRows }) : undefined}
        inlineClassName="mb-5 grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        testIds={{
          inline: "history-filters",
          open: "history-filters-open",
          sheet: "history-sheet",
          form: "history-sheet-form",
          apply: "history-sheet-apply",
        }}
      />

      <div data-testid="history" aria-busy={state.loading} data-loading={state.loading ? "true" : "false"}>
        {state.error ? (
          <div className="rounded-2xl border border-danger/40 bg-danger/10 p-6 text-center">
            <p className="font-semibold">{t("wallet.history.error")}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => query.refetch()}>
              {t("wallet.retry")}
            </Button>
          </div>
        ) : !state.page && state.loading ? (
          <Loading rows={4} rowClassName="h-16" />
        ) : rows.length === 0 ? (
          <div
            className="rounded-2xl border border-dashed border-line px-6 py-14 text-center"
            data-testid="history-empty"
          >
            <p className="text-lg font-bold">
              {active ? t("wallet.history.emptyFiltered") : t("wallet.history.empty")}
            </p>
            <p className="mt-1 text-sm text-muted">{active ? "" : t("wallet.history.emptyHint")}</p>
            {active > 0 && (
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => apply({})}>
                {t("wallet.history.reset")}
              </Button>
            )}
          </div>
        ) : mobile ? (
          <ul className={`flex flex-col gap-2 ${state.loading ? "opacity-60" : ""}`}>
            {rows.map((i) => (
              <li
                key={i.id}
                data-testid="invoice-row"
                data-type={i.type}
                data-status={i.status}
                className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3"
              >
                <TypeIcon type={i.type} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold">{t(`wallet.types.${i.type}`)}</p>
                  <p className="truncate text-xs text-muted">{date(i.createdAt)}</p>
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="text-sm font-bold tabular-nums">{money(i)}</span>
                  <span className="flex items-center gap-2">
                    {cancel(i)}
                    {statusChip(i)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Table busy={state.loading}>
            <THead>
              <Th>{t("wallet.history.type")}</Th>
              <Th>{t("wallet.history.date")}</Th>
              <Th>{t("wallet.history.id")}</Th>
              <Th align="right">{t("wallet.history.amount")}</Th>
              <Th>{t("wallet.history.status")}</Th>
              <Th />
            </THead>
            <TBody>
              {rows.map((i) => (
                <Tr key={i.id} data-testid="invoice-row" data-type={i.type} data-status={i.status}>
                  <Td>
                    <span className="flex items-center gap-3 font-semibold">
                      <TypeIcon type={i.type} /> {t(`wallet.types.${i.type}`)}
                    </span>
                  </Td>
                  <Td className="text-muted">{date(i.createdAt)}</Td>
                  <Td className="text-muted">#{i.id}</Td>
                  <Td align="right" className="font-bold tabular-nums">
                    {money(i)}
                  </Td>
                  <Td>{statusChip(i)}</Td>
                  <Td align="right">{cancel(i)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        <Pager meta={state.page?.meta} label={(page, pages) => t("wallet.history.page", { page, pages })} />
      </div>
    </div>
  );
}

function TypeIcon({ type }: { type: number }) {
  const deposit = type === INVOICE_TYPE.deposit;
  return (
    <span
      className={`grid size-9 shrink-0 place-items-center rounded-full ${deposit ? "bg-success/15 text-success" : "bg-accent-2/15 text-accent-2"}`}
    >
      {deposit ? <ArrowDownIcon size={16} /> : <ArrowUpIcon size={16} />}
    </span>
  );
}
