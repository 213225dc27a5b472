import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fromExcluded } from "../../db/upsert";
import {
  BUILT_IN_PROVIDER,
  DEMO_COLLECTIONS,
  DEMO_GAMES,
  DEMO_PROVIDERS,
  gameArtPath,
  providerLogoPath,
} from "./demo-catalogue";
import { gameCollectionGames, gameCollections, gameProviders, games } from "./tables";

/**
 * The lobby, upserted by natural keys (provider identity, game slug, collection identity): restarts never
 * duplicate. Every site gets the built-in studio's house games and the lobby's rows (popular, new, slots…); the
 * made-up studios, their titles and the market collections come with `demo` only (decision 0047).
 */
export async function seedGames(db: Db, opts: { demo?: boolean; now?: Date } = {}): Promise<void> {
  const demo = opts.demo ?? true;
  const now = opts.now ?? new Date("2026-11-24T00:00:00Z");
  const wanted = <T extends { isDemoContent: boolean }>(x: T) => demo || !x.isDemoContent;
  await db.transaction(async (tx) => {
    const providers = await tx
      .insert(gameProviders)
      .values(
        DEMO_PROVIDERS.filter((p) => demo || p.isBuiltIn).map((p, i) => ({
          identity: p.identity,
          name: p.name,
          logo: providerLogoPath(p.identity),
          walletProvider: "house",
          isBuiltIn: p.isBuiltIn,
          isDemoContent: !p.isBuiltIn,
          sortOrder: i,
        })),
      )
      .onConflictDoUpdate({
        target: gameProviders.identity,
        // Staff's order of the studios (the back office) stays: every start runs this (decision 0047).
        set: fromExcluded(gameProviders, ["name", "logo", "isBuiltIn", "isDemoContent"]),
      })
      .returning({ id: gameProviders.id, identity: gameProviders.identity });
    const providerId = new Map(providers.map((p) => [p.identity, p.id]));
    const rows = await tx
      .insert(games)
      .values(
        DEMO_GAMES.filter(wanted).map((g) => ({
          slug: g.slug,
          name: g.name,
          providerId: providerId.get(g.provider)!,
          description: g.description,
          images: { thumbnail: gameArtPath(g.slug), background: gameArtPath(g.slug) },
          features: g.features,
          rtp: g.rtp,
          volatility: g.volatility,
          hasDemo: g.hasDemo,
          countries: g.countries,
          restrictedCountries: g.restrictedCountries,
          currencies: g.currencies,
          externalId: g.provider === BUILT_IN_PROVIDER ? g.engine : `${g.engine}:${g.slug}`,
          engine: g.engine,
          isDemoContent: g.isDemoContent,
          popularity: g.popularity,
          releasedAt: new Date(now.getTime() - g.ageDays * 86_400_000),
        })),
      )
      .onConflictDoUpdate({
        target: games.slug,
        set: fromExcluded(games, [
          "name",
          "providerId",
          "description",
          "images",
          "features",
          "rtp",
          "volatility",
          "hasDemo",
          // Not the countries: staff set where a game is offered (the back office), and every start runs this.
          "currencies",
          "externalId",
          "engine",
          "isDemoContent",
        ]),
      })
      .returning({ id: games.id, slug: games.slug });
    const gameId = new Map(rows.map((r) => [r.slug, r.id]));
    for (const [i, c] of DEMO_COLLECTIONS.entries()) {
      if (!wanted(c)) continue;
      const [existing] = await tx
        .select({ id: gameCollections.id })
        .from(gameCollections)
        .where(sql`lower(${gameCollections.identity}) = ${c.identity.toLowerCase()}`);
      const id =
        existing?.id ??
        (
          await tx
            .insert(gameCollections)
            .values({
              identity: c.identity,
              name: c.name,
              isHidden: c.isHidden,
              countries: c.countries,
              sortOrder: i,
            })
            .returning({ id: gameCollections.id })
        )[0]!.id;
      // By the index in the whole list, so a collection holds the same titles with or without the demo data.
      const members = DEMO_GAMES.filter((g, index) => wanted(g) && c.games(g, index));
      if (members.length === 0) continue;
      await tx
        .insert(gameCollectionGames)
        .values(members.map((g, position) => ({ collectionId: id, gameId: gameId.get(g.slug)!, position })))
        .onConflictDoNothing();
    }
  });
}
