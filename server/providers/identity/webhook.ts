import { createHmac, timingSafeEqual } from "node:crypto";
import { type IdentityReview, IdentityWebhookRejected } from "./port";

export const DIGEST_HEADER = "x-payload-digest";
export const DIGEST_ALG_HEADER = "x-payload-digest-alg";

/** Sumsub's digest algorithms (X-Payload-Digest-Alg) and the HMAC each names. */
const ALGORITHMS: Record<string, string> = {
  HMAC_SHA1_HEX: "sha1",
  HMAC_SHA256_HEX: "sha256",
  HMAC_SHA512_HEX: "sha512",
};

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return typeof v === "string" ? v : undefined;
};

/** The digest Sumsub sends: hex HMAC of the raw body with the webhook secret. */
export function payloadDigest(secret: string, rawBody: string, alg = "HMAC_SHA256_HEX"): string {
  const hash = ALGORITHMS[alg];
  if (!hash) throw new Error(`Unknown digest algorithm ${alg}`);
  return createHmac(hash, secret).update(rawBody).digest("hex");
}

/** Checks X-Payload-Digest over the exact bytes received; SHA-1 is Sumsub's default when no algorithm is named. */
export function verifyDigest(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): void {
  const alg = header(headers, DIGEST_ALG_HEADER) ?? "HMAC_SHA1_HEX";
  const given = header(headers, DIGEST_HEADER);
  if (!ALGORITHMS[alg]) throw new IdentityWebhookRejected("Unknown digest algorithm");
  if (!given || !/^[0-9a-f]+$/i.test(given)) throw new IdentityWebhookRejected("Missing digest");
  const expected = Buffer.from(payloadDigest(secret, rawBody, alg), "hex");
  const got = Buffer.from(given, "hex");
  if (got.length !== expected.length || !timingSafeEqual(got, expected))
    throw new IdentityWebhookRejected("Bad digest");
}

interface SumsubPayload {
  type?: string;
  externalUserId?: string;
  reviewStatus?: string;
  createdAtMs?: string;
  reviewResult?: { reviewAnswer?: string; moderationComment?: string; rejectLabels?: string[] };
}

/** Sumsub writes times as "2024-05-01 10:20:30.123" in UTC. */
function eventTime(value: string | undefined): Date {
  const t = value ? Date.parse(`${value.replace(" ", "T")}${/[zZ+]/.test(value) ? "" : "Z"}`) : Number.NaN;
  return Number.isNaN(t) ? new Date() : new Date(t);
}

/**
 * Reads a Sumsub applicant event. applicantReviewed decides (GREEN verified, RED rejected); applicantPending
 * means documents are in review; the others (created, on hold, reset…) change nothing here.
 */
export function reviewFromPayload(rawBody: string): IdentityReview | undefined {
  let body: SumsubPayload;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new IdentityWebhookRejected("Body is not JSON");
  }
  if (typeof body.externalUserId !== "string" || typeof body.type !== "string")
    throw new IdentityWebhookRejected("Not an applicant event");
  const at = eventTime(body.createdAtMs);
  if (body.type === "applicantPending")
    return { externalUserId: body.externalUserId, status: "pending", reason: null, at };
  if (body.type !== "applicantReviewed") return undefined;
  const result = body.reviewResult ?? {};
  if (result.reviewAnswer === "GREEN")
    return { externalUserId: body.externalUserId, status: "verified", reason: null, at };
  if (result.reviewAnswer === "RED") {
    const reason = result.moderationComment || result.rejectLabels?.join(", ") || null;
    return { externalUserId: body.externalUserId, status: "rejected", reason, at };
  }
  throw new IdentityWebhookRejected("Unknown review answer");
}
