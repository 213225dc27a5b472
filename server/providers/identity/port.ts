import type { VerificationStatus } from "#common/api/documents";

/** A verification review the provider reported, after its webhook's digest was checked. */
export interface IdentityReview {
  /** Our player id as the provider knows it (Sumsub's externalUserId). */
  externalUserId: string;
  status: Exclude<VerificationStatus, "unverified">;
  /** The reviewer's words or labels when rejected. */
  reason: string | null;
  /** When the provider made the event: an older one arriving late changes nothing. */
  at: Date;
}

/** The webhook was not signed with the shared secret, or is not a review we understand. */
export class IdentityWebhookRejected extends Error {}

/**
 * Identity verification behind its port: the built-in sandbox or Sumsub. Both speak Sumsub's webhook (its
 * payload and its X-Payload-Digest), so one route receives either.
 */
export interface IdentityVerifier {
  readonly mode: "sandbox" | "sumsub";
  /** A short-lived token for the verification widget; the sandbox adds the page the player goes to. */
  accessToken(externalUserId: string): Promise<{ token: string; url?: string }>;
  /** Checks and reads a review webhook from its raw body; undefined for events that decide nothing. */
  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): IdentityReview | undefined;
}
