import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookRejected } from "./port";

/** Webhooks older (or further in the future) than this are refused, so a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_S = 300;

export const SIGNATURE_HEADER = "x-sandbox-signature";

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, the scheme most processors use. */
export function signWebhook(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

export function verifyWebhook(secret: string, header: string | undefined, rawBody: string, now: Date): void {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((p) => p.trim().split("=", 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!header || !Number.isInteger(t) || !parts.v1)
    throw new WebhookRejected("Missing or malformed signature");
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_S) throw new WebhookRejected("Stale signature");
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookRejected("Bad signature");
  }
}
