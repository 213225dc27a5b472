import { api } from "~/lib/session/client";
import { type GameListFilter, gamesQuery } from "./filters";

/** The lobby's calls (spec point 7, games), in the browser with the player's token when there is one. */
export const gamesApi = {
  collections: () =>
    api()
      .get("/game/collections")
      .then((r) => r.data),
  providers: () =>
    api()
      .get("/game/providers")
      .then((r) => r.data),
  provider: (id: string) =>
    api()
      .get(`/game/providers/${encodeURIComponent(id)}`)
      .then((r) => r.data),
  features: () =>
    api()
      .get("/game/games/features")
      .then((r) => r.data),
  games: (filter: GameListFilter, page: number, perPage: number) =>
    api().get("/game/games", gamesQuery(filter, page, perPage)),
  game: (id: string) =>
    api()
      .get(`/game/games/${encodeURIComponent(id)}`)
      .then((r) => r.data),
  play: (id: string, real: boolean) =>
    api()
      .post(`/game/games/${encodeURIComponent(id)}/play`, { real })
      .then((r) => r.data),
  favorites: () =>
    api()
      .get("/game/games/favorites")
      .then((r) => r.data),
  played: () =>
    api()
      .get("/game/games/played")
      .then((r) => r.data),
  search: (q: string, limit = 20) =>
    api()
      .get("/game/games/search", { q, limit })
      .then((r) => r.data),
  recentSearches: () =>
    api()
      .get("/game/search/recent")
      .then((r) => r.data),
  clearRecentSearches: (id?: string) =>
    api()
      .delete(id ? `/game/search/recent?id=${encodeURIComponent(id)}` : "/game/search/recent")
      .then((r) => r.data),
  spins: (page: number, perPage: number) => api().get("/game/spins", { page, perPage }),
  winners: () =>
    api()
      .get("/game/spins/winners")
      .then((r) => r.data),
};
