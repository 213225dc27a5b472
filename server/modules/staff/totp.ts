import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const WINDOW = 1;

const totpOf = (base32: string, label = "staff") =>
  new TOTP({
    issuer: "Casino back office",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** A new secret (160 bits, RFC 4226's recommended length) and the URI an authenticator app scans. */
export function newTotpSecret(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label).toString() };
}

/** The code of the time step `at` falls in (tests and the demo's documented sign-in). */
export const totpCode = (base32: string, at: Date) => totpOf(base32).generate({ timestamp: at.getTime() });

/**
 * The time step the code belongs to, when it is valid at `now` and later than `lastStep` (a code is accepted
 * once: one overheard or replayed is refused); undefined otherwise.
 */
export function acceptTotp(
  base32: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | undefined {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return undefined;
  const step = TOTP.counter({ period: PERIOD, timestamp: now.getTime() }) + delta;
  if (lastStep !== null && step <= lastStep) return undefined;
  return step;
}

/**
 * Secrets at rest: AES-256-GCM under a key derived from JWT_SECRET (HKDF, purpose `admin-totp`), so a copy of
 * the database alone does not hold the second factors. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function secretBox(jwtSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, "casino-admin", "admin-totp", 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || !body) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

/** Ten recovery codes of 80 random bits each, in base32 and grouped for reading (`abcd-efgh-ijkl-mnop`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () =>
    new Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g)!.join("-"),
  );
}

/** How a recovery code is kept and compared: case and separators do not matter to the person typing it. */
export const recoveryHash = (code: string) =>
  createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("hex");
