import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { PlayerBonus, PlayerFreespin } from "#common/api/bonus";
import { PLAYER_BONUS_RESULT, PLAYER_BONUS_STATUS } from "#common/constants";
import { Button } from "~/components/ui/Button";
import { FilterActions } from "~/components/ui/FilterActions";
import { FiltersButton } from "~/components/ui/FiltersButton";
import { Select } from "~/components/ui/Input";
import { GiftIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { EmptyState, ErrorState, InlineError } from "~/features/games/states";
import { useWallet } from "~/features/wallet/store";
import { useIsMobile } from "~/lib/device";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import { ModalLink } from "~/modals/ModalLink";
import { wageringPercent } from "./format";
import { StatusChip, useDate } from "./PlayerBonusCard";
import { bonusQueries, useBonusLive } from "./queries";

const FILTERS = ["type", "status", "result", "currency"] as const;
type FilterKey = (typeof FILTERS)[number];
type Filters = Partial<Record<FilterKey, string>>;

/** One line of the history: a bonus or a pack of free spins. */
type Line =
  | { type: "bonus"; id: string; at: string; item: PlayerBonus }
  | { type: "freespins"; id: string; at: string; item: PlayerFreespin };

/** Which lines the filters keep (pure: the address holds the filters). */
export function filterLines(lines: Line[], f: Filters): Line[] {
  return lines.filter(
    (l) =>
      (!f.type || l.type === f.type) &&
      (!f.status || String(l.item.status) === f.status) &&
      (!f.result || String(l.item.result) === f.result),
  );
}

/**
 * The history's "bonuses" tab (spec point 2): every bonus and free-spin pack the player had, finished ones
 * with their result, with filters inline on a desktop and in a sheet on a phone, kept in the address.
 */
export function BonusHistory() {
  const { t } = useTranslation("layout");
  const mobile = useIsMobile();
  const money = useMoney();
  const date = useDate();
  const playerId = useProfile()?.id;
  const [params, setParams] = useSearchParams();
  const [sheet, setSheet] = useState(false);
  useBonusLive();

  const filters: Filters = useMemo(() => {
    const f: Filters = {};
    for (const k of FILTERS) {
      const v = params.get(k);
      if (v) f[k] = v;
    }
    return f;
  }, [params]);
  const q = useQuery(bonusQueries.history(playerId, filters.currency ? [filters.currency] : []));

  const apply = (next: Filters) =>
    setParams(
      (p) => {
        for (const k of FILTERS) {
          if (next[k]) p.set(k, next[k]!);
          else p.delete(k);
        }
        return p;
      },
      { preventScrollReset: true, replace: true },
    );

  const lines = useMemo<Line[] | undefined>(() => {
    if (!q.data) return undefined;
    const all: Line[] = [
      ...q.data.bonuses.map((b) => ({ type: "bonus" as const, id: `b${b.id}`, at: b.createdAt, item: b })),
      ...(q.data.freespins ?? []).map((s) => ({
        type: "freespins" as const,
        id: `s${s.id}`,
        at: s.createdAt,
        item: s,
      })),
    ];
    return filterLines(all, filters).sort((a, b) => b.at.localeCompare(a.at));
  }, [q.data, filters]);
  const active = FILTERS.filter((k) => filters[k]).length;

  const amount = (l: Line) =>
    l.type === "bonus"
      ? money(l.item.amount, l.item.currency)
      : t("bonuses.history.spinsAmount", { count: l.item.count, bet: money(l.item.amount, l.item.currency) });
  const name = (l: Line) =>
    l.type === "bonus"
      ? l.item.name
      : `${t("bonuses.freespins.title", { count: l.item.count })} · ${l.item.gameName}`;
  const progress = (l: Line) =>
    l.type === "bonus"
      ? `${wageringPercent(l.item.wagered, l.item.wageringRequired)}%`
      : `${l.item.played} / ${l.item.count}`;
  const details = (l: Line) => (
    <ModalLink
      modal={l.type === "bonus" ? "bonus-details" : "freespin-details"}
      value={l.item.id}
      className="text-xs font-semibold text-accent hover:underline"
    >
      {t("bonuses.details")}
    </ModalLink>
  );

  return (
    <div data-testid="bonus-history">
      {mobile ? (
        <div className="mb-4 flex items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {lines ? t("bonuses.history.count", { count: lines.length }) : "\u00a0"}
          </p>
          <FiltersButton
            label={t("wallet.history.filters")}
            active={active}
            onClick={() => setSheet(true)}
            testId="bonus-filters-open"
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
          testId="bonus-filters-sheet"
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

      {q.data && q.data.freespins === null && (
        <InlineError text={t("bonuses.listFailed")} onRetry={() => void q.refetch()} />
      )}
      {q.isError && !q.data ? (
        <ErrorState text={t("bonuses.listFailed")} onRetry={() => void q.refetch()} />
      ) : !lines ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-xl bg-surface-2" />
          ))}
        </div>
      ) : lines.length === 0 ? (
        <EmptyState
          testId="bonus-history-empty"
          icon={<GiftIcon />}
          title={active ? t("wallet.history.emptyFiltered") : t("bonuses.history.empty")}
          text={active ? undefined : t("bonuses.history.emptyText")}
          action={
            active ? (
              <Button variant="link" className="text-sm" onClick={() => apply({})}>
                {t("wallet.history.reset")}
              </Button>
            ) : undefined
          }
        />
      ) : mobile ? (
        <ul className={`flex flex-col gap-2 ${q.isFetching ? "opacity-80" : ""}`}>
          {lines.map((l) => (
            <li
              key={l.id}
              data-testid="bonus-history-row"
              data-type={l.type}
              data-status={l.item.status}
              className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{name(l)}</p>
                <p className="truncate text-xs text-muted">{date(l.at)}</p>
                <p className="mt-1 text-xs text-muted">
                  {t("bonuses.history.progress")}: <span className="tabular-nums">{progress(l)}</span>{" "}
                  {details(l)}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1">
                <span className="text-sm font-bold tabular-nums">{amount(l)}</span>
                <StatusChip status={l.item.status} result={l.item.result} spins={l.type === "freespins"} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className={`overflow-hidden rounded-2xl border border-line ${q.isFetching ? "opacity-80" : ""}`}>
          <table className="w-full text-sm">
            <thead className="bg-surface-2/60 text-left text-xs text-muted uppercase">
              <tr>
                <th className="px-4 py-3 font-semibold">{t("bonuses.history.name")}</th>
                <th className="px-4 py-3 font-semibold">{t("wallet.history.date")}</th>
                <th className="px-4 py-3 text-right font-semibold">{t("wallet.history.amount")}</th>
                <th className="px-4 py-3 text-right font-semibold">{t("bonuses.history.progress")}</th>
                <th className="px-4 py-3 font-semibold">{t("wallet.history.status")}</th>
                <th className="px-4 py-3" />
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {lines.map((l) => (
                <tr
                  key={l.id}
                  data-testid="bonus-history-row"
                  data-type={l.type}
                  data-status={l.item.status}
                  className="bg-surface"
                >
                  <td className="max-w-72 px-4 py-3">
                    <span className="block truncate font-semibold">{name(l)}</span>
                    <span className="block text-xs text-muted">
                      {l.type === "bonus" ? t(`bonuses.kind.${l.item.kind}`) : t("bonuses.history.freespins")}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-muted">{date(l.at)}</td>
                  <td className="px-4 py-3 text-right font-bold tabular-nums">{amount(l)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{progress(l)}</td>
                  <td className="px-4 py-3">
                    <StatusChip
                      status={l.item.status}
                      result={l.item.result}
                      spins={l.type === "freespins"}
                    />
                  </td>
                  <td className="px-4 py-3 text-right">{details(l)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
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
    if (inline) onApply(next);
  };
  const label = "mb-1 block text-xs font-semibold text-muted";
  const _input =
    "h-11 w-full rounded-xl border border-line bg-bg/60 px-3 text-sm text-fg outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25";
  const select = (k: FilterKey, title: string, options: [string, string][]) => (
    <label>
      <span className={label}>{title}</span>
      <Select controlSize="sm" name={k} value={f[k] ?? ""} onChange={(e) => set(k, e.target.value)}>
        <option value="">{t("wallet.history.any")}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </label>
  );
  return (
    <form
      data-testid={inline ? "bonus-filters" : "bonus-filters-form"}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(f);
      }}
      className={
        inline
          ? "mb-5 grid grid-cols-2 items-end gap-3 md:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
          : "grid gap-3"
      }
    >
      {select("type", t("wallet.history.type"), [
        ["bonus", t("bonuses.history.bonuses")],
        ["freespins", t("bonuses.history.freespins")],
      ])}
      {select(
        "status",
        t("wallet.history.status"),
        Object.values(PLAYER_BONUS_STATUS).map((s) => [String(s), t(`bonuses.status.${s}`)]),
      )}
      {select(
        "result",
        t("bonuses.history.result"),
        Object.values(PLAYER_BONUS_RESULT).map((r) => [String(r), t(`bonuses.result.${r}`)]),
      )}
      {select(
        "currency",
        t("wallet.history.currency"),
        accounts.map((a) => [a.currency, a.currency]),
      )}
      <FilterActions
        inline={!!inline}
        onReset={() => {
          setF({});
          onApply({});
        }}
        applyTestId="bonus-filters-apply"
      />
    </form>
  );
}
