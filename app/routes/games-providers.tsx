import type { MetaDescriptor } from "react-router";
import { LobbyBar } from "~/features/games/LobbyBar";
import { LobbyPage } from "~/features/games/LobbyPage";
import { gamesMeta } from "~/features/games/meta";
import { ProviderCard, ProviderCardSkeleton } from "~/features/games/ProviderCard";
import { preloadCollections, preloadProviders } from "~/features/games/preload";
import { gameQueries, useLobby } from "~/features/games/queries";
import { EmptyState, ErrorState } from "~/features/games/states";
import { apiFor } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/games-providers";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const api = apiFor(request, context);
  const [collections, providers] = await Promise.all([preloadCollections(api), preloadProviders(api)]);
  return { locale, collections, providers };
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  return gamesMeta(matches, "providers.title");
}

const GRID = "grid grid-cols-2 gap-3 min-[640px]:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5";

/** `/games/providers`: every studio with games the visitor may play. */
export default function GamesProviders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const collections = useLobby({
    ...gameQueries.collections(),
    initialData: loaderData.collections ?? undefined,
  });
  const providers = useLobby({ ...gameQueries.providers(), initialData: loaderData.providers ?? undefined });
  const list = providers.data?.filter((p) => p.gamesCount > 0);
  return (
    <LobbyPage title={t("games.providers.title")} intro={t("games.providers.intro")} testId="games-providers">
      <LobbyBar collections={collections.data} />
      {providers.error && !providers.data ? (
        <ErrorState onRetry={providers.retry} />
      ) : !list ? (
        <div className={GRID}>
          {Array.from({ length: 10 }, (_, i) => (
            <ProviderCardSkeleton key={i} />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState title={t("games.providers.empty")} />
      ) : (
        <ul className={GRID}>
          {list.map((p) => (
            <li key={p.id}>
              <ProviderCard provider={p} />
            </li>
          ))}
        </ul>
      )}
    </LobbyPage>
  );
}
