import { useEffect } from "react";
import { Link } from "react-router";
import { TrophyIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { gameScreenPath } from "./links";
import { useMoney } from "./money";
import { gameQueries, useLobby } from "./queries";
import { SectionTitle } from "./states";

/** How often the feed asks again: winners are nobody's own channel, so the feed polls (decision 0006). */
export const WINNERS_REFRESH_MS = 20_000;

/** The latest wins of everyone, by public nickname only; refreshed while the page is visible. */
export function WinnersFeed() {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const money = useMoney();
  const winners = useLobby(gameQueries.winners());
  const { retry } = winners;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") retry();
    }, WINNERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [retry]);

  // No wins yet keeps the section (a line where the wins will be): removing it, after its placeholder had
  // been drawn, moved the whole lobby up (issue #20).
  if (winners.error && !winners.data) return null;
  return (
    <section aria-labelledby="winners-title" data-testid="winners-feed">
      <SectionTitle
        id="winners-title"
        title={
          <span className="flex items-center gap-2">
            <TrophyIcon className="text-gold" />
            {t("games.winners.title")}
            <span className="relative ml-1 flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full rounded-full bg-success opacity-60 motion-safe:animate-ping" />
              <span className="relative inline-flex size-2.5 rounded-full bg-success" />
            </span>
          </span>
        }
      />
      <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:px-0">
        {winners.data?.length === 0 ? (
          <li className="flex h-[4.625rem] items-center text-sm text-muted" data-testid="winners-empty">
            {t("games.winners.empty")}
          </li>
        ) : winners.data ? (
          winners.data.map((w) => (
            <li key={w.id} data-testid="winner" className="shrink-0">
              <Link
                to={href(gameScreenPath(w.game.slug, false))}
                className="flex w-60 items-center gap-3 rounded-xl border border-line bg-surface p-2.5 transition-colors hover:border-accent/50"
              >
                <img
                  src={w.game.image}
                  alt=""
                  loading="lazy"
                  className="size-12 shrink-0 rounded-lg object-cover"
                />
                <span className="min-w-0">
                  <span className="block truncate text-xs text-muted">
                    {t("games.winners.won", { nickname: w.nickname })}
                  </span>
                  <span className="block truncate text-sm font-bold text-success tabular-nums">
                    {money(w.winAmount, w.currency)}
                  </span>
                  <span className="block truncate text-xs font-medium">{w.game.name}</span>
                </span>
              </Link>
            </li>
          ))
        ) : (
          // A winner's card is 74px tall (three lines and its padding); keys apart from the winners' ids.
          Array.from({ length: 5 }, (_, i) => (
            <li
              key={`skeleton-${i}`}
              className="h-[4.625rem] w-60 shrink-0 animate-pulse rounded-xl bg-surface-2"
            />
          ))
        )}
      </ul>
    </section>
  );
}
