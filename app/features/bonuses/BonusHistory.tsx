import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { PlayerBonus, PlayerFreespin } from "#common/api/bonus";
import { PLAYER_BONUS_RESULT, PLAYER_BONUS_STATUS } from "#common/constants";
import { Button } from "~/components/ui/Button";
import { GiftIcon } from "~/components/ui/icons";
import { Loading } from "~/components/ui/states";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/Table";
import { useMoney } from "~/features/games/money";
import { EmptyState, ErrorState, InlineError } from "~/features/games/states";
import {
  type HistoryFilterField,
  HistoryFilters,
  type HistoryFilterValues,
  useHistoryFilters,
} from "~/features/wallet/HistoryFilters";
import { useWallet } from "~/features/wallet/store";
import { useIsMobile } from "~/lib/device";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { wageringPercent } from "./format";
import { StatusChip, useDate } from "./PlayerBonusCard";
import { bonusQueries, useBonusLive } from "./queries";

const FILTERS = ["type", "status", "result", "currency"] as const;
type FilterKey = (typeof FILTERS)[number];
type Filters = HistoryFilterValues<FilterKey>;

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
  const accounts = useWallet((s) => s.accounts);
  useBonusLive();
  const { filters, apply, active } = useHistoryFilters(FILTERS, { replace: true });
  const q = useQuery(bonusQueries.history(playerId, filters.currency ? [filters.currency] : []));

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

  const fields: HistoryFilterField<FilterKey>[] = [
    {
      key: "type",
      label: t("wallet.history.type"),
      options: [
        ["bonus", t("bonuses.history.bonuses")],
        ["freespins", t("bonuses.history.freespins")],
      ],
    },
    {
      key: "status",
      label: t("wallet.history.status"),
      options: Object.values(PLAYER_BONUS_STATUS).map((s) => [String(s), t(`bonuses.status.${s}`)]),
    },
    {
      key: "result",
      label: t("bonuses.history.result"),
      options: Object.values(PLAYER_BONUS_RESULT).map((r) => [String(r), t(`bonuses.result.${r}`)]),
    },
    {
      key: "currency",
      label: t("wallet.history.currency"),
      options: accounts.map((a) => [a.currency, a.currency]),
    },
  ];

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
      <HistoryFilters
        fields={fields}
        filters={filters}
        active={active}
        onApply={apply}
        count={lines ? t("bonuses.history.count", { count: lines.length }) : undefined}
        inlineClassName="mb-5 grid grid-cols-2 items-end gap-3 md:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
        testIds={{
          inline: "bonus-filters",
          open: "bonus-filters-open",
          sheet: "bonus-filters-sheet",
          form: "bonus-filters-form",
          apply: "bonus-filters-apply",
        }}
      />

      {q.data && q.data.freespins === null && (
        <InlineError text={t("bonuses.listFailed")} onRetry={() => void q.refetch()} />
      )}
      {q.isError && !q.data ? (
        <ErrorState text={t("bonuses.listFailed")} onRetry={() => void q.refetch()} />
      ) : !lines ? (
        <Loading rows={4} rowClassName="h-16" />
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
        <Table className={q.isFetching ? "opacity-80" : undefined}>
          <THead>
            <Th>{t("bonuses.history.name")}</Th>
            <Th>{t("wallet.history.date")}</Th>
            <Th align="right">{t("wallet.history.amount")}</Th>
            <Th align="right">{t("bonuses.history.progress")}</Th>
            <Th>{t("wallet.history.status")}</Th>
            <Th />
          </THead>
          <TBody>
            {lines.map((l) => (
              <Tr key={l.id} data-testid="bonus-history-row" data-type={l.type} data-status={l.item.status}>
                <Td className="max-w-72">
                  <span className="block truncate font-semibold">{name(l)}</span>
                  <span className="block text-xs text-muted">
                    {l.type === "bonus" ? t(`bonuses.kind.${l.item.kind}`) : t("bonuses.history.freespins")}
                  </span>
                </Td>
                <Td className="text-muted">{date(l.at)}</Td>
                <Td align="right" className="font-bold tabular-nums">
                  {amount(l)}
                </Td>
                <Td align="right" className="tabular-nums">
                  {progress(l)}
                </Td>
                <Td>
                  <StatusChip status={l.item.status} result={l.item.result} spins={l.type === "freespins"} />
                </Td>
                <Td align="right">{details(l)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
