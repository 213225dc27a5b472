import { Link, useRouteLoaderData } from "react-router";
import type { SportEvent, SportSearchResult } from "#common/api/sportsbook";
import type { SiteLocale } from "#common/i18n/locales";
import { sportPagePath } from "#common/sport/paths";
import { Badge } from "~/components/ui/Badge";
import { IconTile } from "~/components/ui/IconTile";
import { TrophyIcon } from "~/components/ui/icons";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";

/** How many matches and leagues the global search shows beside the games. */
const SHOWN = 5;

/**
 * The sports half of the global search (spec: GET /api/game/sport/search): matches and leagues whose names
 * (teams, championship) match, names in the page's language. Asked only while sports are switched on.
 */
export const sportSearch = (q: string, enabled: boolean) => ({
  queryKey: ["sport", "search", q],
  queryFn: () =>
    api()
      .get("/game/sport/search", { q, limit: SHOWN })
      .then((r) => r.data as SportSearchResult),
  enabled: enabled && q !== "",
});

/** Whether a sports answer has anything to show. */
export const sportHits = (r: SportSearchResult | undefined) =>
  (r?.events.length ?? 0) + (r?.championships.length ?? 0) > 0;

/** Matches (each to its page, live ones marked) and leagues (each to its list), as the search's rows. */
export function SportSearchResults({ result, dim }: { result: SportSearchResult; dim?: boolean }) {
  const { t } = useTranslation("modals");
  const locale = (useRouteLoaderData("root") as { locale?: SiteLocale } | undefined)?.locale ?? "en";
  const intl = useIntlLocale();
  const when = new Intl.DateTimeFormat(intl, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
  const row =
    "flex w-full items-center gap-3 rounded-xl p-2 text-left transition-colors hover:bg-surface-2 focus-visible:bg-surface-2";
  const eventPath = (e: SportEvent) =>
    sportPagePath(
      {
        sportId: e.sportId,
        categories: [{ id: e.categoryId, name: e.categoryName }],
        championships: [{ id: e.championshipId, name: e.championshipName }],
        event: { id: e.id, name: e.away ? `${e.home} - ${e.away}` : e.home },
      },
      locale,
    );
  return (
    <div className={`flex flex-col gap-3 ${dim ? "opacity-60" : ""}`} data-testid="sport-search-results">
      {result.events.length > 0 && (
        <ul className="-mx-2 flex flex-col">
          {result.events.slice(0, SHOWN).map((e) => (
            <li key={e.id} data-testid="sport-search-event" data-event={e.id}>
              <Link to={eventPath(e)} className={row}>
                <IconTile className="bg-surface-2 text-accent" icon={TrophyIcon} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">
                    {e.away ? `${e.home} – ${e.away}` : e.home}
                  </span>
                  <span className="block truncate text-xs text-muted">
                    {e.sportName} · {e.championshipName}
                  </span>
                </span>
                {e.status === "live" ? (
                  <Badge tone="danger" size="sm">
                    {t("global-search.liveNow")}
                  </Badge>
                ) : (
                  <span className="shrink-0 text-xs text-muted tabular-nums">
                    {when.format(new Date(e.startsAt))}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {result.championships.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("global-search.championships")}>
          {result.championships.slice(0, SHOWN).map((c) => (
            <li key={c.id} data-testid="sport-search-championship">
              <Link
                to={sportPagePath(
                  { sportId: c.sportId, categories: [{ id: c.categoryId }], championships: [c] },
                  locale,
                )}
                className="flex h-9 items-center rounded-full border border-line bg-surface-2 px-3 text-sm transition-colors hover:border-accent"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
