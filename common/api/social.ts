import { z } from "zod";

/** Messenger login, external (OpenID Connect) login and linked accounts (spec point 7, player and session). */

export const externalProvider = z
  .object({
    id: z.string(),
    name: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    scope: z.string(),
    /** Sent with the authorize and refresh calls when the provider issues tokens for an API. */
    audience: z.string().optional(),
    /** Sent with the authorize call; the ID token must then name it (spec point 6). */
    organization: z.string().optional(),
    maxAge: z.number().optional(),
    /** `offline_access` and the refresh_token grant for silent renewal (spec point 6). */
    refreshTokens: z.boolean(),
    /** A missing or refused refresh token is retried through the hidden frame (spec point 7). */
    refreshTokensFallback: z.boolean(),
    /** Logging out of the site also goes through the provider's v2 logout (spec point 7). */
    logout: z.object({ federated: z.boolean() }).nullable(),
  })
  .meta({ id: "ExternalProvider" });
export type ExternalProvider = z.infer<typeof externalProvider>;

/** GET /api/player/social-providers: the configured providers (public data only), the bot and its channel. */
export const socialProviders = z.object({
  providers: z.array(externalProvider),
  telegram: z.object({ botUsername: z.string(), newsChannel: z.string().nullable() }).nullable(),
});
export type SocialProviders = z.infer<typeof socialProviders>;

export const socialConnection = z
  .object({ socialType: z.string(), displayName: z.string().nullable(), createdAt: z.string() })
  .meta({ id: "SocialConnection" });
export type SocialConnection = z.infer<typeof socialConnection>;

/** A form's text field; an ID token or initData is a few KB (decision 0038: every string has a bound). */
const text = z.string().max(8192).optional();
/**
 * Where the player came from: any of the spec's spellings of the affiliate tag; `referralCode` (or the
 * messenger's start parameter, `ref_id`, when it is a player's code) names the player who invited them.
 */
const attribution = { affiliateTag: text, affiliate_tag: text, ref_id: text, referralCode: text };

/** POST /api/player/tg_login: the mini-app's raw initData logs its Telegram user in. */
export const telegramLoginBody = z.looseObject({
  tg_payload: text,
  fingerprint: text,
  frogoFingerprint: text,
  ...attribution,
});
export type TelegramLoginBody = z.infer<typeof telegramLoginBody>;

/** PUT /api/tg-bot/users: the mini-app's initData, to keep the player's Telegram names in step. */
export const telegramSyncBody = z.looseObject({ tg_payload: text });
export type TelegramSyncBody = z.infer<typeof telegramSyncBody>;

/** POST /api/player/sessions/social: an ID token from a configured provider, and the nonce it must carry. */
export const oidcLoginBody = z.looseObject({
  provider: text,
  idToken: text,
  nonce: text,
  fingerprint: text,
  ...attribution,
});
export type OidcLoginBody = z.infer<typeof oidcLoginBody>;

/** POST /api/player/social-connections/{provider}: links an ID token's identity to the player. */
export const oidcLinkBody = z.looseObject({ idToken: text, nonce: text });
export type OidcLinkBody = z.infer<typeof oidcLinkBody>;

/** POST /api/player/social-connections/telegram {payload}: a Telegram Login Widget payload. */
export const telegramLinkBody = z.looseObject({ payload: z.record(z.string(), z.unknown()).optional() });
export type TelegramLinkBody = z.infer<typeof telegramLinkBody>;

/** POST /api/player/social-connections/unlink {socialType} */
export const unlinkBody = z.looseObject({ socialType: text });
export type UnlinkBody = z.infer<typeof unlinkBody>;
