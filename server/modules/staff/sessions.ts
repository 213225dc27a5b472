import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Role } from "#common/api/admin";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { staff, staffSessions } from "./tables";

export type StaffSessionDeps = Pick<AppDeps, "db" | "clock" | "config">;

/** Who is calling an admin route: set by the guard on every route with `config.staff`. */
export interface StaffCaller {
  staffId: number;
  sessionId: number;
  email: string;
  name: string;
  roles: Role[];
}

/** The session's last call is written at most this often: a busy screen costs no write per request. */
const SEEN_RESOLUTION_MS = 30_000;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

function windows(config: AppDeps["config"], now: Date) {
  return {
    idleSince: new Date(now.getTime() - config.ADMIN_SESSION_IDLE_MINUTES * 60_000),
    createdSince: new Date(now.getTime() - config.ADMIN_SESSION_MAX_HOURS * 3_600_000),
  };
}

/** When a session seen at `lastSeenAt` and opened at `createdAt` ends, unless used again. */
export function sessionEnds(config: AppDeps["config"], createdAt: Date, lastSeenAt: Date): Date {
  return new Date(
    Math.min(
      createdAt.getTime() + config.ADMIN_SESSION_MAX_HOURS * 3_600_000,
      lastSeenAt.getTime() + config.ADMIN_SESSION_IDLE_MINUTES * 60_000,
    ),
  );
}

/** Opens a session (in the caller's transaction) and answers its token, shown once, and when it ends. */
export async function openStaffSession(
  deps: StaffSessionDeps,
  db: Db,
  staffId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: tokenHash(token),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastSeenAt: now,
  });
  return { token, expiresAt: sessionEnds(deps.config, now, now) };
}

/**
 * The staff member behind a token, when the session is live (not revoked, used within the idle timeout,
 * younger than the absolute lifetime) and the member active; marks the session used.
 */
export async function liveStaff(deps: StaffSessionDeps, token: string): Promise<StaffCaller | undefined> {
  if (token.length < 20 || token.length > 100) return undefined;
  const now = deps.clock.now();
  const { idleSince, createdSince } = windows(deps.config, now);
  const [row] = await deps.db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      roles: staff.roles,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.lastSeenAt, idleSince),
        gt(staffSessions.createdAt, createdSince),
        eq(staff.status, "active"),
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() >= SEEN_RESOLUTION_MS)
    await deps.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  return {
    staffId: row.staffId,
    sessionId: row.sessionId,
    email: row.email,
    name: row.name,
    roles: row.roles as Role[],
  };
}

/** Ends one session (sign-out). */
export async function revokeStaffSession(deps: StaffSessionDeps, sessionId: number) {
  await deps.db
    .update(staffSessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a staff member (blocked, roles or second factor changed). */
export async function revokeAllStaffSessions(db: Db, staffId: number, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
