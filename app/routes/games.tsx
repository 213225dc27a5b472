import type { MetaDescriptor } from "react-router";
import { gamesApi } from "~/features/games/api";
import { PagedGames, PER_PAGE } from "~/features/games/GameGrid";
import { GameRow, GameRowSkeleton } from "~/features/games/GameRow";
import { LobbyBar } from "~/features/games/LobbyBar";
import { LobbyPage } from "~/features/games/LobbyPage";
import { gamesMeta } from "~/features/games/meta";
import { preloadCollections } from "~/features/games/preload";
import { gameQueries, useLobby } from "~/features/games/queries";
import { EmptyState, ErrorState, SectionTitle } from "~/features/games/states";
import { WinnersFeed } from "~/features/games/WinnersFeed";
import { apiFor } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/games";

const ALL = { features: [], providers: [], sort: "popular" as const };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  return { locale, collections: await preloadCollections(apiFor(request, context)) };
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return gamesMeta(matches, "title");
}

/** `/games`: the collections as rows, the latest winners, then every game. */
export default function Games({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const collections = useLobby({
    ...gameQueries.collections(),
    initialData: loaderData.collections ?? undefined,
  });
  const rows = collections.data?.filter((c) => c.gamesCount > 0);
  return (
    <LobbyPage title={t("games.title")} intro={t("games.intro")} testId="games-lobby">
      <LobbyBar collections={collections.data} />
      <WinnersFeed />
      {collections.error && !collections.data ? (
        <ErrorState onRetry={collections.retry} />
      ) : rows ? (
        rows.map((c) => <GameRow key={c.id} collection={c} />)
      ) : (
        <>
          <GameRowSkeleton />
          <GameRowSkeleton />
        </>
      )}
      <section aria-labelledby="all-games">
        <SectionTitle id="all-games" title={t("games.all")} />
        <PagedGames
          listKey="all"
          fetchPage={(page) => gamesApi.games(ALL, page, PER_PAGE)}
          empty={<EmptyState title={t("games.empty.title")} text={t("games.empty.text")} />}
        />
      </section>
    </LobbyPage>
  );
}
