import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { PLAYER_STATUS } from "#common/constants";
import { type Db, rowsOf } from "../../db/client";
import type { SessionDeps } from "./sessions";
import { closeSessions, SESSION_MAX_AGE_DAYS } from "./sessions";
import { playerSessions, players } from "./tables";

/**
 * What the back office (issue #21) reads and changes of players: the player module keeps its tables; staff
 * reach them through these functions only.
 */

const STATUS_NAMES = Object.fromEntries(Object.entries(PLAYER_STATUS).map(([k, v]) => [v, k])) as Record<
  number,
  keyof typeof PLAYER_STATUS
>;
export const statusName = (status: number) => STATUS_NAMES[status] ?? "active";

type PlayerRow = typeof players.$inferSelect;

export const staffRow = (p: PlayerRow) => ({
  id: String(p.id),
  email: p.email,
  phone: p.phone,
  nickname: p.nickname,
  tgUserId: p.tgUserId,
  country: p.country,
  currency: p.currency,
  status: statusName(p.status),
  createdAt: p.createdAt.toISOString(),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Players matching what a staff member typed: an exact id or Telegram id, an e-mail or nickname (exact, or
 * beginning with it, case-insensitive), a phone (its digits, with or without the plus). Exact matches first.
 */
export async function searchPlayers(db: Db, q: string, paging: { page: number; perPage: number }) {
  const text = q.trim();
  const lower = text.toLowerCase();
  const digits = text.replace(/[^\d]/g, "");
  const conds: SQL[] = [
    sql`lower(${players.email}) = ${lower}`,
    sql`lower(${players.nickname}) = ${lower}`,
    sql`lower(${players.email}) like ${`${escapeLike(lower)}%`}`,
    sql`lower(${players.nickname}) like ${`${escapeLike(lower)}%`}`,
  ];
  if (/^\d{1,18}$/.test(text)) conds.push(eq(players.id, BigInt(text)), eq(players.tgUserId, text));
  if (digits.length >= 6) conds.push(sql`regexp_replace(${players.phone}, '[^0-9]', '', 'g') = ${digits}`);
  const where = or(...conds);
  const exact = sql`case when lower(${players.email}) = ${lower} or lower(${players.nickname}) = ${lower} or ${players.id}::text = ${text} or ${players.tgUserId} = ${text} then 0 else 1 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(players)
      .where(where)
      .orderBy(exact, desc(players.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(players).where(where),
  ]);
  return { rows: rows.map(staffRow), total: total?.n ?? 0 };
}

/** One player as the player page shows them, or undefined. */
export async function playerForStaff(db: Db, playerId: bigint) {
  const [p] = await db.select().from(players).where(eq(players.id, playerId));
  if (!p) return undefined;
  return {
    ...staffRow(p),
    firstName: p.firstName,
    lastName: p.lastName,
    birthdate: p.birthdate,
    language: p.language,
    affiliateTag: p.affiliateTag,
    emailVerified: p.emailVerifiedAt !== null,
    phoneVerified: p.phoneVerifiedAt !== null,
  };
}

/** The player's latest sessions (50), live or not, newest first. */
export async function sessionsForStaff(db: Db, playerId: bigint, now: Date) {
  const oldest = new Date(now.getTime() - SESSION_MAX_AGE_DAYS * 86_400_000);
  const rows = await db
    .select({
      id: playerSessions.id,
      device: playerSessions.device,
      ip: playerSessions.ip,
      createdAt: playerSessions.createdAt,
      lastSeenAt: playerSessions.lastSeenAt,
      live: sql<boolean>`${and(isNull(playerSessions.revokedAt), gt(playerSessions.createdAt, oldest))}`,
    })
    .from(playerSessions)
    .where(eq(playerSessions.playerId, playerId))
    .orderBy(desc(playerSessions.createdAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    live: Boolean(r.live),
  }));
}

/**
 * Sets a player's status by a staff decision (active, blocked, closed) in the caller's transaction and answers
 * the status before and after. Blocking or closing ends every session at once (the hub drops their sockets);
 * a player's own break or self-exclusion is theirs and is not lifted here.
 */
export async function setStatusByStaff(
  deps: SessionDeps,
  tx: Db,
  playerId: bigint,
  status: "active" | "blocked" | "closed",
) {
  const [p] = await tx.select().from(players).where(eq(players.id, playerId)).for("update");
  if (!p) return undefined;
  const before = statusName(p.status);
  if (
    status === "active" &&
    (p.status === PLAYER_STATUS.selfExcluded || p.status === PLAYER_STATUS.coolingOff)
  )
    return { before, after: before, refused: "own-restriction" as const };
  await tx
    .update(players)
    .set({ status: PLAYER_STATUS[status], updatedAt: deps.clock.now() })
    .where(eq(players.id, playerId));
  if (status !== "active") await closeSessions({ ...deps, db: tx }, playerId);
  return { before, after: status, refused: undefined };
}

/** Ends every session of the player (force logout); answers how many were live. */
export async function logoutByStaff(deps: SessionDeps, tx: Db, playerId: bigint) {
  const closed = await closeSessions({ ...deps, db: tx }, playerId);
  return closed.length;
}

/** The e-mail of each of these players (the withdrawal queue names its players). */
export async function playerEmails(db: Db, ids: bigint[]): Promise<Map<bigint, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: players.id, email: players.email })
    .from(players)
    .where(inArray(players.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The players with these e-mails (matched without case): a contact message's sender beside their page. */
export async function playerIdsByEmail(db: Db, emails: string[]): Promise<Map<string, bigint>> {
  const lower = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (!lower.length) return new Map();
  const rows = await db
    .select({ id: players.id, email: sql<string>`lower(${players.email})` })
    .from(players)
    .where(inArray(sql`lower(${players.email})`, lower));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * How many other players signed in (registration included: it opens the first session) from a device with a
 * fingerprint, or from an address, this player used: the risk flags of a withdrawal (decision 0021).
 */
export async function othersSharing(db: Db, playerId: bigint, by: "fingerprint" | "ip"): Promise<number> {
  const col = sql.raw(by === "ip" ? "ip" : "fingerprint");
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    select count(distinct other.player_id)::int as n
      from ${playerSessions} mine
      join ${playerSessions} other on other.${col} = mine.${col} and other.player_id <> mine.player_id
     where mine.player_id = ${playerId} and mine.${col} is not null and mine.${col} <> ''`,
  );
  return Number(row?.n ?? 0);
}
