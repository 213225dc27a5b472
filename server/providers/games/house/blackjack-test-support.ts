import { and, eq } from "drizzle-orm";
import { type BlackjackState, dealRound } from "#common/house-games";
import type { SeedTriple } from "#common/provably-fair";
import type { Db } from "../../../db/client";
import { houseSeedPairs, houseSessions } from "./tables";

/**
 * Finds a client seed whose next deal on the session's pair is `want`ed and puts it on the pair, as a player
 * choosing their client seed would (the server seed stays the one committed to).
 */
export async function arrangeDeal(
  db: Db,
  token: string,
  want: (s: BlackjackState, seeds: SeedTriple) => boolean,
) {
  const [session] = await db.select().from(houseSessions).where(eq(houseSessions.token, token));
  const [pair] = await db
    .select()
    .from(houseSeedPairs)
    .where(and(eq(houseSeedPairs.owner, session!.owner), eq(houseSeedPairs.isActive, true)));
  for (let i = 0; i < 20_000; i++) {
    const clientSeed = `arranged-${i}`;
    const seeds = { serverSeed: pair!.serverSeed, clientSeed, nonce: pair!.nonce };
    if (want(dealRound("blackjack", seeds, { actions: [] }), seeds)) {
      await db.update(houseSeedPairs).set({ clientSeed }).where(eq(houseSeedPairs.id, pair!.id));
      return seeds;
    }
  }
  throw new Error("no such deal in 20,000 client seeds");
}

/** A deal the player plays on (no blackjack either side, no insurance question). */
export const playable = (s: BlackjackState) => s.phase === "player";

export const CRASH_SECRET = "blackjack-crash-secret-blackjack-crash-secret";

/**
 * The app on a crash test's database (as a restarted server builds it) and the house provider's dependencies
 * calling its seamless wallet through `inject`, as the running server does.
 */
export async function houseAppOn(db: Db) {
  const { buildApp } = await import("../../../app");
  const { createCache } = await import("../../../cache");
  const { loadConfig } = await import("../../../config");
  const { houseWalletCaller } = await import("../index");
  const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", HOUSE_GAMES_SECRET: CRASH_SECRET });
  const app = await buildApp({ config, db, cache: createCache({}) });
  await app.ready();
  const clock = { now: () => new Date() };
  const deps = { db, clock, callWallet: houseWalletCaller((r) => app.inject(r), CRASH_SECRET, clock) };
  return { app, deps };
}
