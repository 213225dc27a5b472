import { and, asc, count, eq, gt, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SegmentFilter, SegmentSamplePlayer } from "#common/api/admin-messages";
import { PLAYER_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { holdsAccountIn } from "../wallet";
import { playerSessions, players } from "./tables";

/**
 * The players a marketing campaign may reach (decision 0029). Whatever the filter, only an active account (not
 * blocked, closed, self-excluded or on a break: the limits module sets those statuses) that opted in to
 * promotions — by e-mail or by SMS, the only consent the player model holds — is ever in a segment. The
 * filters: country, an account in a currency, loyalty level, and the last time the player was seen (a
 * session's last use).
 */

const DAY_MS = 86_400_000;

/** When the player was last seen: their newest session's last use; null when they never signed in. */
const lastActive = sql<Date | null>`(select max(${playerSessions.lastSeenAt}) from ${playerSessions} where ${playerSessions.playerId} = ${players.id})`;

/**
 * The loyalty level order of the player in `playerId`'s column, as SQL (0 without a level): a port, since the
 * levels are the loyalty module's, above this one; whoever asks for segments hands it in (notification, from
 * loyalty's face).
 */
export type LevelOrderOf = (playerId: AnyPgColumn) => SQL<number>;

/** The segment queries, with the loyalty level read by `levelOrderOf`. */
export function playerSegments(levelOrderOf: LevelOrderOf) {
  const levelOf = levelOrderOf(players.id);
  return {
    segmentCondition: (f: SegmentFilter, now: Date) => segmentCondition(levelOf, f, now),
    segmentCount: (db: Db, f: SegmentFilter, now: Date) => segmentCount(levelOf, db, f, now),
    segmentSample: (db: Db, f: SegmentFilter, now: Date, limit?: number) =>
      segmentSample(levelOf, db, f, now, limit),
    segmentBatch: (
      db: Db,
      f: SegmentFilter,
      now: Date,
      range: { after: bigint; upTo: bigint; limit: number },
    ) => segmentBatch(levelOf, db, f, now, range),
    newestPlayerId,
  };
}

/** The condition on `players` a segment is. */
function segmentCondition(levelOf: SQL<number>, f: SegmentFilter, now: Date): SQL {
  const where: SQL[] = [
    eq(players.status, PLAYER_STATUS.active),
    or(eq(players.receiveEmailPromo, true), eq(players.receiveSmsPromo, true))!,
  ];
  if (f.countries.length) where.push(inArray(sql`upper(${players.country})`, f.countries));
  if (f.currencies.length) where.push(holdsAccountIn(players.id, f.currencies));
  if (f.levels.length) where.push(inArray(levelOf, f.levels));
  if (f.activeWithinDays !== null)
    where.push(sql`${lastActive} >= ${new Date(now.getTime() - f.activeWithinDays * DAY_MS).toISOString()}`);
  if (f.inactiveForDays !== null)
    where.push(
      sql`coalesce(${lastActive} < ${new Date(now.getTime() - f.inactiveForDays * DAY_MS).toISOString()}, true)`,
    );
  return and(...where)!;
}

/** How many players are in the segment now. */
async function segmentCount(levelOf: SQL<number>, db: Db, f: SegmentFilter, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(players)
    .where(segmentCondition(levelOf, f, now));
  return row?.n ?? 0;
}

/** The newest player's id (a campaign reaches the players who existed when it was made). */
async function newestPlayerId(db: Db): Promise<bigint> {
  const [row] = await db.select({ id: sql<string>`coalesce(max(${players.id}), 0)::text` }).from(players);
  return BigInt(row?.id ?? "0");
}

/** "Harbor123" → "H•••3"; an e-mail keeps its domain. */
const mask = (v: string) => {
  const chars = [...v];
  return chars.length <= 2 ? `${chars[0] ?? ""}•••` : `${chars[0]}•••${chars[chars.length - 1]}`;
};
const maskEmail = (e: string) => {
  const at = e.lastIndexOf("@");
  return at < 0 ? mask(e) : `${mask(e.slice(0, at))}${e.slice(at)}`;
};

/** A few players of the segment, newest first, masked. */
async function segmentSample(
  levelOf: SQL<number>,
  db: Db,
  f: SegmentFilter,
  now: Date,
  limit = 5,
): Promise<SegmentSamplePlayer[]> {
  const rows = await db
    .select({
      nickname: players.nickname,
      email: players.email,
      country: players.country,
      language: players.language,
      level: levelOf.mapWith(Number),
      lastActiveAt: sql<string | null>`${lastActive}::text`,
    })
    .from(players)
    .where(segmentCondition(levelOf, f, now))
    .orderBy(sql`${players.id} desc`)
    .limit(limit);
  return rows.map((r) => ({
    name: mask(r.nickname),
    email: r.email ? maskEmail(r.email) : null,
    country: r.country,
    language: r.language,
    level: r.level,
    lastActiveAt: r.lastActiveAt ? new Date(r.lastActiveAt).toISOString() : null,
  }));
}

/**
 * The next players of the segment in id order after `after` and up to `upTo`: what one batch of a campaign
 * writes to. Their status and consent are read now, so a player who opted out or excluded themselves since the
 * campaign was made is passed over.
 */
async function segmentBatch(
  levelOf: SQL<number>,
  db: Db,
  f: SegmentFilter,
  now: Date,
  range: { after: bigint; upTo: bigint; limit: number },
): Promise<{ id: bigint; language: string }[]> {
  return db
    .select({ id: players.id, language: players.language })
    .from(players)
    .where(and(segmentCondition(levelOf, f, now), gt(players.id, range.after), lte(players.id, range.upTo)))
    .orderBy(asc(players.id))
    .limit(range.limit);
}
