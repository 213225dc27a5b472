import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { PLAYER_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { players } from "./tables";

/**
 * Who a notice goes to and how to reach them, for the notification module (decision 0016): the language its
 * texts are written in and, for a player from the messenger, their Telegram id.
 */
export async function noticeRecipient(
  db: Db,
  playerId: bigint,
): Promise<{ language: string; tgUserId: string | null } | undefined> {
  const [p] = await db
    .select({ language: players.language, tgUserId: players.tgUserId })
    .from(players)
    .where(eq(players.id, playerId));
  return p;
}

/**
 * The players an operator's service notice reaches: every filter given must match; no filter is every player.
 * Only open accounts: a blocked or closed account, a self-exclusion or a break (decision 0011) gets nothing.
 */
export async function playersInSegment(
  db: Db,
  segment: { playerIds?: string[]; countries?: string[]; languages?: string[] },
): Promise<{ id: bigint; language: string }[]> {
  const filters: SQL[] = [eq(players.status, PLAYER_STATUS.active)];
  if (segment.playerIds) filters.push(inArray(players.id, segment.playerIds.map(BigInt)));
  if (segment.countries)
    filters.push(
      inArray(
        sql`upper(${players.country})`,
        segment.countries.map((c) => c.toUpperCase()),
      ),
    );
  if (segment.languages)
    filters.push(
      inArray(
        sql`lower(${players.language})`,
        segment.languages.map((l) => l.toLowerCase()),
      ),
    );
  return db
    .select({ id: players.id, language: players.language })
    .from(players)
    .where(and(...filters));
}

/** The language of each of these players (a campaign's push is written in it). */
export async function languagesOf(db: Db, playerIds: bigint[]): Promise<Map<bigint, string>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, language: players.language })
    .from(players)
    .where(inArray(players.id, playerIds));
  return new Map(rows.map((r) => [r.id, r.language]));
}
