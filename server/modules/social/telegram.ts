import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import {
  isAuthDateInvalidError,
  isSignatureInvalidError,
  isSignatureMissingError,
  validate,
} from "@telegram-apps/init-data-node";

/** The Telegram user a mini-app's initData or a Login Widget payload vouches for. */
export interface TelegramUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  photoUrl: string | null;
}

export type TelegramRefusal = "missing_hash" | "bad_hash" | "stale" | "no_user" | "duplicate_field";

export class TelegramAuthError extends Error {
  constructor(readonly reason: TelegramRefusal) {
    super(`Telegram data refused: ${reason}`);
  }
}

/** A day, as Telegram's docs suggest: initData older than this is refused. */
export const DEFAULT_MAX_AGE_S = 86_400;

const equalHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));

/**
 * Validates a mini-app's raw initData as Telegram says (PROTOCOLS.md section 1) with Telegram's own library
 * (@telegram-apps/init-data-node: HMAC-SHA256 under HMAC-SHA256("WebAppData", botToken), every field but `hash`
 * — `signature` included — sorted `key=value` lines). Freshness is checked here against the injected clock:
 * `auth_date` at most `maxAgeSeconds` old, and not from the future beyond a minute of clock skew.
 */
export function validateInitData(
  raw: string,
  botToken: string,
  now: Date,
  maxAgeSeconds = DEFAULT_MAX_AGE_S,
): { user: TelegramUser; authDate: number; startParam: string | null } {
  const params = new URLSearchParams(raw);
  // A field sent twice would be read one way here and hashed another way: refused outright.
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) throw new TelegramAuthError("duplicate_field");
    seen.add(key);
  }
  try {
    validate(params, botToken, { expiresIn: 0 });
  } catch (err) {
    if (isSignatureMissingError(err)) throw new TelegramAuthError("missing_hash");
    if (isSignatureInvalidError(err)) throw new TelegramAuthError("bad_hash");
    if (isAuthDateInvalidError(err)) throw new TelegramAuthError("stale");
    throw err;
  }
  const authDate = Number(params.get("auth_date"));
  const age = now.getTime() / 1000 - authDate;
  if (!Number.isFinite(authDate) || age > maxAgeSeconds || age < -60) throw new TelegramAuthError("stale");
  let user: Record<string, unknown>;
  try {
    user = JSON.parse(params.get("user") ?? "");
  } catch {
    throw new TelegramAuthError("no_user");
  }
  if (typeof user?.id !== "number" && typeof user?.id !== "string") throw new TelegramAuthError("no_user");
  return {
    user: {
      id: String(user.id),
      firstName: strOrNull(user.first_name),
      lastName: strOrNull(user.last_name),
      username: strOrNull(user.username),
      languageCode: strOrNull(user.language_code),
      photoUrl: strOrNull(user.photo_url),
    },
    authDate,
    startParam: params.get("start_param"),
  };
}

/**
 * Validates a website Login Widget payload (the legacy widget): the secret is SHA-256(botToken) itself, and
 * the hash covers every other field of the payload the same sorted `key=value` way.
 */
export function validateLoginWidget(
  payload: Record<string, unknown>,
  botToken: string,
  now: Date,
  maxAgeSeconds = DEFAULT_MAX_AGE_S,
): TelegramUser {
  const hash = typeof payload.hash === "string" ? payload.hash : "";
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new TelegramAuthError("missing_hash");
  const dataCheckString = Object.entries(payload)
    .filter(([k, v]) => k !== "hash" && v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  if (!equalHex(createHmac("sha256", secret).update(dataCheckString).digest("hex"), hash)) {
    throw new TelegramAuthError("bad_hash");
  }
  const age = now.getTime() / 1000 - Number(payload.auth_date);
  if (!Number.isFinite(age) || age > maxAgeSeconds || age < -60) throw new TelegramAuthError("stale");
  if (payload.id === undefined) throw new TelegramAuthError("no_user");
  return {
    id: String(payload.id),
    firstName: strOrNull(payload.first_name),
    lastName: strOrNull(payload.last_name),
    username: strOrNull(payload.username),
    languageCode: null,
    photoUrl: strOrNull(payload.photo_url),
  };
}

function strOrNull(v: unknown): string | null {
  return typeof v === "string" && v.trim() ? v.trim().slice(0, 200) : null;
}
