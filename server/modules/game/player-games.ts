import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { type GameView, gamesByIds, type Viewer } from "./catalogue";
import type { Lobby } from "./lobby";
import { gameFavorites, gamePlayed, gameRecentSearches, games } from "./tables";

/** Favourites and recent things belong to one player: every query names the player. */

async function gameIdOf(db: Db, idOrSlug: string): Promise<number> {
  const key = /^\d{1,15}$/.test(idOrSlug)
    ? eq(games.id, Number(idOrSlug))
    : eq(games.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(key, eq(games.isEnabled, true)));
  if (!row) throw ApiError.notFound("No such game");
  return row.id;
}

export async function addFavorite(db: Db, playerId: bigint, idOrSlug: string) {
  const gameId = await gameIdOf(db, idOrSlug);
  await db.insert(gameFavorites).values({ playerId, gameId }).onConflictDoNothing();
  return { gameId: String(gameId), isFavorite: true };
}

export async function removeFavorite(db: Db, playerId: bigint, idOrSlug: string) {
  const gameId = await gameIdOf(db, idOrSlug);
  await db
    .delete(gameFavorites)
    .where(and(eq(gameFavorites.playerId, playerId), eq(gameFavorites.gameId, gameId)));
  return { gameId: String(gameId), isFavorite: false };
}

export async function listFavorites(db: Db, viewer: Viewer & { playerId: bigint }): Promise<GameView[]> {
  const rows = await db
    .select({ gameId: gameFavorites.gameId })
    .from(gameFavorites)
    .where(eq(gameFavorites.playerId, viewer.playerId))
    .orderBy(desc(gameFavorites.createdAt))
    .limit(500);
  return gamesByIds(
    db,
    viewer,
    rows.map((r) => r.gameId),
  );
}

export async function recordPlayed(db: Db, playerId: bigint, gameId: number, now: Date) {
  await db
    .insert(gamePlayed)
    .values({ playerId, gameId, lastPlayedAt: now })
    .onConflictDoUpdate({
      target: [gamePlayed.playerId, gamePlayed.gameId],
      set: { lastPlayedAt: now, plays: sql`${gamePlayed.plays} + 1` },
    });
}

export const PLAYED_LIMIT = 50;

export async function listPlayed(db: Db, viewer: Viewer & { playerId: bigint }): Promise<GameView[]> {
  const rows = await db
    .select({ gameId: gamePlayed.gameId })
    .from(gamePlayed)
    .where(eq(gamePlayed.playerId, viewer.playerId))
    .orderBy(desc(gamePlayed.lastPlayedAt))
    .limit(PLAYED_LIMIT);
  return gamesByIds(
    db,
    viewer,
    rows.map((r) => r.gameId),
  );
}

export const RECENT_SEARCHES_KEPT = 10;

/** Typo-tolerant search; a logged-in player's text is kept among their recent searches (the last 10). */
export async function searchGames(
  db: Db,
  lobby: Lobby,
  viewer: Viewer,
  text: string,
  limit: number,
  now: Date,
) {
  const q = text.trim().slice(0, 100);
  if (q.length === 0) return [];
  const page = await lobby.games(viewer, { search: q, sort: "popular", page: 1, perPage: limit });
  if (viewer.playerId && q.length >= 2) await rememberSearch(db, viewer.playerId, q, now);
  return page.data;
}

async function rememberSearch(db: Db, playerId: bigint, query: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${gameRecentSearches} (player_id, query, searched_at) values (${playerId}, ${query}, ${now})
      on conflict (player_id, lower(query)) do update set searched_at = excluded.searched_at, query = excluded.query`);
    const keep = tx
      .select({ id: gameRecentSearches.id })
      .from(gameRecentSearches)
      .where(eq(gameRecentSearches.playerId, playerId))
      .orderBy(desc(gameRecentSearches.searchedAt), desc(gameRecentSearches.id))
      .limit(RECENT_SEARCHES_KEPT);
    await tx
      .delete(gameRecentSearches)
      .where(and(eq(gameRecentSearches.playerId, playerId), notInArray(gameRecentSearches.id, keep)));
  });
}

export async function listRecentSearches(db: Db, playerId: bigint) {
  const rows = await db
    .select()
    .from(gameRecentSearches)
    .where(eq(gameRecentSearches.playerId, playerId))
    .orderBy(desc(gameRecentSearches.searchedAt), desc(gameRecentSearches.id))
    .limit(RECENT_SEARCHES_KEPT);
  return rows.map((r) => ({ id: String(r.id), query: r.query, searchedAt: r.searchedAt.toISOString() }));
}

/** Clears the player's recent searches, or one of them when an id is given. */
export async function clearRecentSearches(db: Db, playerId: bigint, id?: string) {
  await db
    .delete(gameRecentSearches)
    .where(
      and(
        eq(gameRecentSearches.playerId, playerId),
        id && /^\d{1,15}$/.test(id) ? eq(gameRecentSearches.id, Number(id)) : undefined,
      ),
    );
}
