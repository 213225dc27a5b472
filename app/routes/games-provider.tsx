import type { MetaDescriptor } from "react-router";
import { gamesApi } from "~/features/games/api";
import { PagedGames, PER_PAGE } from "~/features/games/GameGrid";
import { LobbyBar } from "~/features/games/LobbyBar";
import { LobbyPage } from "~/features/games/LobbyPage";
import { gamesMeta } from "~/features/games/meta";
import { gameQueries, useLobby } from "~/features/games/queries";
import { EmptyState } from "~/features/games/states";
import { apiFor } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { routeLocale } from "~/lib/locale";
import { orNotFound } from "~/lib/route-guards";
import type { Route } from "./+types/games-provider";

/** `/games/providers/{providerIdentity}`: one studio's games; an unknown studio is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const provider = await orNotFound(
    request,
    apiFor(request, context)
      .get(`/game/providers/${encodeURIComponent(params.providerIdentity)}`)
      .then((r) => r.data),
  );
  return { locale, provider };
}

export function meta({ matches, data }: Route.MetaArgs): MetaDescriptor[] {
  return gamesMeta(matches, "providers.one", { name: data?.provider.name ?? "" });
}

export default function GamesProvider({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  const { provider } = loaderData;
  const collections = useLobby(gameQueries.collections());
  return (
    <LobbyPage
      testId="games-provider"
      title={
        <span className="flex flex-wrap items-center gap-4">
          <img src={provider.logo} alt="" className="h-12 w-auto rounded-xl" />
          <span>{provider.name}</span>
        </span>
      }
      intro={t("games.providers.count", { count: provider.gamesCount })}
    >
      <LobbyBar collections={collections.data} />
      <PagedGames
        listKey={`provider:${provider.identity}`}
        fetchPage={(page) =>
          gamesApi.games({ features: [], providers: [provider.identity], sort: "popular" }, page, PER_PAGE)
        }
        empty={<EmptyState title={t("games.empty.title")} text={t("games.empty.text")} />}
      />
    </LobbyPage>
  );
}
