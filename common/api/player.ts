import type { FieldValidation } from "../validation/rules";

/**
 * The player and session calls of spec point 7 as the site and the server both see them. The server answers
 * exactly these shapes; the site reads nothing else. Field names follow the spec (point 3 Profile, point 7
 * bodies); where the spec says "not shown" the shape is ours and documented in docs/decisions/0004-accounts.md.
 */

/** Spec point 3 Profile, plus what the profile screens need. */
export interface Profile {
  id: string;
  nickname: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  /** Whether the phone was confirmed with an SMS code (always sent by the server; optional for old fixtures). */
  phoneVerified?: boolean;
  tgUserId: string | null;
  language: string;
  country: string | null;
  currency: string | null;
  timeZone: string | null;
  birthdate: string | null;
  gender: "male" | "female" | null;
  city: string | null;
  address: string | null;
  postalCode: string | null;
  avatarId: string | null;
  receiveEmailPromo: boolean;
  receiveSmsPromo: boolean;
  freshchatRestoreId: string | null;
  /** True in the answer to the registration that created the player, false afterwards. */
  isNewlyRegistered: boolean;
  /** Player status (settings constants player.playerStatuses). */
  status: number;
  createdAt: string;
}

/** What a login, a registration, an auto-login or a refresh answers. */
export interface SessionResponse {
  accessToken: string;
  profile: Profile;
}

/** POST /api/player/register */
export interface RegisterBody {
  email: string;
  password: string;
  password_confirmation: string;
  currency?: string;
  country?: string;
  agreements: boolean;
  receiveEmailPromo?: boolean;
  bonusCode?: string;
  locale?: string;
  fingerprint?: string;
  frogoFingerprint?: string;
  affiliateTag?: string;
}

/**
 * POST /api/player/register/phone: the first call (no `code`) sends an SMS code; the second, with the code,
 * creates the player and logs in.
 */
export interface RegisterPhoneBody {
  phone: string;
  code?: string;
  password?: string;
  currency?: string;
  country?: string;
  agreements?: boolean;
  fingerprint?: string;
  frogoFingerprint?: string;
  affiliateTag?: string;
}

/** POST /api/player/sessions: `login` is an e-mail address or a phone number. */
export interface LoginBody {
  login: string;
  password: string;
  fingerprint?: string;
  frogoFingerprint?: string;
}

/** One row of GET /api/player/sessions. */
export interface PlayerSession {
  id: string;
  device: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The paged list shape every list call uses. */
export interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; totalPages: number; totalRows: number };
}

/** GET /api/player/fields/validations?scenario=… */
export type ValidationScenario = "registration" | "profile";

export interface Avatar {
  id: string;
  url: string;
  name: string;
}

/** OTP purposes: phone-verify (POST /otp/send), password-change (POST /otp/email/send), phone-register. */
export type OtpPurpose = "phone-verify" | "password-change" | "phone-register";

/** The answer of a call that changes something and has nothing else to say. */
export interface OkResponse {
  ok: true;
}

/** The answer of a call that sent a one-time code (SMS or e-mail): it is valid for `expiresIn` seconds. */
export interface CodeSentResponse {
  ok: true;
  expiresIn: number;
}

/** POST /api/player/sessions/token: auto-login with a one-time login token (single use, 5 minutes). */
export interface TokenLoginBody {
  token: string;
  fingerprint?: string;
  frogoFingerprint?: string;
}

/** PUT /api/player/profile: any subset of the fields; an omitted field keeps its value, null clears it. */
export interface ProfileUpdateBody {
  nickname?: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Changing it marks the e-mail unverified again. */
  email?: string;
  /** Changing it marks the phone unverified again; verify it with /otp/send and /otp/verify. */
  phone?: string | null;
  language?: string;
  country?: string | null;
  currency?: string | null;
  timeZone?: string | null;
  birthdate?: string | null;
  gender?: "male" | "female" | null;
  city?: string | null;
  address?: string | null;
  postalCode?: string | null;
  receiveEmailPromo?: boolean;
  receiveSmsPromo?: boolean;
  freshchatRestoreId?: string | null;
}

/** PUT /api/player/passwords (answers OkResponse). */
export interface PasswordChangeBody {
  currentPassword: string;
  newPassword: string;
  repeatNewPassword: string;
  /** The code of POST /otp/email/send; checked when given. */
  code?: string;
  /** Closes every other session of the player (their tokens get 401, their sockets drop). */
  closeOtherSessions?: boolean;
}

/** POST /api/player/passwords/reset: always answers OkResponse, whether or not the address is registered. */
export interface PasswordResetBody {
  email: string;
}

/** POST /api/player/passwords/confirm (answers OkResponse; every session of the player is closed). */
export interface PasswordConfirmBody {
  /** The last segment of the e-mailed link PUBLIC_URL/password-reset/{resetCode}. */
  resetCode: string;
  password: string;
  password_confirmation: string;
}

/** POST /api/player/otp/send (answers CodeSentResponse). */
export interface OtpSendBody {
  phone: string;
}

/** POST /api/player/otp/verify (answers the updated Profile, phone set and verified). */
export interface OtpVerifyBody {
  phone: string;
  code: string;
}

/**
 * POST /api/player/profile/email/verify/confirm (answers OkResponse; works without a bearer token, because the
 * link itself proves the mailbox; refetch the profile to see emailVerified).
 */
export interface EmailVerifyConfirmBody {
  /** The last segment of the e-mailed link PUBLIC_URL/verify/{confirmCode}. */
  code: string;
}

/** GET /api/player/fields/validations?scenario=… */
export interface FieldValidationsResponse {
  scenario: ValidationScenario;
  fields: Record<string, FieldValidation>;
}

/** POST /api/player/avatar/set-avatar (answers the updated Profile). */
export interface SetAvatarBody {
  avatarId: string;
}

/** GET /api/dev/outbox?to=&channel= (development and test only): messages the built-in providers kept. */
export type { OutboxEntry } from "./outbox";
