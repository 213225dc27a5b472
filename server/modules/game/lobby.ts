import type { Page } from "#common/api/player";
import type { Db } from "../../db/client";
import { createMemo } from "../../lib/memo";
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

/**
 * The lobby's reads. Everyone from one country sees the same collections, providers, features and game pages,
 * and the lobby is the busiest part of the site, so those answers are kept for `ttlMs` (the catalogue changes
 * rarely; an operator's edit shows within that time). Only a player's favourites are read per request.
 */
export interface Lobby {
  collections(country: string | null): ReturnType<typeof listCollections>;
  providers(country: string | null): ReturnType<typeof listProviders>;
  provider(idOrIdentity: string, country: string | null): Promise<ReturnType<typeof findProvider>>;
  features(country: string | null): ReturnType<typeof listFeatures>;
  games(viewer: Viewer, filter: GameFilter): Promise<Page<GameView>>;
}

export function createLobby(db: Db, opts: { ttlMs: number; maxEntries?: number }): Lobby {
  const memo = createMemo({ ttlMs: opts.ttlMs, maxEntries: opts.maxEntries ?? 2000 });
  const providers = (country: string | null) =>
    memo.get(`providers:${country}`, () => listProviders(db, country));
  return {
    collections: (country) => memo.get(`collections:${country}`, () => listCollections(db, country)),
    providers,
    provider: async (idOrIdentity, country) => findProvider(await providers(country), idOrIdentity),
    features: (country) => memo.get(`features:${country}`, () => listFeatures(db, country)),
    games: async (viewer, f) => {
      const key = `games:${viewer.country}:${JSON.stringify([f.collection, f.providers, f.features, f.search?.trim().toLowerCase(), f.sort, f.page, f.perPage])}`;
      return gamesPage(db, viewer, f, await memo.get(key, () => listCatalogueGames(db, viewer.country, f)));
    },
  };
}
