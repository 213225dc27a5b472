import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { players } from "./tables";

/**
 * The player's reality-check choice, kept on their row (decision 0011): null until they choose (their
 * country's default applies), 0 when they turned it off. The limits module holds the rules.
 */
export async function realityCheckSetting(
  db: Db,
  playerId: bigint,
): Promise<{ minutes: number | null; country: string | null }> {
  const [row] = await db
    .select({ minutes: players.realityCheckMinutes, country: players.country })
    .from(players)
    .where(eq(players.id, playerId));
  return { minutes: row?.minutes ?? null, country: row?.country ?? null };
}

export async function setRealityCheckMinutes(db: Db, playerId: bigint, minutes: number): Promise<void> {
  await db
    .update(players)
    .set({ realityCheckMinutes: minutes, updatedAt: new Date() })
    .where(eq(players.id, playerId));
}
