import { Link, useLocation, useParams } from "react-router";
import type { GameCollection } from "#common/api/game";
import { buttonClass } from "~/components/ui/Button";
import { gamesApi } from "~/features/games/api";
import { featureName } from "~/features/games/feature-name";
import { extraFilterCount, gamesPath, parseGamesPath } from "~/features/games/filters";
import { PagedGames, PER_PAGE } from "~/features/games/GameGrid";
import { LobbyBar } from "~/features/games/LobbyBar";
import { LobbyPage } from "~/features/games/LobbyPage";
import { gamesMeta } from "~/features/games/meta";
import { gameQueries, useLobby } from "~/features/games/queries";
import { EmptyState } from "~/features/games/states";
import { useLocalePath } from "~/features/shell/nav";
import { apiFor } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { notFound, routeLocale } from "~/lib/locale";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/games-list";

/**
 * `/games/{params...}` (route games-id): one collection, one feature or every game, narrowed by the filter
 * modal's providers, features and sort (the scheme is in features/games/filters.ts). An address that names
 * no list, or a collection the visitor may not see, is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const filter = parseGamesPath(params["*"] ?? "", new URL(request.url).searchParams);
  if (!filter) notFound(request);
  let collection: GameCollection | undefined;
  if (filter.collection) {
    const list = await apiFor(request, context)
      .get("/game/collections")
      .then((r) => r.data);
    collection = list.find((c) => c.identity.toLowerCase() === filter.collection);
    if (!collection) notFound(request);
  }
  return { locale, collection };
}

/** Filters change the query only: the collection stays, nothing is asked again. */
export const shouldRevalidate = samePathKeepsData;

export function meta({ matches, data }: Route.MetaArgs) {
  return data?.collection
    ? gamesMeta(matches, "listTitle", { name: data.collection.name })
    : gamesMeta(matches, "all");
}

export default function GamesList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const params = useParams();
  const { search } = useLocation();
  const filter = parseGamesPath(params["*"] ?? "", new URLSearchParams(search));
  const collections = useLobby(gameQueries.collections());
  if (!filter) return null;
  const pathFeature = filter.collection ? undefined : filter.features[0];
  const title = loaderData.collection?.name ?? (pathFeature ? featureName(t, pathFeature) : t("games.all"));
  const key = gamesPath(filter);
  const narrowed = extraFilterCount(filter) > 0;
  return (
    <LobbyPage title={title} testId="games-filtered">
      <LobbyBar collections={collections.data} filterCount={extraFilterCount(filter)} />
      <PagedGames
        listKey={key}
        fetchPage={(page) => gamesApi.games(filter, page, PER_PAGE)}
        empty={
          <EmptyState
            title={narrowed ? t("games.empty.filteredTitle") : t("games.empty.title")}
            text={narrowed ? t("games.empty.filteredText") : t("games.empty.text")}
            action={
              narrowed ? (
                <Link
                  to={href(
                    gamesPath({
                      ...filter,
                      providers: [],
                      features: pathFeature ? [pathFeature] : [],
                      sort: "popular",
                    }),
                  )}
                  className={buttonClass("secondary", "sm")}
                >
                  {t("games.empty.reset")}
                </Link>
              ) : undefined
            }
          />
        }
      />
    </LobbyPage>
  );
}
