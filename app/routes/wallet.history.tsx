import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import type { Page } from "#common/api/paging";
import type { Invoice } from "#common/api/wallet";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { Button } from "~/components/ui/Button";
import { FilterActions } from "~/components/ui/FilterActions";
import { FiltersButton } from "~/components/ui/FiltersButton";
import { Input, Select } from "~/components/ui/Input";
import { Pager, usePageParam } from "~/components/ui/Pager";
import { ArrowDownIcon, ArrowUpIcon } from "~/components/ui/page-icons";
import { formatMoney } from "~/features/wallet/format";
import { useWallet } from "~/features/wallet/store";
import { useIntlLocale } from "~/features/wallet/ui";
import { useIsMobile } from "~/lib/device";
import { api } from "~/lib/session/client";
import { ModalFrame } from "~/modals/ModalFrame";

const FILTERS = ["type", "status", "currency", "dateFrom", "dateTo"] as const;
type FilterKey = (typeof FILTERS)[number];
type Filters = Partial<Record<FilterKey, string>>;
const PER_PAGE = 10;

const STATUS_STYLE: Record<number, string> = {
  [INVOICE_STATUS.pending]: "bg-gold/15 text-gold",
  [INVOICE_STATUS.success]: "bg-success/15 text-success",
  [INVOICE_STATUS.failure]: "bg-danger/15 text-danger",
};

/** `/wallet/history`: the invoices with filters (type, status, currency, dates) kept in the address, and paging. */
export default function WalletHistory() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const live = useWallet((s) => s.invoices);
  const currencies = useWallet((s) => s.currencies);
  const [state, setState] = useState<{ page?: Page<Invoice>; error?: boolean; loading: boolean }>({
    loading: true,
  });
  const [sheet, setSheet] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const filters: Filters = useMemo(() => {
    const f: Filters = {};
    for (const k of FILTERS) {
      const v = params.get(k);
      if (v) f[k] = v;
    }
    return f;
  }, [params]);
  const [page, _goPage] = usePageParam();
  const key = JSON.stringify({ filters, page, attempt });

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for filters, page and attempt
  useEffect(() => {
    let on = true;
    setState((s) => ({ ...s, loading: true, error: false }));
    api()
      .get("/payment/invoices", { ...filters, page, perPage: PER_PAGE })
      .then((p) => on && setState({ page: p, loading: false }))
      .catch(() => on && setState({ error: true, loading: false }));
    return () => {
      on = false;
    };
  }, [key]);

  const apply = useCallback(
    (next: Filters) => {
      setParams(
        (q) => {
          for (const k of FILTERS) {
            const v = next[k];
            if (v) q.set(k, v);
            else q.delete(k);
          }
          q.delete("page");
          return q;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  const rows = (state.page?.data ?? []).map((i) => live[i.id] ?? i);
  const active = FILTERS.filter((k) => filters[k]).length;
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
      {mobile ? (
        <div className="mb-4 flex items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {state.page ? t("wallet.history.count", { count: state.page.meta.totalRows }) : "\u00a0"}
          </p>
          <FiltersButton
            label={t("wallet.history.filters")}
            active={active}
            onClick={() => setSheet(true)}
            testId="history-filters-open"
          />
        </div>
      ) : (
        <FilterForm key={JSON.stringify(filters)} initial={filters} onApply={apply} inline />
      )}
      {sheet && mobile && (
        <ModalFrame
          level={0}
          onClose={() => setSheet(false)}
          title={t("wallet.history.filters")}
          testId="history-sheet"
        >
          <FilterForm
            initial={filters}
            onApply={(f) => {
              apply(f);
              setSheet(false);
            }}
          />
        </ModalFrame>
      )}

      <div data-testid="history" aria-busy={state.loading} data-loading={state.loading ? "true" : "false"}>
        {state.error ? (
          <div className="rounded-2xl border border-danger/40 bg-danger/10 p-6 text-center">
            <p className="font-semibold">{t("wallet.history.error")}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAttempt((a) => a + 1)}>
              {t("wallet.retry")}
            </Button>
          </div>
        ) : !state.page && state.loading ? (
          <div className="grid gap-2">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-16 animate-pulse rounded-xl bg-surface-2" />
            ))}
          </div>
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
          <div
            className={`overflow-hidden rounded-2xl border border-line ${state.loading ? "opacity-60" : ""}`}
          >
            <table className="w-full text-sm">
              <thead className="bg-surface-2/60 text-left text-xs text-muted uppercase">
                <tr>
                  <th className="px-4 py-3 font-semibold">{t("wallet.history.type")}</th>
                  <th className="px-4 py-3 font-semibold">{t("wallet.history.date")}</th>
                  <th className="px-4 py-3 font-semibold">{t("wallet.history.id")}</th>
                  <th className="px-4 py-3 text-right font-semibold">{t("wallet.history.amount")}</th>
                  <th className="px-4 py-3 font-semibold">{t("wallet.history.status")}</th>
                  <th className="px-4 py-3" />
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((i) => (
                  <tr
                    key={i.id}
                    data-testid="invoice-row"
                    data-type={i.type}
                    data-status={i.status}
                    className="bg-surface"
                  >
                    <td className="px-4 py-3">
                      <span className="flex items-center gap-3 font-semibold">
                        <TypeIcon type={i.type} /> {t(`wallet.types.${i.type}`)}
                      </span>
                    </td>
                    <td className="px-4 py-3 text-muted">{date(i.createdAt)}</td>
                    <td className="px-4 py-3 text-muted">#{i.id}</td>
                    <td className="px-4 py-3 text-right font-bold tabular-nums">{money(i)}</td>
                    <td className="px-4 py-3">{statusChip(i)}</td>
                    <td className="px-4 py-3 text-right">{cancel(i)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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

function FilterForm({
  initial,
  onApply,
  inline,
}: {
  initial: Filters;
  onApply: (f: Filters) => void;
  inline?: boolean;
}) {
  const { t } = useTranslation("layout");
  const accounts = useWallet((s) => s.accounts);
  const [f, setF] = useState<Filters>(initial);
  const set = (k: FilterKey, v: string) => {
    const next = { ...f, [k]: v || undefined };
    setF(next);
    // On a desktop every change applies at once; in the sheet, the button applies them.
    if (inline) onApply(next);
  };
  const label = "mb-1 block text-xs font-semibold text-muted";
  const _input =
    "h-11 w-full rounded-xl border border-line bg-bg/60 px-3 text-sm text-fg outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25";
  return (
    <form
      data-testid={inline ? "history-filters" : "history-sheet-form"}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(f);
      }}
      className={
        inline
          ? "mb-5 grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
          : "grid gap-3"
      }
    >
      <label>
        <span className={label}>{t("wallet.history.type")}</span>
        <Select
          controlSize="sm"
          name="type"
          value={f.type ?? ""}
          onChange={(e) => set("type", e.target.value)}
        >
          <option value="">{t("wallet.history.any")}</option>
          <option value={INVOICE_TYPE.deposit}>{t("wallet.types.1")}</option>
          <option value={INVOICE_TYPE.withdrawal}>{t("wallet.types.2")}</option>
        </Select>
      </label>
      <label>
        <span className={label}>{t("wallet.history.status")}</span>
        <Select
          controlSize="sm"
          name="status"
          value={f.status ?? ""}
          onChange={(e) => set("status", e.target.value)}
        >
          <option value="">{t("wallet.history.any")}</option>
          {[1, 2, 3].map((s) => (
            <option key={s} value={s}>
              {t(`wallet.statuses.${s}`)}
            </option>
          ))}
        </Select>
      </label>
      <label>
        <span className={label}>{t("wallet.history.currency")}</span>
        <Select
          controlSize="sm"
          name="currency"
          value={f.currency ?? ""}
          onChange={(e) => set("currency", e.target.value)}
        >
          <option value="">{t("wallet.history.any")}</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.currency}>
              {a.currency}
            </option>
          ))}
        </Select>
      </label>
      <label>
        <span className={label}>{t("wallet.history.from")}</span>
        <Input
          controlSize="sm"
          type="date"
          name="dateFrom"
          value={f.dateFrom ?? ""}
          max={f.dateTo}
          onChange={(e) => set("dateFrom", e.target.value)}
        />
      </label>
      <label>
        <span className={label}>{t("wallet.history.to")}</span>
        <Input
          controlSize="sm"
          type="date"
          name="dateTo"
          value={f.dateTo ?? ""}
          min={f.dateFrom}
          onChange={(e) => set("dateTo", e.target.value)}
        />
      </label>
      <FilterActions
        inline={!!inline}
        onReset={() => {
          setF({});
          onApply({});
        }}
        applyTestId="history-sheet-apply"
      />
    </form>
  );
}
