import type {
  Game,
  GameCollection,
  GameDetails,
  GameFeature,
  GameLaunch,
  GameProvider,
  RecentSearch,
  Spin,
  Winner,
} from "#common/api/game";
import type { Page } from "#common/api/player";
import { api } from "~/lib/session/client";
import { type GameListFilter, gamesQuery } from "./filters";

/** The lobby's calls (spec point 7, games), in the browser with the player's token when there is one. */
export const gamesApi = {
  collections: () =>
    api()
      .get<{ data: GameCollection[] }>("/game/collections")
      .then((r) => r.data),
  providers: () =>
    api()
      .get<{ data: GameProvider[] }>("/game/providers")
      .then((r) => r.data),
  provider: (id: string) =>
    api()
      .get<{ data: GameProvider }>(`/game/providers/${encodeURIComponent(id)}`)
      .then((r) => r.data),
  features: () =>
    api()
      .get<{ data: GameFeature[] }>("/game/games/features")
      .then((r) => r.data),
  games: (filter: GameListFilter, page: number, perPage: number) =>
    api().get<Page<Game>>("/game/games", gamesQuery(filter, page, perPage)),
  game: (id: string) =>
    api()
      .get<{ data: GameDetails }>(`/game/games/${encodeURIComponent(id)}`)
      .then((r) => r.data),
  play: (id: string, real: boolean) =>
    api()
      .post<{ data: GameLaunch }>(`/game/games/${encodeURIComponent(id)}/play`, { real })
      .then((r) => r.data),
  favorites: () =>
    api()
      .get<{ data: Game[] }>("/game/games/favorites")
      .then((r) => r.data),
  played: () =>
    api()
      .get<{ data: Game[] }>("/game/games/played")
      .then((r) => r.data),
  search: (q: string, limit = 20) =>
    api()
      .get<{ data: Game[] }>("/game/games/search", { q, limit })
      .then((r) => r.data),
  recentSearches: () =>
    api()
      .get<{ data: RecentSearch[] }>("/game/search/recent")
      .then((r) => r.data),
  clearRecentSearches: (id?: string) =>
    api()
      .delete<{ data: RecentSearch[] }>(`/game/search/recent${id ? `?id=${encodeURIComponent(id)}` : ""}`)
      .then((r) => r.data),
  spins: (page: number, perPage: number) => api().get<Page<Spin>>("/game/spins", { page, perPage }),
  winners: () =>
    api()
      .get<{ data: Winner[] }>("/game/spins/winners")
      .then((r) => r.data),
};
