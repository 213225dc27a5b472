import { z } from "zod";
import type { AnalyticsSiteSettings } from "../analytics";
import type { FieldValidation } from "../validation/rules";

/**
 * The player and session calls of spec point 7 as the site and the server both see them. The server answers
 * exactly these shapes; the site reads nothing else. Field names follow the spec (point 3 Profile, point 7
 * bodies); where the spec says "not shown" the shape is ours and documented in docs/decisions/0004-accounts.md.
 *
 * Request bodies are forms: each schema names the form's fields and their JSON types, and keeps any other key
 * (the site's tracking fields, a locale); which fields a form needs and their rules are the shared field rules
 * of spec point 5 (server/modules/player/forms.ts), checked with messages in the player's language.
 */

/**
 * A form's text field (its rules say whether it is required). Every one has a bound at the contract, above any
 * form rule's (decision 0038): an e-mail 254, a password 256, any other (a name, a token) 255.
 */
const text = z.string().max(255).optional();
const emailText = z.string().max(254).optional();
const passwordText = z.string().max(256).optional();
/** A field a form may clear: null removes the value. */
const clearable = z.string().max(255).nullable().optional();
/** A yes/no field: a checkbox sends true; "accepted" also takes "yes", "on" and 1 (spec point 5). */
const yes = z.union([z.boolean(), z.string().max(20), z.number()]).optional();
/** The extra fields a country's rules may ask for at sign-up (decision 0061); `captcha` is the hidden honeypot. */
const countryFields = {
  fullName: text,
  nationality: text,
  profession: text,
  gender: text,
  placeOfBirth: text,
  personalIdNumber: text,
  cpf_number: text,
  additionalAddress: text,
  securityQuestion: text,
  securityAnswer: text,
  receiveBonus: yes,
  captcha: text,
};
/** What the site sends with every login and registration (spec point 7). */
/** `referralCode`: the code of the player who invited this one (?ref, decision 0017). */
const tracking = {
  fingerprint: text,
  frogoFingerprint: text,
  affiliateTag: text,
  referralCode: text,
  locale: text,
};

/** Spec point 3 Profile, plus what the profile screens need. */
export const profile = z
  .object({
    id: z.string(),
    nickname: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    phone: z.string().nullable(),
    /** Whether the phone was confirmed with an SMS code (always sent by the server; optional for old fixtures). */
    phoneVerified: z.boolean().optional(),
    tgUserId: z.string().nullable(),
    language: z.string(),
    country: z.string().nullable(),
    currency: z.string().nullable(),
    timeZone: z.string().nullable(),
    birthdate: z.string().nullable(),
    gender: z.enum(["male", "female"]).nullable(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    // The fields a country's rules may ask for (decision 0061); always sent by the server, optional for old
    // fixtures. The security answer is never sent: only whether a question is set, and which.
    fullName: z.string().nullable().optional(),
    nationality: z.string().nullable().optional(),
    profession: z.string().nullable().optional(),
    placeOfBirth: z.string().nullable().optional(),
    personalIdNumber: z.string().nullable().optional(),
    cpf_number: z.string().nullable().optional(),
    additionalAddress: z.string().nullable().optional(),
    securityQuestion: z.string().nullable().optional(),
    receiveBonus: z.boolean().optional(),
    avatarId: z.string().nullable(),
    receiveEmailPromo: z.boolean(),
    receiveSmsPromo: z.boolean(),
    freshchatRestoreId: z.string().nullable(),
    /** True in the answer to the registration that created the player, false afterwards. */
    isNewlyRegistered: z.boolean(),
    /** Player status (settings constants player.playerStatuses). */
    status: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof profile>;

/**
 * What a login, a registration, an auto-login or a refresh answers. The token is also set as the HttpOnly
 * `access_token` cookie (decision 0037); the body carries it only to an API client, never to the site's own
 * calls (those send X-Requested-With).
 */
export const sessionResponse = z
  .object({ accessToken: z.string().optional(), profile })
  .meta({ id: "Session" });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** POST /api/player/register */
export const registerBody = z.looseObject({
  email: emailText,
  password: passwordText,
  password_confirmation: passwordText,
  currency: text,
  country: text,
  agreements: yes,
  receiveEmailPromo: yes,
  bonusCode: text,
  ...countryFields,
  ...tracking,
});
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * POST /api/player/register/phone: the first call (no `code`) sends an SMS code; the second, with the code,
 * creates the player and logs in.
 */
export const registerPhoneBody = z.looseObject({
  phone: text,
  code: text,
  password: passwordText,
  currency: text,
  country: text,
  agreements: yes,
  bonusCode: text,
  ...countryFields,
  ...tracking,
});
export type RegisterPhoneBody = z.infer<typeof registerPhoneBody>;

/** POST /api/player/sessions: `login` is an e-mail address or a phone number. */
export const loginBody = z.looseObject({ login: emailText, password: passwordText, ...tracking });
export type LoginBody = z.infer<typeof loginBody>;

/**
 * POST /api/player/restricted-withdrawal/session (decision 0011): the login's body; answers a short-lived token
 * that only withdraws the balance, for a player whose own break or self-exclusion stops logins.
 */
export const withdrawalSessionResponse = z
  .object({
    accessToken: z.string(),
    /** Seconds the token lasts; then the player signs in for another. */
    expiresIn: z.number().int(),
    restriction: z.object({
      code: z.enum(["self_excluded", "cooling_off"]),
      until: z.string().nullable(),
      message: z.string(),
    }),
  })
  .meta({ id: "WithdrawalSession" });
export type WithdrawalSessionResponse = z.infer<typeof withdrawalSessionResponse>;

/** One row of GET /api/player/sessions. */
export const playerSession = z
  .object({
    id: z.string(),
    device: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: "PlayerSession" });
export type PlayerSession = z.infer<typeof playerSession>;

/** The paged list shape every list call uses. */
export type { Page } from "./paging";

/** GET /api/player/fields/validations?scenario=… */
export type ValidationScenario = "registration" | "profile";

export const avatar = z.object({ id: z.string(), url: z.string(), name: z.string() }).meta({ id: "Avatar" });
export type Avatar = z.infer<typeof avatar>;

/**
 * OTP purposes: phone-verify (POST /otp/send), password-change (POST /otp/email/send), phone-register,
 * phone-login (POST /sessions/phone/code) and phone-reset (POST /passwords/reset with a phone).
 */
export type OtpPurpose =
  | "phone-verify"
  | "password-change"
  | "phone-register"
  | "phone-login"
  | "phone-reset";

/** The answer of a call that changes something and has nothing else to say. */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** The answer of a call that sent a one-time code (SMS or e-mail): it is valid for `expiresIn` seconds. */
export const codeSentResponse = z.object({ ok: z.literal(true), expiresIn: z.number().int() });
export type CodeSentResponse = z.infer<typeof codeSentResponse>;

/**
 * POST /api/player/sessions/phone/code: an SMS code to sign in with, sent when the number is a phone account's
 * proven phone. Always answers CodeSentResponse, so the answer does not tell whether it is (decision 0058).
 */
export const phoneLoginCodeBody = z.looseObject({ phone: text, locale: text });
export type PhoneLoginCodeBody = z.infer<typeof phoneLoginCodeBody>;

/** POST /api/player/sessions/phone: the number and its SMS code; opens a session like any login. */
export const phoneLoginBody = z.looseObject({ phone: text, code: text, ...tracking });
export type PhoneLoginBody = z.infer<typeof phoneLoginBody>;

/** POST /api/player/sessions/token: auto-login with a one-time login token (single use, 5 minutes). */
export const tokenLoginBody = z.looseObject({ token: text, ...tracking });
export type TokenLoginBody = z.infer<typeof tokenLoginBody>;

/** PUT /api/player/profile: any subset of the fields; an omitted field keeps its value, null clears it. */
export const profileUpdateBody = z.looseObject({
  nickname: text,
  firstName: clearable,
  lastName: clearable,
  /** Changing it marks the e-mail unverified again. */
  email: emailText,
  /** Changing it marks the phone unverified again; verify it with /otp/send and /otp/verify. */
  phone: clearable,
  language: text,
  country: clearable,
  currency: clearable,
  timeZone: clearable,
  birthdate: clearable,
  gender: clearable,
  city: clearable,
  address: clearable,
  postalCode: clearable,
  receiveEmailPromo: z.boolean().optional(),
  receiveSmsPromo: z.boolean().optional(),
  /**
   * "I want to receive bonuses": false, no deposit bonus is offered and no bonus code is redeemed; bonuses
   * already held stay until used or cancelled (decision 0068). Asked at sign-up where the country's rules ask it.
   */
  receiveBonus: z.boolean().optional(),
  freshchatRestoreId: clearable,
  fullName: clearable,
  nationality: clearable,
  profession: clearable,
  placeOfBirth: clearable,
  /** Set once: afterwards only support changes it (decision 0061). */
  personalIdNumber: clearable,
  /** Set once, like personalIdNumber. */
  cpf_number: clearable,
  additionalAddress: clearable,
  /** Changing the question needs a new answer with it; the answer is stored hashed, never returned. */
  securityQuestion: clearable,
  securityAnswer: text,
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** PUT /api/player/passwords (answers OkResponse). */
export const passwordChangeBody = z.looseObject({
  currentPassword: passwordText,
  newPassword: passwordText,
  repeatNewPassword: passwordText,
  /** The code of POST /otp/email/send; required when the player has an e-mail (else 422 `errors.code`). */
  code: text,
  /** Closes every other session of the player (their tokens get 401, their sockets drop). */
  closeOtherSessions: z.boolean().optional(),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/**
 * POST /api/player/passwords/reset: an e-mailed link for `email`, or, given `phone` instead, an SMS code for
 * POST /passwords/confirm (decision 0058). The answer is the same whether or not the address is registered.
 */
export const passwordResetBody = z.looseObject({ email: emailText, phone: text, locale: text });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** The answer of POST /api/player/passwords/reset: for a phone, how long the SMS code is valid. */
export const passwordResetResponse = z.object({
  ok: z.literal(true),
  expiresIn: z.number().int().optional(),
});
export type PasswordResetResponse = z.infer<typeof passwordResetResponse>;

/** POST /api/player/passwords/confirm (answers OkResponse; every session of the player is closed). */
export const passwordConfirmBody = z.looseObject({
  /** The last segment of the e-mailed link PUBLIC_URL/password-reset/{resetCode}. */
  resetCode: text,
  /** Instead of `resetCode`: the phone and the SMS code POST /passwords/reset sent it. */
  phone: text,
  code: text,
  password: passwordText,
  password_confirmation: passwordText,
  locale: text,
});
export type PasswordConfirmBody = z.infer<typeof passwordConfirmBody>;

/** POST /api/player/otp/send (answers CodeSentResponse). */
export const otpSendBody = z.looseObject({ phone: text, locale: text });
export type OtpSendBody = z.infer<typeof otpSendBody>;

/** POST /api/player/otp/verify (answers the updated Profile, phone set and verified). */
export const otpVerifyBody = z.looseObject({ phone: text, code: text, locale: text });
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;

/**
 * POST /api/player/profile/email/verify/confirm (answers OkResponse; works without a bearer token, because the
 * link itself proves the mailbox; refetch the profile to see emailVerified).
 */
export const emailVerifyConfirmBody = z.looseObject({
  /** The last segment of the e-mailed link PUBLIC_URL/verify/{confirmCode}. */
  code: text,
  locale: text,
});
export type EmailVerifyConfirmBody = z.infer<typeof emailVerifyConfirmBody>;

/** GET /api/player/fields/validations?scenario=… */
export const validationsQuery = z.object({ scenario: z.enum(["registration", "profile"]) });
const rule = z.object({
  name: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
  param: z.string().optional(),
});
export const fieldValidationsResponse = z.object({
  scenario: z.enum(["registration", "profile"]),
  fields: z.record(z.string(), z.object({ required: z.boolean(), rules: z.array(rule) })),
});
export interface FieldValidationsResponse {
  scenario: ValidationScenario;
  fields: Record<string, FieldValidation>;
}

/** POST /api/player/avatar/set-avatar (answers the updated Profile). */
export const setAvatarBody = z.looseObject({ avatarId: text, locale: text });
export type SetAvatarBody = z.infer<typeof setAvatarBody>;

/** Whether sports are shown and where their widgets come from (common/sportsbook-widgets.ts). */
export const sportsbookSiteSettings = z.object({
  enabled: z.boolean(),
  provider: z.string(),
  scriptUrl: z.string(),
  apiBase: z.string(),
  clientId: z.string().optional(),
});

const integration = z.object({ id: z.string(), scriptUrl: z.string() });
export const analyticsSiteSettings = z.object({
  gtm: integration.optional(),
  counter: integration.optional(),
  recorder: integration.optional(),
  pixel: z.object({ url: z.string() }).optional(),
  fingerprint: z.object({ monitoring: z.boolean() }).optional(),
  sentry: z.object({ dsn: z.string(), environment: z.string() }).optional(),
  requireConsent: z.boolean(),
}) satisfies z.ZodType<AnalyticsSiteSettings>;
/** Which support chat the site offers, and to whom (common/chat-widget.ts reads it; decision 0018). */
export const chatSiteSettings = z.object({
  provider: z.enum(["built-in", "widget"]),
  /** Guests may chat (CHAT_GUEST_ENABLED); otherwise the chat asks them to sign in. */
  guestEnabled: z.boolean(),
  /** The third-party widget's token and host (CHAT_TOKEN, CHAT_HOST), only with provider `widget`. */
  widget: z.object({ token: z.string(), host: z.string() }).optional(),
});

/** GET /api/player/init: what the site needs before anything else, from the visitor's country and language. */
export const playerInitResponse = z.object({
  country: z.string().nullable(),
  isRestricted: z.boolean(),
  currency: z.string(),
  locale: z.string(),
  /** Identity verification (off, sandbox, sumsub) and whether the documents page is removed (spec point 2). */
  verification: z.object({
    mode: z.enum(["off", "sandbox", "sumsub"]),
    documentsPageHidden: z.boolean(),
  }),
  /** Whether sports are shown and where their widgets come from (issue #15). */
  sportsbook: sportsbookSiteSettings,
  /** Whether the loyalty programme is on (LOYALTY_ENABLED): off, /loyalty and its entries are hidden. */
  loyalty: z.object({ enabled: z.boolean() }),
  /** The integrations the site loads after the first paint (common/analytics.ts; decision 0019). */
  analytics: analyticsSiteSettings.optional(),
  /** Whether the referral programme is on (REFERRAL_ENABLED): off, /referral and its entries are hidden. */
  referral: z.object({ enabled: z.boolean() }),
  /** Days an affiliate's tag and an invitation count for once a landing link stored them (AFFILIATE_TAG_DAYS). */
  affiliateTagDays: z.number().int().positive(),
  /** The support chat (decision 0018): the built-in one, or the third-party widget with its token and host. */
  chat: chatSiteSettings,
});

/** GET /api/dev/outbox?to=&channel= (development and test only): messages the built-in providers kept. */
export type { OutboxEntry } from "./outbox";
