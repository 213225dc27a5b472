import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";

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

/**
 * Remembers nonces for the tolerance window (both sides of now), so a captured call cannot be sent again within
 * it. Answers false for a nonce already seen.
 */
export interface NonceStore {
  remember(nonce: string, nowMs: number): Promise<boolean>;
}

const NONCE_TTL_MS = SIGNATURE_TOLERANCE_S * 2000;

/** One process's memory: enough for a single server. */
export class NonceMemory implements NonceStore {
  private readonly seen = new Map<string, number>();
  async remember(key: string, nowMs: number): Promise<boolean> {
    if (this.seen.size > 10_000) {
      for (const [k, until] of this.seen) if (until <= nowMs) this.seen.delete(k);
    }
    const until = this.seen.get(key);
    if (until !== undefined && until > nowMs) return false;
    this.seen.set(key, nowMs + NONCE_TTL_MS);
    return true;
  }
}

/** Shared by every process behind a load balancer, so a replay sent to another process is refused too. */
export class RedisNonces implements NonceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "casino:wallet-nonce:",
  ) {}
  async remember(key: string): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}${key}`, "1", "PX", NONCE_TTL_MS, "NX")) === "OK";
  }
}

export async function verifyWalletCall(
  secret: string,
  headers: Headers,
  rawBody: string,
  now: Date,
  nonces: NonceStore,
): Promise<{ ok: true } | { ok: false; reason: string }> {
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
  if (!(await nonces.remember(nonce, now.getTime()))) return { ok: false, reason: "Nonce already used" };
  return { ok: true };
}
