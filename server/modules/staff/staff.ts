import { asc, eq, inArray, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type {
  Role,
  StaffChallenge,
  StaffChangeBody,
  StaffCreateBody,
  StaffMe,
  StaffMember,
  StaffSession,
  StaffSignInBody,
  StaffVerifyBody,
} from "#common/api/admin";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../../lib/passwords";
import type { Limit } from "../../lib/rate-limit";
import { type AuditActor, audited, recordAudit } from "./audit";
import { permissionsOf, ROLES } from "./permissions";
import { openStaffSession, revokeAllStaffSessions, type StaffCaller } from "./sessions";
import { staff } from "./tables";
import { acceptTotp, newRecoveryCodes, newTotpSecret, recoveryHash, secretBox } from "./totp";

export type StaffDeps = Pick<AppDeps, "db" | "clock" | "config" | "limiter">;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The demo administrator of a development database without ADMIN_EMAIL (decision 0020); never in production. */
export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-password", name: "Demo admin" };

const CHALLENGE_AUDIENCE = "admin-2fa";
const CHALLENGE_TTL_SECONDS = 5 * 60;
/**
 * Sign-in attempts (passwords and codes alike) per address and per account, in 15 minutes; a completed sign-in
 * starts its address's and its account's count again.
 */
const ATTEMPTS: Limit = { max: 10, windowSeconds: 15 * 60 };

const key = (secret: string) => new TextEncoder().encode(secret);
const secretOf = (deps: Pick<AppDeps, "config">) => deps.config.JWT_SECRET;

const invalid = () => new ApiError(401, "invalid_credentials", "Wrong e-mail or password");
const wrongCode = () =>
  new ApiError(422, "validation_error", "The code is not right", { code: ["The code is not right"] });

/**
 * Counts an attempt against the address first and then the account, stopping at the first refusal: a refused
 * address counts nowhere else (decision 0038). The limiter hashes keys, so an e-mail typed never sizes one.
 */
async function countAttempt(deps: StaffDeps, keys: [ip: string, ...others: string[]]) {
  for (const k of keys) {
    const hit = await deps.limiter.hit(`admin:${k}`, ATTEMPTS);
    if (!hit.allowed)
      throw new ApiError(
        429,
        "too_many_requests",
        "Too many attempts: try again later",
        {},
        { "retry-after": String(hit.retryAfterSeconds) },
      );
  }
}

const me = (row: { id: number; email: string; name: string; roles: string[] }): StaffMe => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles as Role[],
  permissions: permissionsOf(row.roles),
});

export const staffMe = (caller: StaffCaller): StaffMe =>
  me({ id: caller.staffId, email: caller.email, name: caller.name, roles: caller.roles });

const member = (row: typeof staff.$inferSelect): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles as Role[],
  status: row.status,
  secondFactor: row.totpSecret !== null,
  createdAt: row.createdAt.toISOString(),
});

async function byEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, email.toLowerCase()));
  return row;
}

/**
 * The password step. Right: a challenge for the second factor, and for a member without one a new secret to
 * enrol (kept pending until its first code). Wrong, unknown or blocked: the same 401, as slow either way.
 */
export async function signIn(
  deps: StaffDeps,
  body: StaffSignInBody,
  meta: ClientMeta,
): Promise<StaffChallenge> {
  await countAttempt(deps, [`ip:${meta.ip}`, `email:${body.email.toLowerCase()}`]);
  const row = await byEmail(deps.db, body.email);
  const ok = row
    ? await verifyPassword(row.passwordHash, body.password)
    : await verifyAgainstNothing(body.password);
  if (!row || !ok || row.status !== "active") {
    await recordAudit(deps.db, { staffId: row?.id ?? null, ip: meta.ip }, signInEntry(row?.id), null, {
      result: "refused",
      email: body.email,
    });
    throw invalid();
  }
  let enrol: StaffChallenge["enrol"] = null;
  if (!row.totpSecret) {
    enrol = newTotpSecret(row.email);
    await deps.db
      .update(staff)
      .set({ totpPending: secretBox(secretOf(deps)).seal(enrol.secret) })
      .where(eq(staff.id, row.id));
  }
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const challenge = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(row.id))
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CHALLENGE_TTL_SECONDS)
    .sign(key(secretOf(deps)));
  return { challenge, enrol };
}

const signInEntry = (staffId: number | undefined) => ({
  action: "staff.sign-in",
  targetType: "staff",
  targetId: staffId ?? null,
});

/**
 * The second step: a TOTP code (confirming a pending enrolment, or the enrolled secret) or one unused recovery
 * code. Answers a session; right after enrolment also the ten recovery codes, this once.
 */
export async function verifySecondFactor(
  deps: StaffDeps,
  body: StaffVerifyBody,
  meta: ClientMeta,
): Promise<StaffSession> {
  const now = deps.clock.now();
  const staffId = await challengeSubject(deps, body.challenge, now);
  await countAttempt(deps, [`ip:${meta.ip}`, `staff:${staffId}`]);
  const box = secretBox(secretOf(deps));
  try {
    const session = await verifyInTransaction(deps, staffId, body, meta, box, now);
    // Signed in: this member's and this address's attempts start again, so a whole office behind one address
    // signing in of a morning is not refused; failures against another account keep counting under its e-mail.
    const [row] = await deps.db.select({ email: staff.email }).from(staff).where(eq(staff.id, staffId));
    await Promise.all(
      [`ip:${meta.ip}`, `staff:${staffId}`, ...(row ? [`email:${row.email.toLowerCase()}`] : [])].map((k) =>
        deps.limiter.reset(`admin:${k}`),
      ),
    );
    return session;
  } catch (err) {
    // A wrong code is a failed sign-in: audited like a wrong password (the change itself rolled back).
    if (err instanceof ApiError && err.status === 422)
      await recordAudit(deps.db, { staffId, ip: meta.ip }, signInEntry(staffId), null, {
        result: "refused",
        method: body.recoveryCode !== undefined ? "recovery-code" : "totp",
      });
    throw err;
  }
}

function verifyInTransaction(
  deps: StaffDeps,
  staffId: number,
  body: StaffVerifyBody,
  meta: ClientMeta,
  box: ReturnType<typeof secretBox>,
  now: Date,
): Promise<StaffSession> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for("update");
    if (row?.status !== "active") throw invalid();
    const set: Partial<typeof staff.$inferInsert> = { updatedAt: now };
    let recoveryCodes: string[] | null = null;
    let method: string;
    if (body.recoveryCode !== undefined) {
      const hash = recoveryHash(body.recoveryCode);
      if (!row.totpSecret || !row.recoveryCodes.includes(hash)) throw wrongCode();
      set.recoveryCodes = row.recoveryCodes.filter((h) => h !== hash);
      method = "recovery-code";
    } else {
      const enrolling = row.totpSecret === null;
      const sealed = row.totpSecret ?? row.totpPending;
      if (!sealed) throw wrongCode();
      const step = acceptTotp(box.open(sealed), body.code ?? "", now, row.totpLastStep);
      if (step === undefined) throw wrongCode();
      set.totpLastStep = step;
      if (enrolling) {
        recoveryCodes = newRecoveryCodes();
        set.totpSecret = sealed;
        set.totpPending = null;
        set.recoveryCodes = recoveryCodes.map(recoveryHash);
      }
      method = enrolling ? "totp-enrolled" : "totp";
    }
    await tx.update(staff).set(set).where(eq(staff.id, row.id));
    const session = await openStaffSession(deps, tx, row.id, meta);
    await recordAudit(tx, { staffId: row.id, ip: meta.ip }, signInEntry(row.id), null, {
      result: "signed-in",
      method,
      recoveryCodesLeft: (set.recoveryCodes ?? row.recoveryCodes).length,
    });
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      staff: me(row),
      recoveryCodes,
    };
  });
}

async function challengeSubject(deps: StaffDeps, challenge: string, now: Date): Promise<number> {
  try {
    const { payload } = await jwtVerify(challenge, key(secretOf(deps)), {
      audience: CHALLENGE_AUDIENCE,
      algorithms: ["HS256"],
      currentDate: now,
    });
    const id = Number(payload.sub);
    if (Number.isInteger(id) && id > 0) return id;
  } catch {
    // expired, tampered or not a challenge: the same answer
  }
  throw new ApiError(401, "session_expired", "Sign in again: the sign-in took too long");
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.id));
  return rows.map(member);
}

/** Creates a staff member; they enrol their second factor at their first sign-in. */
export async function createStaff(db: Db, actor: AuditActor, body: StaffCreateBody): Promise<StaffMember> {
  if (await byEmail(db, body.email))
    throw new ApiError(409, "identity_taken", "A staff member has this e-mail", {
      email: ["A staff member has this e-mail"],
    });
  const passwordHash = await hashPassword(body.password);
  return audited(db, actor, { action: "staff.create", targetType: "staff", targetId: null }, async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({ email: body.email, name: body.name, passwordHash, roles: [...new Set(body.roles)] })
      .returning();
    const after = member(row!);
    return { before: null, after, result: after };
  });
}

/**
 * Changes a member's roles or status, or resets their second factor: every change ends their sessions (what
 * they may do, or whether they may sign in, changed). An administrator cannot lock themselves out.
 */
export async function changeStaff(
  deps: Pick<AppDeps, "db" | "clock">,
  actor: AuditActor,
  id: number,
  body: StaffChangeBody,
): Promise<StaffMember> {
  if (id === actor.staffId && (body.status === "blocked" || (body.roles && !body.roles.includes("admin"))))
    throw new ApiError(409, "forbidden", "You cannot block yourself or take away your own admin role");
  return audited(
    deps.db,
    actor,
    { action: "staff.change", targetType: "staff", targetId: id },
    async (tx) => {
      const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for("update");
      if (!row) throw new ApiError(404, "not_found", "No such staff member");
      const now = deps.clock.now();
      const [updated] = await tx
        .update(staff)
        .set({
          roles: body.roles ? [...new Set(body.roles)] : row.roles,
          status: body.status ?? row.status,
          ...(body.resetSecondFactor
            ? { totpSecret: null, totpPending: null, totpLastStep: null, recoveryCodes: [] }
            : {}),
          updatedAt: now,
        })
        .where(eq(staff.id, id))
        .returning();
      await revokeAllStaffSessions(tx, id, now);
      return { before: member(row), after: member(updated!), result: member(updated!) };
    },
  );
}

/**
 * The first administrator (decision 0020): from ADMIN_EMAIL / ADMIN_PASSWORD when there is no staff yet; in
 * development without them, the demo administrator. Production without them starts with no staff, and says so.
 */
export async function ensureFirstAdmin(deps: Pick<AppDeps, "db" | "config">): Promise<string | undefined> {
  const [any] = await deps.db.select({ id: staff.id }).from(staff).limit(1);
  if (any) return undefined;
  const { ADMIN_EMAIL, ADMIN_PASSWORD, APP_ENV } = deps.config;
  const first =
    ADMIN_EMAIL && ADMIN_PASSWORD
      ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: "Administrator" }
      : APP_ENV !== "production"
        ? DEMO_ADMIN
        : undefined;
  if (!first)
    return "back office: no staff yet; run `npm run setup -- --admin you@example.com` (or set ADMIN_EMAIL and ADMIN_PASSWORD) to create the first administrator";
  await deps.db
    .insert(staff)
    .values({
      email: first.email,
      name: first.name,
      passwordHash: await hashPassword(first.password),
      roles: ["admin"],
    })
    .onConflictDoNothing();
  return undefined;
}

/** What `npm run setup` did about the first staff member. */
export type FirstAdminOutcome = "created" | "already-there";

/**
 * The operator's first staff member, with every role (`npm run setup`, decision 0047). Run again with the same
 * e-mail it changes nothing (the password is not reset); with another e-mail while staff exist it refuses: the
 * back office adds staff from then on, with its audit trail. One lock makes two setups at once create one.
 */
export async function createFirstAdmin(
  db: Db,
  first: { email: string; password: string; name: string },
): Promise<FirstAdminOutcome> {
  const passwordHash = await hashPassword(first.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff:first-admin'))`);
    const existing = await tx.select({ email: staff.email }).from(staff).orderBy(asc(staff.id)).limit(50);
    if (existing.some((s) => s.email.toLowerCase() === first.email.toLowerCase())) return "already-there";
    if (existing.length > 0)
      throw new ApiError(
        409,
        "forbidden",
        `The back office already has staff (${existing[0]!.email}): add staff members there, under Staff`,
      );
    const [row] = await tx
      .insert(staff)
      .values({ email: first.email, name: first.name, passwordHash, roles: [...ROLES] })
      .returning();
    // In the trail like any staff change; no staff member made it, the operator's command did.
    await recordAudit(
      tx,
      { staffId: null, ip: null },
      { action: "staff.create", targetType: "staff", targetId: String(row!.id) },
      null,
      member(row!),
    );
    return "created";
  });
}

/** The names of these staff members (another module's list shows who made a row). */
export async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
