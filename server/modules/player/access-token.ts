import { errors, jwtVerify, SignJWT } from "jose";

/**
 * Access tokens: a signed JWT (HS256) naming the player (`sub`) and the session row it belongs to (`sid`), so
 * closing the session revokes it. The realtime hub and the HTTP API verify it the same way.
 *
 * A withdrawal token (decision 0011) is the other kind: `scope: "withdrawal"` and no `sid`, for a player whose
 * own restriction stops logins. It is never an access token: `verifyAccessToken` refuses it, so the realtime hub,
 * refresh and logout never take it; only `verifyToken` reads it, for the routes that opt in.
 */
export interface AccessClaims {
  playerId: string;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface WithdrawalClaims {
  playerId: string;
  /** The grant's own id (`jti`), for logs: there is no session row behind it. */
  grantId: string;
  expiresAt: number;
}

export const WITHDRAWAL_SCOPE = "withdrawal";
/**
 * A realtime connection token (decision 0037): the session's `sid` with this scope, minutes long. The site's
 * realtime client connects with it because the site never holds the session token; only the hub takes it.
 */
export const REALTIME_SCOPE = "realtime";

export type TokenClaims = ({ kind: "session" } & AccessClaims) | ({ kind: "withdrawal" } & WithdrawalClaims);

type Verified<C> = { ok: true; claims: C } | { ok: false; reason: "expired" | "invalid" };
export type VerifyResult = Verified<AccessClaims>;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: { playerId: string; sessionId: string },
  opts: { now: Date; ttlSeconds: number },
): Promise<string> {
  const iat = Math.floor(opts.now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.playerId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + opts.ttlSeconds)
    .sign(key(secret));
}

/** A withdrawal-only token: no session behind it, so nothing refreshes it; it simply runs out. */
export async function signWithdrawalToken(
  secret: string,
  claims: { playerId: string },
  opts: { now: Date; ttlSeconds: number },
): Promise<string> {
  const iat = Math.floor(opts.now.getTime() / 1000);
  return new SignJWT({ scope: WITHDRAWAL_SCOPE })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.playerId)
    .setJti(crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + opts.ttlSeconds)
    .sign(key(secret));
}

/** A realtime connection token of a session: the hub's only; the HTTP API refuses its scope. */
export async function signRealtimeToken(
  secret: string,
  claims: { playerId: string; sessionId: string },
  opts: { now: Date; ttlSeconds: number },
): Promise<string> {
  const iat = Math.floor(opts.now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, scope: REALTIME_SCOPE })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.playerId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + opts.ttlSeconds)
    .sign(key(secret));
}

/**
 * What the realtime hub accepts on connect and refresh: a session's access token (API clients) or its realtime
 * connection token (the site). Either names the session, whose row the hub checks.
 */
export async function verifyConnectionToken(secret: string, token: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["sub", "exp", "sid"],
    });
    if (payload.scope !== REALTIME_SCOPE) return verifyAccessToken(secret, token, now);
    if (typeof payload.sid !== "string") return { ok: false, reason: "invalid" };
    return { ok: true, claims: { playerId: payload.sub!, sessionId: payload.sid, expiresAt: payload.exp! } };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/** Either kind of token, told apart by its claims; anything else signed with our key is invalid. */
export async function verifyToken(secret: string, token: string, now: Date): Promise<Verified<TokenClaims>> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["sub", "exp"],
    });
    if (payload.scope === WITHDRAWAL_SCOPE && payload.sid === undefined && typeof payload.jti === "string")
      return {
        ok: true,
        claims: { kind: "withdrawal", playerId: payload.sub!, grantId: payload.jti, expiresAt: payload.exp! },
      };
    // A session token carries a session and no scope: a scope we do not know grants nothing.
    if (typeof payload.sid === "string" && payload.scope === undefined)
      return {
        ok: true,
        claims: { kind: "session", playerId: payload.sub!, sessionId: payload.sid, expiresAt: payload.exp! },
      };
    return { ok: false, reason: "invalid" };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/** A session's access token only: a withdrawal token is invalid here. */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<VerifyResult> {
  const verified = await verifyToken(secret, token, now);
  if (!verified.ok) return verified;
  if (verified.claims.kind !== "session") return { ok: false, reason: "invalid" };
  const { playerId, sessionId, expiresAt } = verified.claims;
  return { ok: true, claims: { playerId, sessionId, expiresAt } };
}
