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

/** OTP purposes (POST /api/player/otp/send {purpose, phone?}). */
export type OtpPurpose = "phone-verify" | "password-change";
