import { errors, jwtVerify } from "jose";
import type { AppDeps } from "../../app";
import type { Caller } from "../../http/authentication";
import { ApiError } from "../../http/errors";
import { verifyToken, type WithdrawalClaims } from "./access-token";
import { checkExcludedPerson } from "./excluded-persons";
import { playerStatus } from "./profile";
import { assertNotSelfRestricted, runningRestriction } from "./restrictions";
import { isLockedOut, liveSession, touchSession } from "./sessions";

export type { Caller } from "../../http/authentication";

const unauthorized = (message = "Log in to continue") => new ApiError(401, "unauthorized", message);

/**
 * The check behind the authentication plugin (server/http/authentication.ts), for one bearer token: a valid,
 * unexpired token whose session row is live (one primary key lookup), of a player who is not blocked. Refuses
 * with 401 otherwise. Marks the session seen, at most once a minute.
 *
 * A withdrawal token (decision 0011) passes only where the route opts in (`withdrawalScope`), and only while
 * its player's own restriction still runs: anywhere else it answers 403 `withdrawal_only`.
 */
export async function authenticate(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  token: string,
  opts: { withdrawalScope?: boolean } = {},
): Promise<Caller> {
  if (!token) throw unauthorized();
  const now = deps.clock.now();
  const verified = await verifyToken(deps.config.JWT_SECRET, token, now);
  if (!verified.ok)
    throw unauthorized(verified.reason === "expired" ? "The session token has expired" : undefined);
  const claims = verified.claims;
  if (claims.kind === "withdrawal") {
    if (!opts.withdrawalScope) throw withdrawalOnly();
    return authenticateWithdrawal(deps, claims, now);
  }
  const session = await liveSession(deps.db, claims.sessionId, now);
  if (!session || String(session.playerId) !== claims.playerId) throw unauthorized("The session was closed");
  // Checked on every call, not only at login and refresh: blocking an account stops its open sessions at once.
  if (isLockedOut(session.playerStatus)) throw accountBlocked();
  await touchSession(deps.db, claims.sessionId, session.lastSeenAt, now);
  return { playerId: session.playerId, sessionId: claims.sessionId, playerStatus: session.playerStatus };
}

const withdrawalOnly = () =>
  new ApiError(403, "withdrawal_only", "This sign-in only lets you withdraw your balance");

/**
 * A withdrawal token holds while the restriction that earned it runs: once it ends the player logs in as usual
 * (401), and an operator's block stops it like any session (403).
 */
async function authenticateWithdrawal(
  deps: Pick<AppDeps, "db">,
  claims: WithdrawalClaims,
  now: Date,
): Promise<Caller> {
  if (!/^\d{1,19}$/.test(claims.playerId)) throw unauthorized();
  const playerId = BigInt(claims.playerId);
  if (!(await runningRestriction(deps.db, playerId, now))) {
    const status = await playerStatus(deps.db, playerId);
    if (status !== undefined && isLockedOut(status)) throw accountBlocked();
    throw unauthorized("Your restriction is over: log in as usual");
  }
  return { playerId, sessionId: claims.grantId, scope: "withdrawal" };
}

/**
 * A token's claims when its signature is ours, whether or not it has expired: refresh and logout accept an
 * expired token, because the session row (not the token's exp) decides how long a login lasts.
 */
export async function claimsIgnoringExpiry(secret: string, token: string): Promise<Caller | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "exp", "sid"],
    });
    return toCaller(payload);
  } catch (err) {
    // jose checks the signature before the claims, so an expired token's payload is authentic.
    if (err instanceof errors.JWTExpired) return toCaller(err.payload);
    return undefined;
  }
}

function toCaller(payload: { sub?: string; sid?: unknown; scope?: unknown }): Caller | undefined {
  if (!payload.sub || !/^\d{1,19}$/.test(payload.sub) || typeof payload.sid !== "string") return undefined;
  // Only a session's own access token: a scoped token of that session (realtime, sportsbook) is handed to
  // other clients and must never be turned into a session token by a refresh (decision 0037).
  if (payload.scope !== undefined) return undefined;
  return { playerId: BigInt(payload.sub), sessionId: payload.sid };
}

/**
 * Refuses a blocked or closed account from logging in, and a player's own self-exclusion or break until it
 * ends (saying until when).
 */
export async function assertMayLogIn(deps: Pick<AppDeps, "db" | "clock" | "config">, playerId: bigint) {
  const status = await playerStatus(deps.db, playerId);
  if (status === undefined) throw unauthorized();
  if (isLockedOut(status)) throw accountBlocked();
  await assertNotSelfRestricted(deps.db, playerId, deps.clock.now());
}

/**
 * A new login (not a refresh): the account may log in, and its person is not a self-excluded one under another
 * account (decision 0053), `event` naming what it is for staff.
 */
export async function assertMayStartSession(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  playerId: bigint,
  seen: { fingerprint?: string | null },
  event: "registration" | "login" = "login",
) {
  await assertMayLogIn(deps, playerId);
  await checkExcludedPerson(deps, playerId, event, seen);
}

export const accountBlocked = () =>
  new ApiError(403, "account_blocked", "This account is blocked. Contact support");
