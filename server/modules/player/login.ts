import type { LoginBody, SessionResponse, TokenLoginBody } from "#common/api/player";
import { parsePhone } from "#common/validation/rules";
import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import { verifyAgainstNothing, verifyPassword } from "../../lib/passwords";
import { assertMayLogIn, assertMayStartSession, type Caller, claimsIgnoringExpiry } from "./auth";
import { codeContext, issueLinkToken, spendLinkToken } from "./codes";
import type { AccountDeps, RequestContext } from "./context";
import { FORMS, fieldError, str } from "./forms";
import { accountLimits, enforce } from "./limits";
import { findByEmail, findByPhone, loadPlayer, toProfile } from "./profile";
import { accessTokenFor, closeSessions, liveSession, openSession, touchSession } from "./sessions";
import { text } from "./texts";

/** The account a login names: a lower-cased e-mail, or a phone in E.164 (as typed when it does not parse). */
function accountKey(login: string): { kind: "email" | "phone"; key: string } {
  if (login.includes("@")) return { kind: "email", key: login.toLowerCase() };
  const phone = parsePhone(login);
  return { kind: "phone", key: phone.ok ? phone.e164 : login };
}

/**
 * The account a login form names, when its password is right. An unknown login, a wrong password and a blocked
 * account's wrong password answer the same 422 with the same code and message, after the same argon2 work, so
 * the answer never tells whether an account exists. Attempts count per account and per address; the right
 * password clears the account's count. Every way in by password (a login, a withdrawal token) goes through here,
 * so they share one count.
 */
export async function checkCredentials(deps: AccountDeps, body: LoginBody, ctx: RequestContext) {
  await deps.forms.check(FORMS.login, body, ctx.locale);
  const account = accountKey(str(body.login)!);
  const limits = accountLimits(deps.config);
  const accountCounter = `login:account:${account.key}`;
  await enforce(
    deps,
    ctx.locale,
    [`login:ip:${ctx.ip}`, limits.loginPerIp],
    [accountCounter, limits.loginPerAccount],
  );
  const password = String(body.password);
  const player =
    account.kind === "email"
      ? await findByEmail(deps.db, account.key)
      : await findByPhone(deps.db, account.key);
  const ok = player
    ? await verifyPassword(player.passwordHash, password)
    : await verifyAgainstNothing(password);
  if (!player || !ok) {
    const message = text(ctx.locale, "badCredentials");
    throw new ApiError(422, "invalid_credentials", message, { password: [message] });
  }
  await deps.limiter.reset(accountCounter);
  return player;
}

/** POST /api/player/sessions: the credentials, then whether the account may log in now. */
export async function login(
  deps: AccountDeps,
  body: LoginBody,
  ctx: RequestContext,
): Promise<SessionResponse> {
  const player = await checkCredentials(deps, body, ctx);
  await assertMayStartSession(deps, player.id, { fingerprint: str(body.fingerprint) });
  const session = await openSession(deps, deps.db, player.id, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    fingerprint: str(body.fingerprint),
  });
  return { accessToken: session.accessToken, profile: toProfile(player) };
}

/**
 * A one-time login token for a player (auto-login links, the messenger bot): single use, 5 minutes. The
 * holder of the token logs in as the player, so hand it only to them.
 */
export function mintLoginToken(deps: Pick<AppDeps, "db" | "clock" | "config">, playerId: bigint) {
  return issueLinkToken(codeContext(deps), { purpose: "login-token", target: String(playerId), playerId });
}

/** POST /api/player/sessions/token: spends a login token and opens a session. */
export async function loginWithToken(
  deps: AccountDeps,
  body: TokenLoginBody,
  ctx: RequestContext,
): Promise<SessionResponse> {
  await deps.forms.check(FORMS.token, body, ctx.locale);
  await enforce(deps, ctx.locale, [`login:ip:${ctx.ip}`, accountLimits(deps.config).loginPerIp]);
  const spent = await spendLinkToken(codeContext(deps), {
    purpose: "login-token",
    token: String(body.token),
  });
  if (!spent) throw fieldError("token", text(ctx.locale, "badLoginToken"), "invalid_login_token");
  await assertMayStartSession(deps, spent.playerId, { fingerprint: str(body.fingerprint) });
  const session = await openSession(deps, deps.db, spent.playerId, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    fingerprint: str(body.fingerprint),
  });
  return { accessToken: session.accessToken, profile: toProfile(await loadPlayer(deps.db, spent.playerId)) };
}

const refused = () => new ApiError(401, "unauthorized", "The session was closed; log in again");

/**
 * POST /api/player/sessions/refresh. The token may have expired: its signature is checked, its expiry is not.
 * A new token is issued only while its session row is live (not closed, younger than 365 days), which is how a
 * player stays logged in for a year on 15-minute tokens.
 */
export async function refresh(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  token: string | undefined,
): Promise<SessionResponse> {
  const caller = token ? await claimsIgnoringExpiry(deps.config.JWT_SECRET, token) : undefined;
  if (!caller) throw refused();
  const now = deps.clock.now();
  const session = await liveSession(deps.db, caller.sessionId, now);
  if (!session || session.playerId !== caller.playerId) throw refused();
  await assertMayLogIn(deps, caller.playerId);
  await touchSession(deps.db, caller.sessionId, session.lastSeenAt, now);
  return {
    accessToken: await accessTokenFor(deps, caller.playerId, caller.sessionId),
    profile: toProfile(await loadPlayer(deps.db, caller.playerId)),
  };
}

/** POST /api/player/sessions/logout: closes the token's session (an expired token may still log out). */
export async function logout(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "realtime">,
  token: string | undefined,
): Promise<void> {
  const caller: Caller | undefined = token
    ? await claimsIgnoringExpiry(deps.config.JWT_SECRET, token)
    : undefined;
  if (!caller) throw new ApiError(401, "unauthorized", "Log in to continue");
  await closeSessions(deps, caller.playerId, { only: caller.sessionId });
}
