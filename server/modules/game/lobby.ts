import type { Page } from "#common/api/player";
import type { Cache, CacheScope } from "../../cache";
import type { Db } from "../../db/client";
import {
  findProvider,
  type GameFilter,
  type GameView,
  gamesPage,
  listCatalogueGames,
  listCollections,
  listFeatures,
  listProviders,
  type Viewer,
} from "./catalogue";

/** The lobby's scope of the cache; the seed, which writes the catalogue, invalidates it. */
export const LOBBY_CACHE_NAME = "game-lobby";

/**
 * The lobby's reads. Everyone from one country sees the same collections, providers, features and game pages,
 * and the lobby is the busiest part of the site, so those answers are kept in the cache (`scope`) until the
 * catalogue changes or the scope's time is up (an operator's edit by hand shows within that time). Only a
 * player's favourites are read per request.
 */
export interface Lobby {
  scope: CacheScope;
  /** The cache key of a game page as a guest from `country` sees it: one per normalized filter. */
  gamesKey(country: string | null, filter: GameFilter): string;
  collections(country: string | null): ReturnType<typeof listCollections>;
  providers(country: string | null): ReturnType<typeof listProviders>;
  provider(idOrIdentity: string, country: string | null): Promise<ReturnType<typeof findProvider>>;
  features(country: string | null): ReturnType<typeof listFeatures>;
  games(viewer: Viewer, filter: GameFilter): Promise<Page<GameView>>;
}

export function createLobby(db: Db, cache: Cache, opts: { ttlMs: number; maxEntries?: number }): Lobby {
  const scope: CacheScope = {
    name: LOBBY_CACHE_NAME,
    ttlMs: opts.ttlMs,
    maxEntries: opts.maxEntries ?? 4000,
  };
  const providers = (country: string | null) =>
    cache.get(scope, `providers:${country}`, () => listProviders(db, country));
  const gamesKey = (country: string | null, f: GameFilter) =>
    `games:${country}:${JSON.stringify([f.collection?.toLowerCase(), f.providers?.map((p) => p.toLowerCase()).sort(), f.features?.slice().sort(), f.search?.trim().toLowerCase(), f.sort, f.page, f.perPage])}`;
  return {
    scope,
    gamesKey,
    collections: (country) => cache.get(scope, `collections:${country}`, () => listCollections(db, country)),
    providers,
    provider: async (idOrIdentity, country) => findProvider(await providers(country), idOrIdentity),
    features: (country) => cache.get(scope, `features:${country}`, () => listFeatures(db, country)),
    games: async (viewer, f) => {
      const rows = await cache.get(scope, `rows:${gamesKey(viewer.country, f)}`, () =>
        listCatalogueGames(db, viewer.country, f),
      );
      return gamesPage(db, viewer, f, rows);
    },
  };
}
