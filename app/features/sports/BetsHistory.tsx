import { useSearchParams } from "react-router";
import { Pressable } from "~/components/ui/Button";
import { TrophyIcon } from "~/components/ui/icons";
import { ListStates } from "~/components/ui/ListStates";
import { Pager, usePageParam } from "~/components/ui/Pager";
import { useMoney } from "~/features/games/money";
import { useLobby } from "~/features/games/queries";
import { EmptyState, ErrorState } from "~/features/games/states";
import { useIntlLocale } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { useLive } from "~/lib/query";
import { api } from "~/lib/session/client";
import { useProfile } from "~/lib/session/use-session";
import { SPORT_BETS_KEY, sportBetsFeed } from "./live";

export const BETS_PER_PAGE = 10;

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-gold/15 text-gold",
  open: "bg-gold/15 text-gold",
  won: "bg-success/15 text-success",
  half_won: "bg-success/15 text-success",
  cashed_out: "bg-accent-2/15 text-accent-2",
  lost: "bg-surface-3 text-muted",
  half_lost: "bg-surface-3 text-muted",
  void: "bg-surface-3 text-muted",
  rejected: "bg-danger/15 text-danger",
};

/** GET /api/game/bets?page&perPage&isSettled: the player's sports bets, newest first. */
export function betsQuery(page: number, settled: boolean, playerId: string | undefined) {
  return {
    queryKey: [...SPORT_BETS_KEY, playerId, settled, page],
    queryFn: () => api().get("/game/bets", { page, perPage: BETS_PER_PAGE, isSettled: settled ? "1" : "0" }),
  };
}

/**
 * The history area's bets tab (spec point 2): open and settled sports bets with their legs, paged in the
 * address. A bet placed, settled or cashed out (the game:bets channel, through sportBetsFeed) reloads the page.
 */
export function BetsHistory() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const settled = params.get("settled") === "1";
  const [page] = usePageParam();
  const playerId = useProfile()?.id;
  const bets = useLobby(betsQuery(page, settled, playerId));
  // A bet placed, decided, settled or cashed out (game:bets) marks the page stale: it is read again.
  useLive(sportBetsFeed);

  const tab = (value: boolean, label: string) => (
    <Pressable
      role="tab"
      aria-selected={settled === value}
      data-testid={`bets-tab-${value ? "settled" : "open"}`}
      onClick={() =>
        setParams(
          (q) => {
            if (value) q.set("settled", "1");
            else q.delete("settled");
            q.delete("page");
            return q;
          },
          { preventScrollReset: true },
        )
      }
      className={`h-9 rounded-lg px-4 text-sm font-semibold transition-colors ${
        settled === value ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg"
      }`}
    >
      {label}
    </Pressable>
  );
  const date = (s: string) => new Date(s).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  const rows = bets.data?.data;

  return (
    <div data-testid="bets" aria-busy={bets.loading} className="flex flex-col gap-4">
      <div role="tablist" className="inline-flex w-fit gap-1 rounded-xl bg-surface-2 p-1">
        {tab(false, t("sports.bets.open"))}
        {tab(true, t("sports.bets.settled"))}
      </div>
      <ListStates
        items={rows}
        failed={Boolean(bets.error)}
        failure={<ErrorState onRetry={bets.retry} text={t("sports.bets.failed")} />}
        placeholders={{ count: 3, rowClassName: "h-24 rounded-xl" }}
        empty={
          <EmptyState
            testId="bets-empty"
            icon={<TrophyIcon />}
            title={t("sports.bets.empty")}
            next={{ to: "/betting", label: t("sports.bets.emptyCta"), primary: true }}
          />
        }
      >
        {(rows) => (
          <ul className="grid gap-3 md:grid-cols-2">
            {rows.map((b) => (
              <li
                key={b.id}
                data-testid="bet-row"
                data-bet-id={b.id}
                data-status={b.status}
                className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
              >
                <div className="flex items-center justify-between gap-3">
                  <span className="font-bold">
                    {t(`sports.bets.types.${b.type}`, { defaultValue: b.type })}
                    {b.type === "system" && b.systemSize ? ` ${b.systemSize}/${b.legs.length}` : ""}
                  </span>
                  <span
                    className={`rounded-md px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[b.status] ?? ""}`}
                  >
                    {t(`sports.bets.statuses.${b.status}`, { defaultValue: b.status.replace("_", " ") })}
                  </span>
                </div>
                <ul className="flex flex-col gap-2">
                  {b.legs.map((l) => (
                    <li key={l.selectionId} className="text-sm">
                      <div className="flex justify-between gap-3 font-semibold">
                        <span className="truncate">{l.selectionName}</span>
                        <span className="tabular-nums">{l.odds}</span>
                      </div>
                      <p className="truncate text-xs text-muted">
                        {l.eventName} · {l.marketName}
                      </p>
                    </li>
                  ))}
                </ul>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 border-t border-line pt-3 text-sm">
                  <dt className="text-muted">{t("sports.bets.stake")}</dt>
                  <dd className="text-right font-semibold tabular-nums">{money(b.stake, b.currency)}</dd>
                  <dt className="text-muted">
                    {b.payout !== null ? t("sports.bets.payout") : t("sports.bets.potential")}
                  </dt>
                  <dd
                    className={`text-right font-bold tabular-nums ${b.payout !== null && Number(b.payout) > 0 ? "text-success" : ""}`}
                  >
                    {money(b.payout ?? b.potentialPayout, b.currency)}
                  </dd>
                  <dt className="text-muted">{t("sports.bets.placed")}</dt>
                  <dd className="text-right text-muted">{date(b.placedAt)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <Pager meta={bets.data?.meta} label={(p, pages) => `${p} / ${pages}`} />
    </div>
  );
}
