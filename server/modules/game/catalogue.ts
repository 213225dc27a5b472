import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Game, GameSort } from "#common/api/game";
import type { Page } from "#common/api/player";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { gameCollectionGames, gameCollections, gameFavorites, gameProviders, games } from "./tables";

/** A game as the lobby shows it (the answer type the site reads). */
export type GameView = Game;

/** Who is looking: the visitor's country (games and collections follow it) and the player, if logged in. */
export interface Viewer {
  country: string | null;
  playerId?: bigint;
}

const gameColumns = {
  id: games.id,
  slug: games.slug,
  name: games.name,
  description: games.description,
  images: games.images,
  features: games.features,
  rtp: games.rtp,
  volatility: games.volatility,
  hasDemo: games.hasDemo,
  isMobile: games.isMobile,
  isDemoContent: games.isDemoContent,
  currencies: games.currencies,
  releasedAt: games.releasedAt,
  providerId: gameProviders.id,
  providerIdentity: gameProviders.identity,
  providerName: gameProviders.name,
};

type GameRow = Omit<
  { [K in keyof typeof gameColumns]: (typeof gameColumns)[K]["_"]["data"] },
  "currencies"
> & { currencies: string[] | null };

function toView(r: GameRow, favorites: Set<number>): GameView {
  return {
    id: String(r.id),
    slug: r.slug,
    name: r.name,
    description: r.description,
    provider: { id: String(r.providerId), identity: r.providerIdentity, name: r.providerName },
    images: r.images,
    features: r.features,
    rtp: r.rtp,
    volatility: r.volatility,
    hasDemo: r.hasDemo,
    isMobile: r.isMobile,
    isDemoContent: r.isDemoContent,
    currencies: r.currencies,
    releasedAt: r.releasedAt.toISOString(),
    isFavorite: favorites.has(r.id),
  };
}

/** Games the viewer's country may see: enabled, in its country list if it has one, not restricted there. */
export function visibleIn(country: string | null): SQL {
  const base = and(eq(games.isEnabled, true), eq(gameProviders.isEnabled, true))!;
  if (!country) return and(base, sql`${games.countries} is null`)!;
  return and(
    base,
    sql`(${games.countries} is null or ${country} = any(${games.countries}))`,
    sql`not (${country} = any(${games.restrictedCountries}))`,
  )!;
}

const collectionVisibleIn = (country: string | null) =>
  country
    ? sql`(${gameCollections.countries} is null or ${country} = any(${gameCollections.countries}))`
    : sql`${gameCollections.countries} is null`;

async function favoritesOf(db: Db, playerId: bigint | undefined, ids: number[]): Promise<Set<number>> {
  if (!playerId || ids.length === 0) return new Set();
  const rows = await db
    .select({ gameId: gameFavorites.gameId })
    .from(gameFavorites)
    .where(and(eq(gameFavorites.playerId, playerId), inArray(gameFavorites.gameId, ids)));
  return new Set(rows.map((r) => r.gameId));
}

export async function viewsOf(db: Db, viewer: Viewer, rows: GameRow[]): Promise<GameView[]> {
  const favorites = await favoritesOf(
    db,
    viewer.playerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, favorites));
}

/** Games by id in the given order, visible to the viewer (others are left out). */
export async function gamesByIds(db: Db, viewer: Viewer, ids: number[]): Promise<GameView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(gameColumns)
    .from(games)
    .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
    .where(and(visibleIn(viewer.country), inArray(games.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return viewsOf(
    db,
    viewer,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** A collection found by its identity, whatever the case; hidden ones and other countries' are never found. */
export async function findCollection(db: Db, identity: string, country: string | null) {
  const [row] = await db
    .select()
    .from(gameCollections)
    .where(
      and(
        sql`lower(${gameCollections.identity}) = ${identity.toLowerCase()}`,
        eq(gameCollections.isHidden, false),
        collectionVisibleIn(country),
      ),
    );
  return row;
}

export async function listCollections(db: Db, country: string | null) {
  const rows = await db
    .select({
      id: gameCollections.id,
      identity: gameCollections.identity,
      name: gameCollections.name,
      isHidden: gameCollections.isHidden,
      countries: gameCollections.countries,
      // The outer row's id is named in full: a bare "id" inside the subquery would be the game's.
      gamesCount: sql<number>`(select count(*)::int from ${gameCollectionGames} cg join ${games} g on g.id = cg.game_id
        where cg.collection_id = ${sql.raw('"game_collections"."id"')} and g.is_enabled
        and ${country ? sql`(g.countries is null or ${country} = any(g.countries)) and not (${country} = any(g.restricted_countries))` : sql`g.countries is null`})`,
    })
    .from(gameCollections)
    .where(and(eq(gameCollections.isHidden, false), collectionVisibleIn(country)))
    .orderBy(asc(gameCollections.sortOrder), asc(gameCollections.id));
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

const providerView = (p: typeof gameProviders.$inferSelect, gamesCount: number) => ({
  id: String(p.id),
  identity: p.identity,
  name: p.name,
  logo: p.logo,
  isBuiltIn: p.isBuiltIn,
  isDemoContent: p.isDemoContent,
  gamesCount,
});

export async function listProviders(db: Db, country: string | null) {
  const rows = await db
    .select({ p: gameProviders, gamesCount: sql<number>`count(${games.id})::int` })
    .from(gameProviders)
    .leftJoin(games, and(eq(games.providerId, gameProviders.id), visibleIn(country)))
    .where(eq(gameProviders.isEnabled, true))
    .groupBy(gameProviders.id)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.id));
  return rows.map((r) => providerView(r.p, r.gamesCount));
}

/** By numeric id or identity (the site's /games/providers/{providerIdentity}). */
export function findProvider(list: Awaited<ReturnType<typeof listProviders>>, idOrIdentity: string) {
  const found = list.find((p) => p.id === idOrIdentity || p.identity === idOrIdentity.toLowerCase());
  if (!found) throw ApiError.notFound("No such provider");
  return found;
}

export interface GameFilter {
  collection?: string;
  providers?: string[];
  features?: string[];
  search?: string;
  sort: GameSort;
  page: number;
  perPage: number;
}

/** How far a typed text may be from a title's words and still find it (pg_trgm word similarity). */
const SEARCH_THRESHOLD = 0.45;

const matches = (text: string) => {
  const q = text.trim().toLowerCase();
  return sql`(word_similarity(${q}, lower(${games.name})) >= ${SEARCH_THRESHOLD} or lower(${games.name}) like ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`;
};

const searchRank = (text: string) => sql`word_similarity(${text.trim().toLowerCase()}, lower(${games.name}))`;

/** One page of the games a country may see, before any player's favourites are marked: the part many share. */
export interface CataloguePage {
  rows: GameRow[];
  totalRows: number;
}

export async function listCatalogueGames(
  db: Db,
  country: string | null,
  f: GameFilter,
): Promise<CataloguePage> {
  const where: SQL[] = [visibleIn(country)];
  let collectionId: number | undefined;
  if (f.collection) {
    const c = await findCollection(db, f.collection, country);
    if (!c) throw ApiError.notFound("No such collection");
    collectionId = c.id;
    where.push(
      sql`exists (select 1 from ${gameCollectionGames} cg where cg.collection_id = ${c.id} and cg.game_id = ${games.id})`,
    );
  }
  if (f.providers?.length) {
    const ids = f.providers.filter((p) => /^\d{1,15}$/.test(p)).map(Number);
    const identities = f.providers.map((p) => p.toLowerCase());
    where.push(
      sql`(${gameProviders.identity} in ${identities}${ids.length ? sql` or ${gameProviders.id} in ${ids}` : sql``})`,
    );
  }
  if (f.features?.length) where.push(sql`${games.features} @> ${sql.param(f.features)}::text[]`);
  if (f.search?.trim()) where.push(matches(f.search));
  const order: SQL[] =
    f.search?.trim() && f.sort === "popular"
      ? [sql`${searchRank(f.search)} desc`, desc(games.popularity)]
      : {
          popular: [desc(games.popularity)],
          new: [desc(games.releasedAt)],
          name: [asc(games.name)],
          "name-desc": [desc(games.name)],
          rtp: [desc(games.rtp), desc(games.popularity)],
        }[f.sort];
  if (collectionId !== undefined && f.sort === "popular" && !f.search) {
    order.unshift(
      sql`(select cg.position from ${gameCollectionGames} cg where cg.collection_id = ${collectionId} and cg.game_id = ${games.id})`,
    );
  }
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select(gameColumns)
      .from(games)
      .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
      .where(condition)
      .orderBy(...order, asc(games.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
      .where(condition),
  ]);
  return { rows, totalRows: count?.n ?? 0 };
}

/** A page of the lobby as the viewer sees it: their favourites marked. */
export async function gamesPage(
  db: Db,
  viewer: Viewer,
  f: GameFilter,
  { rows, totalRows }: CataloguePage,
): Promise<Page<GameView>> {
  return {
    data: await viewsOf(db, viewer, rows),
    meta: { page: f.page, perPage: f.perPage, totalRows, totalPages: Math.ceil(totalRows / f.perPage) },
  };
}

export async function listGames(db: Db, viewer: Viewer, f: GameFilter): Promise<Page<GameView>> {
  return gamesPage(db, viewer, f, await listCatalogueGames(db, viewer.country, f));
}

/** A game by numeric id or slug, with whether the viewer's country may play it and its bonus wagering. */
export async function getGame(db: Db, viewer: Viewer, idOrSlug: string) {
  const key = /^\d{1,15}$/.test(idOrSlug)
    ? eq(games.id, Number(idOrSlug))
    : eq(games.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select({
      ...gameColumns,
      available: sql<boolean>`${visibleIn(viewer.country)}`,
      bonusWagering: games.bonusWagering,
      bonusWageringMinMultiplier: games.bonusWageringMinMultiplier,
    })
    .from(games)
    .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
    .where(and(key, eq(games.isEnabled, true)));
  if (!row) throw ApiError.notFound("No such game");
  const [view] = await viewsOf(db, viewer, [row]);
  return {
    ...view!,
    isAvailable: row.available,
    bonusWagering: { counts: row.bonusWagering, minMultiplier: row.bonusWageringMinMultiplier },
  };
}

/** Every feature tag of the games the viewer may see, with how many games carry it. */
export async function listFeatures(db: Db, country: string | null) {
  const rows = await db
    .select({ feature: sql<string>`f.feature`, gamesCount: sql<number>`count(*)::int` })
    .from(games)
    .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
    .innerJoin(sql`unnest(${games.features}) as f(feature)`, sql`true`)
    .where(visibleIn(country))
    .groupBy(sql`f.feature`)
    .orderBy(sql`count(*) desc`, sql`f.feature`);
  return rows;
}

/** Launch facts of a game, for the play call. */
export async function gameForLaunch(db: Db, idOrSlug: string) {
  const key = /^\d{1,15}$/.test(idOrSlug)
    ? eq(games.id, Number(idOrSlug))
    : eq(games.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select({ game: games, provider: gameProviders })
    .from(games)
    .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
    .where(and(key, eq(games.isEnabled, true), eq(gameProviders.isEnabled, true)));
  if (!row) throw ApiError.notFound("No such game");
  return row;
}

/** The collections a game is in (quests count a task's games by collection, decision 0015). */
export async function collectionIdsOfGame(db: Db, gameId: number): Promise<number[]> {
  const rows = await db
    .select({ id: gameCollectionGames.collectionId })
    .from(gameCollectionGames)
    .where(eq(gameCollectionGames.gameId, gameId));
  return rows.map((r) => r.id);
}

/** Collections by id, with their identity and name, for naming a quest task's games. */
export async function collectionsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: gameCollections.id, identity: gameCollections.identity, name: gameCollections.name })
    .from(gameCollections)
    .where(inArray(gameCollections.id, ids));
}

/** A game's id, name and slug by id or slug (other modules name games through this: free spins). */
export async function gameRefs(db: Db, by: { ids?: number[]; slug?: string }) {
  const where = by.slug !== undefined ? eq(games.slug, by.slug) : inArray(games.id, by.ids ?? []);
  if (by.slug === undefined && (by.ids ?? []).length === 0) return [];
  return db.select({ id: games.id, name: games.name, slug: games.slug }).from(games).where(where);
}
