import { and, eq, ne } from "drizzle-orm";
import type { SessionResponse } from "#common/api/player";
import type {
  OidcLinkBody,
  OidcLoginBody,
  SocialConnection,
  TelegramLinkBody,
  TelegramLoginBody,
  TelegramSyncBody,
} from "#common/api/social";
import { isSiteLocale } from "#common/i18n/locales";
import { nicknameFromEmail } from "#common/nickname";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import {
  assertMayStartSession,
  type Caller,
  createPlayer,
  findByEmail,
  loadPlayer,
  openSession,
  type PlayerRow,
  type RequestContext,
  setTelegramUserId,
  toProfile,
  uniqueViolation,
} from "../player";
import { attributeReferral } from "../referral";
import { openFirstAccount } from "../wallet";
import { IdTokenRefused, type OidcProvider, verifyIdToken } from "./oidc";
import { socialConnections } from "./tables";
import { TelegramAuthError, type TelegramUser, validateInitData, validateLoginWidget } from "./telegram";

export type SocialDeps = Pick<AppDeps, "db" | "clock" | "config"> & {
  log: { warn(obj: object, msg: string): void };
};

/** Spec point 8: a refused messenger login is a 401 `telegram-auth-error`; a blocked account a 403. */
const telegramRefused = () =>
  new ApiError(401, "telegram_auth_error", "Telegram could not confirm who you are");
const socialRefused = () =>
  new ApiError(401, "social_auth_error", "The sign-in provider could not confirm who you are");

/** The configured OpenID Connect providers; GOOGLE_CLIENT_ID alone adds Google. */
export function oidcProviders(config: AppDeps["config"]): OidcProvider[] {
  const list = [...config.OIDC_PROVIDERS];
  if (config.GOOGLE_CLIENT_ID && !list.some((p) => p.id === "google")) {
    list.push({
      id: "google",
      name: "Google",
      issuer: "https://accounts.google.com",
      clientId: config.GOOGLE_CLIENT_ID,
      scope: "openid profile email",
      // Google has no offline_access scope (its refresh tokens come by another parameter): renewal is the frame.
      refreshTokens: false,
      refreshTokensFallback: false,
    });
  }
  return list;
}

function botToken(config: AppDeps["config"]): string {
  if (!config.TELEGRAM_BOT_TOKEN)
    throw new ApiError(503, "telegram_not_configured", "Telegram sign-in is not set up");
  return config.TELEGRAM_BOT_TOKEN;
}

async function connectionOf(db: Db, socialType: string, subject: string) {
  const [row] = await db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.socialType, socialType), eq(socialConnections.subject, subject)));
  return row;
}

async function session(
  deps: SocialDeps,
  player: PlayerRow,
  ctx: RequestContext,
  fingerprint: unknown,
  isNew: boolean,
): Promise<SessionResponse> {
  const seen = { fingerprint: typeof fingerprint === "string" ? fingerprint : undefined };
  await assertMayStartSession(deps, player.id, seen, isNew ? "registration" : "login");
  const s = await openSession(deps, deps.db, player.id, {
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    fingerprint: typeof fingerprint === "string" ? fingerprint : undefined,
  });
  return { accessToken: s.accessToken, profile: toProfile(player, { isNewlyRegistered: isNew }) };
}

/** The inviting player's code: `referralCode`, else the messenger's start parameter (`ref_id`) when it is one. */
const referralCodeOf = (body: { referralCode?: string; ref_id?: string }) => body.referralCode || body.ref_id;

const affiliateOf = (body: { affiliateTag?: string; affiliate_tag?: string; ref_id?: string }) => {
  const tag = body.affiliateTag ?? body.affiliate_tag ?? body.ref_id;
  return typeof tag === "string" && tag.trim() ? tag.trim().slice(0, 100) : null;
};

/** The Telegram user a request vouches for; Telegram's refusals become the 401 of spec point 8. */
function telegramUser(
  deps: SocialDeps,
  check: (botToken: string, now: Date, maxAge: number) => TelegramUser,
): TelegramUser {
  try {
    return check(botToken(deps.config), deps.clock.now(), deps.config.TELEGRAM_AUTH_MAX_AGE_S);
  } catch (err) {
    if (err instanceof TelegramAuthError) throw telegramRefused();
    throw err;
  }
}

const telegramName = (u: TelegramUser) =>
  u.username ?? ([u.firstName, u.lastName].filter(Boolean).join(" ") || null);

/**
 * POST /api/player/tg_login: the mini-app's initData logs in the player of that Telegram user, creating them
 * on first sight (no e-mail, no password: Telegram is their way in).
 */
export async function loginWithTelegram(
  deps: SocialDeps,
  body: TelegramLoginBody,
  ctx: RequestContext,
): Promise<SessionResponse> {
  const raw = typeof body.tg_payload === "string" ? body.tg_payload : "";
  const user = telegramUser(deps, (token, now, maxAge) => validateInitData(raw, token, now, maxAge).user);
  const linked = await connectionOf(deps.db, "telegram", user.id);
  if (linked)
    return session(deps, await loadPlayer(deps.db, linked.playerId), ctx, body.frogoFingerprint, false);
  const language = user.languageCode === "pt" ? "pt-br" : user.languageCode;
  const create = () =>
    deps.db.transaction(async (tx) => {
      const row = await createPlayer(tx, {
        tgUserId: user.id,
        nickname: user.username ?? user.firstName ?? `tg${user.id.slice(-4)}`,
        firstName: user.firstName,
        lastName: user.lastName,
        language: language && isSiteLocale(language) ? language : ctx.locale,
        country: ctx.country,
        affiliateTag: affiliateOf(body),
      });
      await openFirstAccount(tx, row.id, { country: row.country });
      await attributeReferral(tx, deps.config, {
        playerId: row.id,
        code: referralCodeOf(body),
        ip: ctx.ip,
        fingerprint: body.frogoFingerprint ?? body.fingerprint,
        at: row.createdAt,
      });
      await tx.insert(socialConnections).values({
        playerId: row.id,
        socialType: "telegram",
        subject: user.id,
        displayName: telegramName(user),
      });
      return row;
    });
  let created: PlayerRow;
  try {
    created = await create();
  } catch (err) {
    // The same user's two first logins at once: the second meets the first one's link.
    const winner = uniqueViolation(err) ? await connectionOf(deps.db, "telegram", user.id) : undefined;
    if (!winner) throw err;
    return session(deps, await loadPlayer(deps.db, winner.playerId), ctx, body.frogoFingerprint, false);
  }
  return session(deps, created, ctx, body.frogoFingerprint, true);
}

/** PUT /api/tg-bot/users: keeps the logged-in player's Telegram names in step with the messenger. */
export async function syncTelegramUser(deps: SocialDeps, caller: Caller, body: TelegramSyncBody) {
  const raw = String(body.tg_payload ?? "");
  const user = telegramUser(deps, (token, now, maxAge) => validateInitData(raw, token, now, maxAge).user);
  const linked = await connectionOf(deps.db, "telegram", user.id);
  if (linked?.playerId !== caller.playerId)
    throw new ApiError(403, "telegram_user_mismatch", "This Telegram account belongs to another player");
  await deps.db
    .update(socialConnections)
    .set({ displayName: telegramName(user) })
    .where(eq(socialConnections.id, linked.id));
  return toProfile(await setTelegramUserId(deps.db, caller.playerId, user.id, deps.clock.now()));
}

function providerOf(deps: SocialDeps, id: unknown): OidcProvider {
  const provider = oidcProviders(deps.config).find((p) => p.id === id);
  if (!provider)
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      provider: ["Unknown sign-in provider"],
    });
  return provider;
}

async function verified(deps: SocialDeps, provider: OidcProvider, body: OidcLinkBody) {
  try {
    return await verifyIdToken(
      provider,
      String(body.idToken ?? ""),
      String(body.nonce ?? ""),
      deps.clock.now(),
    );
  } catch (err) {
    if (!(err instanceof IdTokenRefused)) throw err;
    deps.log.warn({ provider: provider.id, reason: err.message }, "ID token refused");
    throw socialRefused();
  }
}

/**
 * POST /api/player/sessions/social: an ID token from a configured provider logs in its player. A new identity
 * joins the account of the same e-mail when the provider vouches for the address; otherwise a new player is
 * made, with the e-mail when it is free.
 */
export async function loginWithOidc(
  deps: SocialDeps,
  body: OidcLoginBody,
  ctx: RequestContext,
): Promise<SessionResponse> {
  const provider = providerOf(deps, body.provider);
  const identity = await verified(deps, provider, body);
  const linked = await connectionOf(deps.db, provider.id, identity.subject);
  if (linked) return session(deps, await loadPlayer(deps.db, linked.playerId), ctx, body.fingerprint, false);
  const sameEmail =
    identity.email && identity.emailVerified ? await findByEmail(deps.db, identity.email) : undefined;
  const link = {
    socialType: provider.id,
    subject: identity.subject,
    displayName: identity.email ?? identity.name,
  };
  if (sameEmail) {
    await deps.db
      .insert(socialConnections)
      .values({ ...link, playerId: sameEmail.id })
      .onConflictDoNothing();
    return session(deps, sameEmail, ctx, body.fingerprint, false);
  }
  const emailFree = identity.email && !(await findByEmail(deps.db, identity.email));
  const created = await deps.db.transaction(async (tx) => {
    const row = await createPlayer(tx, {
      email: emailFree ? identity.email : null,
      emailVerifiedAt: emailFree && identity.emailVerified ? deps.clock.now() : null,
      nickname: identity.email
        ? nicknameFromEmail(identity.email)
        : (identity.name ?? provider.name).slice(0, 24),
      language: ctx.locale,
      country: ctx.country,
      affiliateTag: affiliateOf(body),
    });
    await openFirstAccount(tx, row.id, { country: row.country });
    await attributeReferral(tx, deps.config, {
      playerId: row.id,
      code: referralCodeOf(body),
      ip: ctx.ip,
      fingerprint: body.fingerprint,
      at: row.createdAt,
    });
    await tx.insert(socialConnections).values({ ...link, playerId: row.id });
    return row;
  });
  return session(deps, created, ctx, body.fingerprint, true);
}

export async function listConnections(db: Db, playerId: bigint): Promise<SocialConnection[]> {
  const rows = await db.select().from(socialConnections).where(eq(socialConnections.playerId, playerId));
  return rows.map((r) => ({
    socialType: r.socialType,
    displayName: r.displayName,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function link(
  db: Db,
  playerId: bigint,
  socialType: string,
  subject: string,
  displayName: string | null,
) {
  const taken = await connectionOf(db, socialType, subject);
  if (taken && taken.playerId !== playerId)
    throw new ApiError(409, "identity_taken", "This account is already linked to another player");
  const mine = await db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.playerId, playerId), eq(socialConnections.socialType, socialType)));
  if (mine[0] && mine[0].subject !== subject)
    throw new ApiError(409, "already_linked", "Unlink the current one first");
  if (!taken) await db.insert(socialConnections).values({ playerId, socialType, subject, displayName });
  if (socialType === "telegram") await setTelegramUserId(db, playerId, subject);
  return listConnections(db, playerId);
}

/** POST /api/player/social-connections/telegram {payload}: links the Telegram account of a Login Widget payload. */
export async function linkTelegram(deps: SocialDeps, caller: Caller, body: TelegramLinkBody) {
  const payload = body.payload ?? {};
  const user = telegramUser(deps, (token, now, maxAge) => validateLoginWidget(payload, token, now, maxAge));
  return link(deps.db, caller.playerId, "telegram", user.id, telegramName(user));
}

/** POST /api/player/social-connections/{provider} {idToken, nonce}: links an OIDC identity (Google, …). */
export async function linkOidc(deps: SocialDeps, caller: Caller, providerId: string, body: OidcLinkBody) {
  const provider = providerOf(deps, providerId);
  const identity = await verified(deps, provider, body);
  return link(deps.db, caller.playerId, provider.id, identity.subject, identity.email ?? identity.name);
}

/**
 * POST /api/player/social-connections/unlink {socialType}: refused when it would leave the player no way in —
 * no password with an e-mail or phone, and no other link.
 */
export async function unlink(deps: SocialDeps, caller: Caller, socialType: unknown) {
  const player = await loadPlayer(deps.db, caller.playerId);
  const [mine] = await deps.db
    .select()
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.playerId, caller.playerId),
        eq(socialConnections.socialType, String(socialType)),
      ),
    );
  if (!mine) throw ApiError.notFound("No such linked account");
  const others = await deps.db
    .select({ id: socialConnections.id })
    .from(socialConnections)
    .where(and(eq(socialConnections.playerId, caller.playerId), ne(socialConnections.id, mine.id)));
  const hasPassword = player.passwordHash !== null && (player.email !== null || player.phone !== null);
  if (!hasPassword && others.length === 0) {
    throw new ApiError(
      409,
      "last_login_method",
      "Set a password or link another account before unlinking this one",
    );
  }
  await deps.db.delete(socialConnections).where(eq(socialConnections.id, mine.id));
  if (mine.socialType === "telegram") await setTelegramUserId(deps.db, caller.playerId, null);
  return listConnections(deps.db, caller.playerId);
}
