import { errors, jwtVerify, SignJWT } from "jose";

/**
 * Access tokens: a signed JWT (HS256) naming the player (`sub`) and the session row it belongs to (`sid`), so
 * closing the session revokes it. The realtime hub and the HTTP API verify it the same way.
 */
export interface AccessClaims {
  playerId: string;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" };

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

export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["sub", "exp", "sid"],
    });
    return {
      ok: true,
      claims: { playerId: payload.sub!, sessionId: String(payload.sid), expiresAt: payload.exp! },
    };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
