import type { FastifyRequest } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import type { AppDeps } from "../../app";
import type { Caller } from "../../http/authentication";
import { ApiError } from "../../http/errors";
import { sessionCredential } from "../../http/session-cookie";
import { authenticate, isLockedOut, liveSession } from "../player";

/**
 * The sportsbook token of the start-game call (spec point 7): a short-lived JWT (HS256, the app's JWT secret)
 * naming the player and the login session it was issued under, with the audience and scope `sportsbook`. The
 * access-token check refuses it (it carries a scope), so it opens only the sportsbook's calls; closing the
 * session or blocking the player stops it at once, as it does an access token.
 */
export const SPORTSBOOK_SCOPE = "sportsbook";

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signSportsbookToken(
  secret: string,
  claims: { playerId: bigint; sessionId: string },
  opts: { now: Date; ttlSeconds: number },
) {
  const iat = Math.floor(opts.now.getTime() / 1000);
  const exp = iat + opts.ttlSeconds;
  const token = await new SignJWT({ sid: claims.sessionId, scope: SPORTSBOOK_SCOPE })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.playerId))
    .setAudience(SPORTSBOOK_SCOPE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

async function sportsbookClaims(secret: string, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ["HS256"],
      audience: SPORTSBOOK_SCOPE,
      currentDate: now,
      requiredClaims: ["sub", "exp", "sid"],
    });
    if (payload.scope !== SPORTSBOOK_SCOPE || typeof payload.sid !== "string") return undefined;
    if (!/^\d{1,19}$/.test(payload.sub!)) return undefined;
    return { playerId: BigInt(payload.sub!), sessionId: payload.sid };
  } catch {
    return undefined;
  }
}

/**
 * Who calls a sportsbook route: the bearer token may be the sportsbook token or the player's own access token,
 * or the site's pages send the session cookie. Undefined for a guest; 401 for a token that is neither.
 */
export async function sportsbookCaller(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  req: FastifyRequest,
): Promise<Caller | undefined> {
  // The site's pages come with the session cookie (decision 0037), checked like any cookie-authenticated call.
  const credential = sessionCredential(req, deps.config.publicUrl);
  if (!credential) return undefined;
  const { token } = credential;
  const now = deps.clock.now();
  const claims = await sportsbookClaims(deps.config.JWT_SECRET, token, now);
  if (!claims)
    return authenticate(deps, token, { withdrawalScope: false }).catch((err) => {
      // A stale cookie came along unasked: the visitor is a guest, as with no cookie (a route that needs a
      // player refuses a guest itself).
      if (credential.via === "cookie" && err instanceof ApiError && err.status === 401) return undefined;
      throw err;
    });
  const session = await liveSession(deps.db, claims.sessionId, now);
  if (!session || session.playerId !== claims.playerId)
    throw new ApiError(401, "unauthorized", "The session was closed");
  if (isLockedOut(session.playerStatus))
    throw new ApiError(403, "account_blocked", "This account is blocked");
  return { playerId: claims.playerId, sessionId: claims.sessionId, playerStatus: session.playerStatus };
}
