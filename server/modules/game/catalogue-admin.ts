import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type {
  AdminCollection,
  AdminCollectionChangeBody,
  AdminCollectionGame,
  AdminGame,
  AdminGameChangeBody,
  AdminGamesQuery,
  AdminProvider,
  AdminProviderChangeBody,
} from "#common/api/admin-catalogue";
import type { Cache } from "../../cache";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { type AuditActor, audited } from "../staff";
import { LOBBY_CACHE_NAME } from "./lobby";
import { gameCollectionGames, gameCollections, gameProviders, games } from "./tables";

/**
 * The catalogue as the back office edits it (decision 0025): every game, provider and collection, hidden ones
 * included. Each change is one transaction with its audit record; after the commit the lobby's cache scope is
 * invalidated here and, through Redis, in every process, so players see it on their next request
 * (GAME_LOBBY_CACHE_SECONDS is the backstop for an announcement a process missed).
 */
export interface CatalogueAdminDeps {
  db: Db;
  cache: Cache;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

const unknownIds = (field: string, ids: string[]) =>
  new ApiError(422, "validation_error", `Unknown ${field}: ${ids.join(", ")}`, {
    [field]: [`Unknown: ${ids.join(", ")}`],
  });

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

async function collectionsOfGames(db: Db, ids: number[]) {
  const out = new Map<number, AdminGame["collections"]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      gameId: gameCollectionGames.gameId,
      id: gameCollections.id,
      identity: gameCollections.identity,
      name: gameCollections.name,
      position: gameCollectionGames.position,
    })
    .from(gameCollectionGames)
    .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
    .where(inArray(gameCollectionGames.gameId, ids))
    .orderBy(asc(gameCollections.sortOrder), asc(gameCollections.id));
  for (const r of rows) {
    const list = out.get(r.gameId) ?? [];
    list.push({ id: String(r.id), identity: r.identity, name: r.name, position: r.position });
    out.set(r.gameId, list);
  }
  return out;
}

const staffGameColumns = {
  game: games,
  provider: {
    id: gameProviders.id,
    identity: gameProviders.identity,
    name: gameProviders.name,
    isEnabled: gameProviders.isEnabled,
  },
};

type StaffGameRow = {
  game: typeof games.$inferSelect;
  provider: Omit<AdminGame["provider"], "id"> & { id: number };
};

async function viewsOfGames(db: Db, rows: StaffGameRow[]): Promise<AdminGame[]> {
  const collections = await collectionsOfGames(
    db,
    rows.map((r) => r.game.id),
  );
  return rows.map(({ game: g, provider }) => ({
    id: String(g.id),
    slug: g.slug,
    name: g.name,
    provider: { ...provider, id: String(provider.id) },
    thumbnail: g.images.thumbnail,
    isEnabled: g.isEnabled,
    popularity: g.popularity,
    countries: g.countries,
    restrictedCountries: g.restrictedCountries,
    collections: collections.get(g.id) ?? [],
    bonusWagering: g.bonusWagering,
    bonusWageringMinMultiplier: g.bonusWageringMinMultiplier,
  }));
}

/** Staff's game list: by name or slug, provider, collection and shown/hidden; a collection's in its order. */
export async function staffGames(db: Db, q: AdminGamesQuery) {
  const where: SQL[] = [];
  if (q.q) {
    const like = `%${escapeLike(q.q.toLowerCase())}%`;
    where.push(sql`(lower(${games.name}) like ${like} or ${games.slug} like ${like})`);
  }
  if (q.provider) where.push(eq(games.providerId, Number(q.provider)));
  if (q.state !== "all") where.push(eq(games.isEnabled, q.state === "shown"));
  const position = q.collection
    ? sql`(select cg.position from ${gameCollectionGames} cg where cg.collection_id = ${Number(q.collection)} and cg.game_id = ${games.id})`
    : undefined;
  if (position) where.push(sql`${position} is not null`);
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(staffGameColumns)
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .where(cond)
      .orderBy(...(position ? [asc(position)] : []), desc(games.popularity), asc(games.name), asc(games.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(games).where(cond),
  ]);
  const totalRows = total?.n ?? 0;
  return {
    data: await viewsOfGames(db, rows),
    meta: {
      page: q.page,
      perPage: q.perPage,
      totalRows,
      totalPages: Math.max(1, Math.ceil(totalRows / q.perPage)),
    },
  };
}

async function staffGame(db: Db, id: number): Promise<AdminGame | undefined> {
  const rows = await db
    .select(staffGameColumns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(eq(games.id, id));
  return (await viewsOfGames(db, rows))[0];
}

/** A numeric id as written in a path ("00001" is row 1): compare rows by String(numericId(id)), never by `id`. */
const numericId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : undefined);

/**
 * Hides or shows a game, sets its default order, its country rules, the collections it is in and its bonus
 * wagering (whether its rounds count, and the least multiplier a winning round needs; decision 0065).
 */
export async function changeGame(
  deps: CatalogueAdminDeps,
  actor: AuditActor,
  id: string,
  body: AdminGameChangeBody,
): Promise<AdminGame> {
  const gameId = numericId(id);
  const result = await audited(
    deps.db,
    actor,
    { action: "catalogue.game.change", targetType: "game", targetId: id },
    async (tx) => {
      // Edits of one game queue behind each other, so each audit record's "before" is what it changed.
      if (gameId !== undefined)
        await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for("update");
      const before = gameId === undefined ? undefined : await staffGame(tx, gameId);
      if (!before || gameId === undefined) throw ApiError.notFound("No such game");
      const set: Partial<typeof games.$inferInsert> = {};
      if (body.isEnabled !== undefined) set.isEnabled = body.isEnabled;
      if (body.popularity !== undefined) set.popularity = body.popularity;
      if (body.countries !== undefined) set.countries = body.countries;
      if (body.restrictedCountries !== undefined) set.restrictedCountries = body.restrictedCountries;
      if (body.bonusWagering !== undefined) set.bonusWagering = body.bonusWagering;
      if (body.bonusWageringMinMultiplier !== undefined)
        set.bonusWageringMinMultiplier = body.bonusWageringMinMultiplier;
      if (Object.keys(set).length) await tx.update(games).set(set).where(eq(games.id, gameId));
      if (body.collections !== undefined) {
        const wanted = [...new Set(body.collections.map(Number))];
        const known = wanted.length
          ? await tx
              .select({ id: gameCollections.id })
              .from(gameCollections)
              .where(inArray(gameCollections.id, wanted))
          : [];
        const missing = wanted.filter((c) => !known.some((k) => k.id === c));
        if (missing.length) throw unknownIds("collections", missing.map(String));
        await tx
          .delete(gameCollectionGames)
          .where(
            and(
              eq(gameCollectionGames.gameId, gameId),
              wanted.length ? notInArray(gameCollectionGames.collectionId, wanted) : undefined,
            ),
          );
        const had = new Set(before.collections.map((c) => Number(c.id)));
        for (const collectionId of wanted.filter((c) => !had.has(c)))
          await tx.insert(gameCollectionGames).values({
            collectionId,
            gameId,
            // Last in the collection: after every game already there.
            position: sql`(select coalesce(max(position) + 1, 0) from ${gameCollectionGames} where collection_id = ${collectionId})`,
          });
      }
      const after = (await staffGame(tx, gameId))!;
      const state = (g: AdminGame) => ({
        isEnabled: g.isEnabled,
        popularity: g.popularity,
        countries: g.countries,
        restrictedCountries: g.restrictedCountries,
        collections: g.collections.map((c) => c.id),
        bonusWagering: g.bonusWagering,
        bonusWageringMinMultiplier: g.bonusWageringMinMultiplier,
      });
      return { before: state(before), after: state(after), result: after };
    },
  );
  await deps.cache.invalidate(LOBBY_CACHE_NAME);
  return result;
}

export async function staffProviders(db: Db): Promise<AdminProvider[]> {
  const rows = await db
    .select({ p: gameProviders, gamesCount: sql<number>`count(${games.id})::int` })
    .from(gameProviders)
    .leftJoin(games, eq(games.providerId, gameProviders.id))
    .groupBy(gameProviders.id)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.id));
  return rows.map(({ p, gamesCount }) => ({
    id: String(p.id),
    identity: p.identity,
    name: p.name,
    logo: p.logo,
    isEnabled: p.isEnabled,
    sortOrder: p.sortOrder,
    isDemoContent: p.isDemoContent,
    gamesCount,
  }));
}

/** Hides or shows a provider (and with it all its games in the lobby), or moves it in the providers' order. */
export async function changeProvider(
  deps: CatalogueAdminDeps,
  actor: AuditActor,
  id: string,
  body: AdminProviderChangeBody,
): Promise<AdminProvider> {
  const providerId = numericId(id);
  const result = await audited(
    deps.db,
    actor,
    { action: "catalogue.provider.change", targetType: "game_provider", targetId: id },
    async (tx) => {
      const [before] =
        providerId === undefined
          ? []
          : await tx.select().from(gameProviders).where(eq(gameProviders.id, providerId)).for("update");
      if (!before || providerId === undefined) throw ApiError.notFound("No such provider");
      await tx
        .update(gameProviders)
        .set({
          ...(body.isEnabled !== undefined ? { isEnabled: body.isEnabled } : {}),
          ...(body.sortOrder !== undefined ? { sortOrder: body.sortOrder } : {}),
        })
        .where(eq(gameProviders.id, providerId));
      const after = (await staffProviders(tx)).find((p) => p.id === String(providerId))!;
      return {
        before: { isEnabled: before.isEnabled, sortOrder: before.sortOrder },
        after: { isEnabled: after.isEnabled, sortOrder: after.sortOrder },
        result: after,
      };
    },
  );
  await deps.cache.invalidate(LOBBY_CACHE_NAME);
  return result;
}

export async function staffCollections(db: Db): Promise<AdminCollection[]> {
  const rows = await db
    .select({ c: gameCollections, gamesCount: sql<number>`count(${gameCollectionGames.gameId})::int` })
    .from(gameCollections)
    .leftJoin(gameCollectionGames, eq(gameCollectionGames.collectionId, gameCollections.id))
    .groupBy(gameCollections.id)
    .orderBy(asc(gameCollections.sortOrder), asc(gameCollections.id));
  return rows.map(({ c, gamesCount }) => ({
    id: String(c.id),
    identity: c.identity,
    name: c.name,
    isHidden: c.isHidden,
    countries: c.countries,
    sortOrder: c.sortOrder,
    gamesCount,
  }));
}

const collectionState = (c: AdminCollection) => ({
  identity: c.identity,
  name: c.name,
  isHidden: c.isHidden,
  countries: c.countries,
  sortOrder: c.sortOrder,
});

const identityTaken = () =>
  new ApiError(409, "identity_taken", "A collection has this identity", {
    identity: ["A collection has this identity"],
  });

/** A new collection, last in the lobby's order; its identity is unique whatever the case. */
export async function createCollection(
  deps: CatalogueAdminDeps,
  actor: AuditActor,
  body: { identity: string; name: string; isHidden: boolean; countries: string[] | null },
): Promise<AdminCollection> {
  let result: AdminCollection;
  try {
    result = await audited(
      deps.db,
      actor,
      { action: "catalogue.collection.create", targetType: "game_collection", targetId: null },
      async (tx) => {
        const [taken] = await tx
          .select({ id: gameCollections.id })
          .from(gameCollections)
          .where(sql`lower(${gameCollections.identity}) = ${body.identity.toLowerCase()}`);
        if (taken) throw identityTaken();
        const [row] = await tx
          .insert(gameCollections)
          .values({
            ...body,
            sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from ${gameCollections})`,
          })
          .returning();
        const after = (await staffCollections(tx)).find((c) => c.id === String(row!.id))!;
        return { before: null, after: { id: after.id, ...collectionState(after) }, result: after };
      },
    );
  } catch (err) {
    // Two staff creating the same identity at once: the unique index decides.
    if (isUniqueViolation(err)) throw identityTaken();
    throw err;
  }
  await deps.cache.invalidate(LOBBY_CACHE_NAME);
  return result;
}

/** Renames, hides or shows a collection, changes its countries or its place in the lobby's order. */
export async function changeCollection(
  deps: CatalogueAdminDeps,
  actor: AuditActor,
  id: string,
  body: AdminCollectionChangeBody,
): Promise<AdminCollection> {
  const collectionId = numericId(id);
  const result = await audited(
    deps.db,
    actor,
    { action: "catalogue.collection.change", targetType: "game_collection", targetId: id },
    async (tx) => {
      if (collectionId !== undefined)
        await tx
          .select({ id: gameCollections.id })
          .from(gameCollections)
          .where(eq(gameCollections.id, collectionId))
          .for("update");
      const before =
        collectionId === undefined
          ? undefined
          : (await staffCollections(tx)).find((c) => c.id === String(collectionId));
      if (!before || collectionId === undefined) throw ApiError.notFound("No such collection");
      const set: Partial<typeof gameCollections.$inferInsert> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.isHidden !== undefined) set.isHidden = body.isHidden;
      if (body.countries !== undefined) set.countries = body.countries;
      if (body.sortOrder !== undefined) set.sortOrder = body.sortOrder;
      await tx.update(gameCollections).set(set).where(eq(gameCollections.id, collectionId));
      const after = (await staffCollections(tx)).find((c) => c.id === String(collectionId))!;
      return { before: collectionState(before), after: collectionState(after), result: after };
    },
  );
  await deps.cache.invalidate(LOBBY_CACHE_NAME);
  return result;
}

export async function collectionGames(db: Db, id: string): Promise<AdminCollectionGame[]> {
  const collectionId = numericId(id);
  const [found] =
    collectionId === undefined
      ? []
      : await db
          .select({ id: gameCollections.id })
          .from(gameCollections)
          .where(eq(gameCollections.id, collectionId));
  if (!found) throw ApiError.notFound("No such collection");
  const rows = await db
    .select({
      id: games.id,
      slug: games.slug,
      name: games.name,
      providerName: gameProviders.name,
      images: games.images,
      isEnabled: games.isEnabled,
    })
    .from(gameCollectionGames)
    .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(eq(gameCollectionGames.collectionId, found.id))
    .orderBy(asc(gameCollectionGames.position), asc(games.id));
  return rows.map(({ images, ...r }) => ({ ...r, id: String(r.id), thumbnail: images.thumbnail }));
}

/** Sets a collection's games, in order: games left out leave it, new ones join, positions follow the list. */
export async function setCollectionGames(
  deps: CatalogueAdminDeps,
  actor: AuditActor,
  id: string,
  gameIds: string[],
): Promise<AdminCollectionGame[]> {
  const collectionId = numericId(id);
  const result = await audited(
    deps.db,
    actor,
    { action: "catalogue.collection.games", targetType: "game_collection", targetId: id },
    async (tx) => {
      if (collectionId === undefined) throw ApiError.notFound("No such collection");
      await tx
        .select({ id: gameCollections.id })
        .from(gameCollections)
        .where(eq(gameCollections.id, collectionId))
        .for("update");
      const before = await collectionGames(tx, id);
      const wanted = gameIds.map(Number);
      const known = wanted.length
        ? await tx.select({ id: games.id }).from(games).where(inArray(games.id, wanted))
        : [];
      const missing = gameIds.filter((g) => !known.some((k) => k.id === Number(g)));
      if (missing.length) throw unknownIds("gameIds", missing);
      await tx.delete(gameCollectionGames).where(eq(gameCollectionGames.collectionId, collectionId));
      if (wanted.length)
        await tx
          .insert(gameCollectionGames)
          .values(wanted.map((gameId, position) => ({ collectionId, gameId, position })));
      const after = await collectionGames(tx, id);
      return { before: before.map((g) => g.id), after: after.map((g) => g.id), result: after };
    },
  );
  await deps.cache.invalidate(LOBBY_CACHE_NAME);
  return result;
}
