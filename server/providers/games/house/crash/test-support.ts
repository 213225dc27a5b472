import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { crashPointCents } from "#common/house-games";
import type { Db } from "../../../../db/client";
import type { Clock } from "../../../../lib/clock";
import { gameSessions, games } from "../../../../modules/game/tables";
import { fundedPlayer } from "../../../../modules/sportsbook/test-support";
import type { Publisher } from "../../../../realtime/publisher";
import { houseSessions } from "../tables";
import { walkChain } from "./chain";
import { crashChains } from "./tables";

export const CRASH_GAME = "harbor-rocket";

/**
 * A funded player with a real-money launch of the crash game, made straight in the tables (hundreds of them in
 * a test, without a password hash each): its token is both the wallet's game session and the house session.
 */
export async function crashPlayer(db: Db, clock: Clock, balance = "100") {
  const { playerId, accountId } = await fundedPlayer(db, balance);
  const [game] = await db.select().from(games).where(eq(games.slug, CRASH_GAME));
  const [session] = await db
    .insert(gameSessions)
    .values({
      gameId: game!.id,
      walletProvider: "house",
      mode: "real",
      playerId,
      accountId,
      currency: "USD",
      expiresAt: new Date(clock.now().getTime() + 4 * 3_600_000),
    })
    .returning();
  await db.insert(houseSessions).values({
    token: session!.id,
    engine: "crash",
    gameSlug: CRASH_GAME,
    gameName: game!.name,
    mode: "real",
    currency: "USD",
    owner: `player-of:${session!.id}`,
  });
  return { playerId, accountId, token: session!.id };
}

/**
 * Makes a fresh active chain whose first rounds crash at points the test wants (`wanted(points)`), by trying
 * secrets: what the operator could never do once a commitment is out, and what a test needs to be exact.
 */
export async function chainWhere(
  db: Db,
  wanted: (pointsInCents: number[]) => boolean,
  o: { length?: number; rounds?: number } = {},
) {
  const length = o.length ?? 50;
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const secret = randomBytes(32).toString("hex");
    const salt = randomBytes(32).toString("hex");
    const w = walkChain(secret, length);
    const points = Array.from({ length: o.rounds ?? 1 }, (_, i) => crashPointCents(w.hashAt(i + 1), salt));
    if (!wanted(points)) continue;
    await db.update(crashChains).set({ isActive: false }).where(eq(crashChains.isActive, true));
    const [chain] = await db
      .insert(crashChains)
      .values({ secret, salt, length, commitment: w.commitment })
      .returning();
    return { chain: chain!, walk: w, points };
  }
  throw new Error("no chain found with those points");
}

/** A publisher that keeps what was published, for the tests to read. */
/** What a test reads of a publication: its data as loosely as the assertions need. */
// biome-ignore lint/suspicious/noExplicitAny: tests read fields of many event shapes
type Sent = { channel: string; event: string; data: any };

export function recordingPublisher(): Publisher & { sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    publish: async (channel, e) => {
      sent.push({ channel, event: e.event, data: e.data });
    },
  };
}
