import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { gamesApi } from "./api";
import type { GameListFilter } from "./filters";

/** The whole lobby, most played first. */
const ALL: GameListFilter = { features: [], providers: [], sort: "popular" };

/**
 * The lobby's reads as TanStack queries: one key and one fetch per kind of answer, so screens that show the
 * same list (collections in the header, the lobby and the categories modal) share one call and its cache.
 * A player's own lists carry the player in their key and are never served stale.
 */
export const gameQueries = {
  collections: () => ({ queryKey: ["games", "collections"], queryFn: gamesApi.collections }),
  providers: () => ({ queryKey: ["games", "providers"], queryFn: gamesApi.providers }),
  features: () => ({ queryKey: ["games", "features"], queryFn: gamesApi.features }),
  winners: () => ({ queryKey: ["games", "winners"], queryFn: gamesApi.winners, staleTime: 0 }),
  game: (id: string | null) => ({
    queryKey: ["games", "game", id],
    queryFn: () => gamesApi.game(id!),
    enabled: id !== null,
  }),
  row: (collection: string, perPage: number) => ({
    queryKey: ["games", "row", collection, perPage],
    queryFn: () => gamesApi.games({ ...ALL, collection }, 1, perPage),
  }),
  popular: () => ({
    queryKey: ["games", "popular"],
    // A lobby without a "popular" collection still offers something to play.
    queryFn: () =>
      gamesApi.games({ ...ALL, collection: "popular" }, 1, 6).catch(() => gamesApi.games(ALL, 1, 6)),
  }),
  search: (q: string) => ({
    queryKey: ["games", "search", q],
    queryFn: () => gamesApi.search(q, 20),
    enabled: q !== "",
  }),
  mine: (kind: "favorites" | "played", playerId: string | undefined) => ({
    queryKey: ["games", kind, playerId],
    queryFn: kind === "favorites" ? gamesApi.favorites : gamesApi.played,
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  spins: (page: number, perPage: number, playerId: string | undefined) => ({
    queryKey: ["games", "spins", playerId, page, perPage],
    queryFn: () => gamesApi.spins(page, perPage),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
};

/** What the lobby's screens read of a query: the answer, the failure, whether a call is out, and a retry. */
export interface Loaded<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
  retry: () => void;
}

/**
 * A lobby query in the shape its screens use: the last answer stays while the next loads (a list dims rather
 * than blinking to a skeleton), `retry` asks again (the error state's button, a realtime nudge).
 */
export function useLobby<T>(options: UseQueryOptions<T, Error, T, QueryKey>): Loaded<T> {
  const enabled = options.enabled !== false;
  const q = useQuery({ ...(enabled ? { placeholderData: keepPreviousData } : {}), ...options });
  const { refetch } = q;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { data: enabled ? q.data : undefined, error: q.error ?? undefined, loading: q.isFetching, retry };
}
