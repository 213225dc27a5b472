import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * How game providers sign seamless-wallet calls (the HMAC scheme of PROTOCOLS.md section 3): the hex
 * HMAC-SHA256, under the provider's shared secret, of `${timestamp}.${nonce}.${rawBody}`, sent as
 * X-Casino-Signature with X-Casino-Timestamp (unix seconds) and X-Casino-Nonce. A call more than five minutes
 * off, or with a nonce already seen in that window, is refused as a bad signature.
 */
export const SIGNATURE_HEADER = "x-casino-signature";
export const TIMESTAMP_HEADER = "x-casino-timestamp";
export const NONCE_HEADER = "x-casino-nonce";
export const SIGNATURE_TOLERANCE_S = 300;

export function signWalletCall(
  secret: string,
  rawBody: string,
  now: Date,
  nonce = randomBytes(12).toString("hex"),
) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = createHmac("sha256", secret).update(`${timestamp}.${nonce}.${rawBody}`).digest("hex");
  return { [SIGNATURE_HEADER]: signature, [TIMESTAMP_HEADER]: timestamp, [NONCE_HEADER]: nonce };
}

type Headers = Record<string, string | string[] | undefined>;
const one = (h: Headers, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Remembers nonces for the tolerance window, so a captured call cannot be sent again within it. */
export class NonceMemory {
  private readonly seen = new Map<string, number>();
  remember(key: string, nowMs: number): boolean {
    if (this.seen.size > 10_000) {
      for (const [k, until] of this.seen) if (until <= nowMs) this.seen.delete(k);
    }
    const until = this.seen.get(key);
    if (until !== undefined && until > nowMs) return false;
    this.seen.set(key, nowMs + SIGNATURE_TOLERANCE_S * 2000);
    return true;
  }
}

export function verifyWalletCall(
  secret: string,
  headers: Headers,
  rawBody: string,
  now: Date,
  nonces: NonceMemory,
): { ok: true } | { ok: false; reason: string } {
  const signature = one(headers, SIGNATURE_HEADER);
  const timestamp = one(headers, TIMESTAMP_HEADER);
  const nonce = one(headers, NONCE_HEADER);
  if (!signature || !timestamp || !nonce || !/^\d{1,12}$/.test(timestamp) || !/^[\w-]{8,64}$/.test(nonce))
    return { ok: false, reason: "Missing or malformed signature headers" };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_S)
    return { ok: false, reason: "Stale timestamp" };
  const expected = createHmac("sha256", secret).update(`${timestamp}.${nonce}.${rawBody}`).digest();
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "Bad signature" };
  if (!nonces.remember(nonce, now.getTime())) return { ok: false, reason: "Nonce already used" };
  return { ok: true };
}
