import { useEffect } from "react";
import { Link } from "react-router";
import type { Spin } from "#common/api/game";
import { SPIN_STATUS } from "#common/constants";
import { DiceIcon } from "~/components/ui/icons";
import { ListStates } from "~/components/ui/ListStates";
import { Pager, usePageParam } from "~/components/ui/Pager";
import { useLocalePath } from "~/features/shell/nav";
import { useIntlLocale } from "~/features/wallet/ui";
import { useIsMobile } from "~/lib/device";
import { useTranslation } from "~/lib/i18n-react";
import { realtimeBus } from "~/lib/realtime/bus";
import { useProfile } from "~/lib/session/use-session";
import { gameScreenPath } from "./links";
import { useMoney } from "./money";
import { gameQueries, useLobby } from "./queries";
import { EmptyState, ErrorState } from "./states";

export const SPINS_PER_PAGE = 20;

const STATUS_STYLE: Record<number, string> = {
  [SPIN_STATUS.open]: "bg-gold/15 text-gold",
  [SPIN_STATUS.won]: "bg-success/15 text-success",
  [SPIN_STATUS.lost]: "bg-surface-3 text-muted",
  [SPIN_STATUS.refunded]: "bg-accent-2/15 text-accent-2",
};

/**
 * The history's spins tab: the player's rounds, newest first, paged in the address. A new round (the
 * `game:spins` and `game:bets` channels) reloads the first page, so a spin in another tab shows here at once.
 */
/** What the journeys read off a spin's row, the same on a phone's card and in the table. */
const rowHooks = (s: Spin) => ({
  "data-testid": "spin-row",
  "data-round-id": s.roundId,
  "data-status": s.status,
});

export function SpinsHistory() {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const mobile = useIsMobile();
  const locale = useIntlLocale();
  const money = useMoney();
  const [page] = usePageParam();
  const playerId = useProfile()?.id;
  const spins = useLobby(gameQueries.spins(page, SPINS_PER_PAGE, playerId));
  const { retry } = spins;

  useEffect(() => {
    if (page !== 1) return;
    const offSpins = realtimeBus.on("spins", () => retry());
    const offBets = realtimeBus.on("bets", () => retry());
    return () => {
      offSpins();
      offBets();
    };
  }, [page, retry]);

  const date = (s: string) => new Date(s).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
  const chip = (s: Spin) => (
    <span className={`inline-flex rounded-md px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[s.status] ?? ""}`}>
      {t(`games.spins.status.${s.status}`)}
    </span>
  );
  const win = (s: Spin) => (
    <span className={`font-bold tabular-nums ${Number(s.winAmount) > 0 ? "text-success" : "text-muted"}`}>
      {money(s.winAmount, s.currency)}
    </span>
  );
  const gameLink = (s: Spin) => (
    <Link
      to={href(gameScreenPath(s.game.slug, false))}
      className="flex min-w-0 items-center gap-3 font-semibold hover:underline"
    >
      <img src={s.game.image} alt="" loading="lazy" className="size-9 shrink-0 rounded-lg object-cover" />
      <span className="truncate">{s.game.name}</span>
    </Link>
  );

  // A built-in game's round opens its provably-fair check (in a new tab, as from the game).
  const verify = (s: Spin) =>
    s.verifyUrl ? (
      <a
        href={href(s.verifyUrl)}
        target="_blank"
        rel="noreferrer"
        data-testid="spin-verify-link"
        className="text-xs font-semibold text-accent hover:underline"
      >
        {t("games.spins.verify")}
      </a>
    ) : null;

  const rows = spins.data?.data;
  return (
    <div data-testid="spins" aria-busy={spins.loading}>
      <ListStates
        items={rows}
        failed={Boolean(spins.error)}
        failure={<ErrorState onRetry={retry} text={t("games.spins.error")} />}
        placeholders={{ count: 4, rowClassName: "h-16 rounded-xl" }}
        empty={
          <EmptyState
            testId="spins-empty"
            icon={<DiceIcon />}
            title={t("games.spins.empty")}
            text={t("games.spins.emptyText")}
            next={{ to: "/games", label: t("games.browse"), primary: true }}
          />
        }
      >
        {(rows) =>
          mobile ? (
            <ul className="flex flex-col gap-2">
              {rows.map((s) => (
                <li
                  key={s.id}
                  {...rowHooks(s)}
                  className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3"
                >
                  <div className="min-w-0 flex-1">
                    {gameLink(s)}
                    <p className="mt-1 truncate text-xs text-muted">{date(s.createdAt)}</p>
                    {s.verifyUrl && <p className="mt-1">{verify(s)}</p>}
                  </div>
                  <div className="flex flex-col items-end gap-1 text-sm">
                    <span className="text-xs text-muted tabular-nums">
                      {t("games.spins.bet")} {money(s.betAmount, s.currency)}
                    </span>
                    {win(s)}
                    {chip(s)}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <div className="overflow-hidden rounded-2xl border border-line">
              <table className="w-full text-sm">
                <thead className="bg-surface-2/60 text-left text-xs text-muted uppercase">
                  <tr>
                    <th className="px-4 py-3 font-semibold">{t("games.spins.game")}</th>
                    <th className="px-4 py-3 font-semibold">{t("games.spins.date")}</th>
                    <th className="px-4 py-3 font-semibold">{t("games.spins.round")}</th>
                    <th className="px-4 py-3 text-right font-semibold">{t("games.spins.bet")}</th>
                    <th className="px-4 py-3 text-right font-semibold">{t("games.spins.win")}</th>
                    <th className="px-4 py-3 font-semibold">{t("games.spins.statusTitle")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {rows.map((s) => (
                    <tr key={s.id} {...rowHooks(s)} className="bg-surface">
                      <td className="max-w-64 px-4 py-2.5">{gameLink(s)}</td>
                      <td className="px-4 py-2.5 text-muted">{date(s.createdAt)}</td>
                      <td
                        className="max-w-40 truncate px-4 py-2.5 font-mono text-xs text-muted"
                        title={s.roundId}
                      >
                        {s.roundId}
                        {s.verifyUrl && <div>{verify(s)}</div>}
                      </td>
                      <td className="px-4 py-2.5 text-right tabular-nums">
                        {money(s.betAmount, s.currency)}
                      </td>
                      <td className="px-4 py-2.5 text-right">{win(s)}</td>
                      <td className="px-4 py-2.5">{chip(s)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </ListStates>
      <Pager meta={spins.data?.meta} label={(page, pages) => t("games.spins.page", { page, pages })} />
    </div>
  );
}
