import { and, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Page, PlayerSession } from "#common/api/player";
import { PLAYER_STATUS } from "#common/constants";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import type { Caller } from "../../http/authentication";
import { recordFact } from "../facts";
import { signAccessToken, signRealtimeToken } from "./access-token";
import { deviceLabel } from "./device";
import { playerSessions, players } from "./tables";

/** Access tokens live 15 minutes; the site refreshes them while the session row lives. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session is refreshed for at most a year after its login (spec point 9: the token cookie keeps 365 days). */
export const SESSION_MAX_AGE_DAYS = 365;
/** last_seen_at is written at most this often per session, so a busy player costs no write per request. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export type SessionDeps = Pick<AppDeps, "db" | "clock" | "config" | "realtime">;

/** Where a login came from, as the sessions list shows it. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  fingerprint?: string | null;
}

const oldestLive = (now: Date) => new Date(now.getTime() - SESSION_MAX_AGE_DAYS * 86_400_000);

/** Opens a session row (in the caller's transaction when `db` is one) and signs its first access token. */
export async function openSession(
  deps: Pick<AppDeps, "clock" | "config">,
  db: Db,
  playerId: bigint,
  meta: ClientMeta,
): Promise<{ sessionId: string; accessToken: string }> {
  const now = deps.clock.now();
  const [row] = await db
    .insert(playerSessions)
    .values({
      playerId,
      device: deviceLabel(meta.userAgent),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      fingerprint: meta.fingerprint?.slice(0, 200) ?? null,
      createdAt: now,
      lastSeenAt: now,
    })
    .returning({ id: playerSessions.id });
  const sessionId = row!.id;
  // One `player.logged-in` fact a day (UTC): "log in on N days" counts days, not sessions.
  const day = now.toISOString().slice(0, 10);
  await recordFact(db, {
    kind: "player.logged-in",
    playerId: Number(playerId),
    key: `player.logged-in:${playerId}:${day}`,
    occurredAt: now,
    data: { day },
  });
  return { sessionId, accessToken: await accessTokenFor(deps, playerId, sessionId) };
}

export function accessTokenFor(deps: Pick<AppDeps, "clock" | "config">, playerId: bigint, sessionId: string) {
  return signAccessToken(
    deps.config.JWT_SECRET,
    { playerId: String(playerId), sessionId },
    { now: deps.clock.now(), ttlSeconds: ACCESS_TOKEN_TTL_SECONDS },
  );
}

/** Realtime connection tokens last 5 minutes: the hub asks the site for a new one before then (0037). */
export const REALTIME_TOKEN_TTL_SECONDS = 5 * 60;

/** A realtime connection token for the caller's session (a withdrawal-only caller has no session: 401). */
export async function realtimeToken(deps: Pick<AppDeps, "clock" | "config">, caller: Caller) {
  const token = await signRealtimeToken(
    deps.config.JWT_SECRET,
    { playerId: String(caller.playerId), sessionId: caller.sessionId },
    { now: deps.clock.now(), ttlSeconds: REALTIME_TOKEN_TTL_SECONDS },
  );
  return { token, expiresIn: REALTIME_TOKEN_TTL_SECONDS };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session row behind a token, when it is live: not revoked and younger than a year. */
export async function liveSession(db: Db, sessionId: string, now: Date) {
  if (!UUID.test(sessionId)) return undefined;
  const [row] = await db
    .select({
      playerId: playerSessions.playerId,
      lastSeenAt: playerSessions.lastSeenAt,
      playerStatus: players.status,
    })
    .from(playerSessions)
    .innerJoin(players, eq(players.id, playerSessions.playerId))
    .where(
      and(
        eq(playerSessions.id, sessionId),
        isNull(playerSessions.revokedAt),
        gt(playerSessions.createdAt, oldestLive(now)),
      ),
    );
  return row;
}

/** When a session's login happened: where a player's session of play starts (the reality check counts from it). */
export async function sessionStartedAt(db: Db, sessionId: string): Promise<Date | undefined> {
  if (!UUID.test(sessionId)) return undefined;
  const [row] = await db
    .select({ createdAt: playerSessions.createdAt })
    .from(playerSessions)
    .where(eq(playerSessions.id, sessionId));
  return row?.createdAt;
}

/** Whether a session may be used now: live, and its player neither blocked nor closed (the realtime hub asks). */
export async function isSessionLive(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const session = await liveSession(db, sessionId, now);
  return session !== undefined && !isLockedOut(session.playerStatus);
}

/** A blocked or closed account: no login, no call, whatever sessions it still holds. */
export const isLockedOut = (status: number) =>
  status === PLAYER_STATUS.blocked || status === PLAYER_STATUS.closed;

/** Marks a session seen, at most once a minute. */
export async function touchSession(db: Db, sessionId: string, lastSeenAt: Date, now: Date) {
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  await db.update(playerSessions).set({ lastSeenAt: now }).where(eq(playerSessions.id, sessionId));
}

/** The player's live sessions, most recently seen first; `current` marks the caller's own. */
export async function listSessions(
  deps: Pick<AppDeps, "db" | "clock">,
  playerId: bigint,
  currentSessionId: string,
  paging: { page: number; perPage: number },
): Promise<Page<PlayerSession>> {
  const where = and(
    eq(playerSessions.playerId, playerId),
    isNull(playerSessions.revokedAt),
    gt(playerSessions.createdAt, oldestLive(deps.clock.now())),
  );
  const [total, rows] = await Promise.all([
    deps.db.select({ n: count() }).from(playerSessions).where(where),
    deps.db
      .select()
      .from(playerSessions)
      .where(where)
      .orderBy(desc(playerSessions.lastSeenAt), desc(playerSessions.createdAt))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
  ]);
  const totalRows = total[0]?.n ?? 0;
  return {
    data: rows.map((s) => ({
      id: s.id,
      device: s.device,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.id === currentSessionId,
    })),
    meta: {
      page: paging.page,
      perPage: paging.perPage,
      totalPages: Math.ceil(totalRows / paging.perPage),
      totalRows,
    },
  };
}

/**
 * Revokes sessions of one player at once and drops their websockets. `only` names one session, `except` keeps
 * one (close-other); neither closes all (password reset). Answers the ids it closed; an id that is not the
 * player's, or not live, closes nothing.
 */
export async function closeSessions(
  deps: SessionDeps,
  playerId: bigint,
  which: { only?: string; except?: string } = {},
): Promise<string[]> {
  if (which.only !== undefined && !UUID.test(which.only)) return [];
  const where = [eq(playerSessions.playerId, playerId), isNull(playerSessions.revokedAt)];
  if (which.only !== undefined) where.push(eq(playerSessions.id, which.only));
  if (which.except !== undefined) where.push(ne(playerSessions.id, which.except));
  const closed = await deps.db
    .update(playerSessions)
    .set({ revokedAt: sql`${deps.clock.now().toISOString()}::timestamptz` })
    .where(and(...where))
    .returning({ id: playerSessions.id });
  for (const { id } of closed) deps.realtime.hub.disconnectSession(id);
  return closed.map((c) => c.id);
}

/**
 * Whether any of the player's sessions (their registration's first one included) came from this address or
 * this device fingerprint: the referral programme refuses a sign-up that looks like the referrer's own.
 */
export async function sharesDeviceOrAddress(
  db: Db,
  playerId: bigint,
  seen: { ip?: string | null; fingerprint?: string | null },
): Promise<{ address: boolean; device: boolean }> {
  const ip = seen.ip || null;
  const fingerprint = seen.fingerprint?.slice(0, 200) || null;
  if (!ip && !fingerprint) return { address: false, device: false };
  const [row] = await db
    .select({
      address: sql<boolean>`coalesce(bool_or(${playerSessions.ip} = ${ip}), false)`,
      device: sql<boolean>`coalesce(bool_or(${playerSessions.fingerprint} = ${fingerprint}), false)`,
    })
    .from(playerSessions)
    .where(eq(playerSessions.playerId, playerId));
  return { address: Boolean(row?.address), device: Boolean(row?.device) };
}
