import { z } from "zod";
import { DOCUMENT_STATUS } from "../constants";

/** What a player may upload (spec point 7: POST /api/player/documents, multipart). */
export const DOCUMENT_TYPES = ["id", "proof_of_address", "payment_proof"] as const;
export const documentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentType>;

/** The content types a stored document can have: decided from its bytes, never from its name. */
export const DOCUMENT_CONTENT_TYPES = ["image/jpeg", "image/png", "image/heic", "application/pdf"] as const;

/** One uploaded document as its owner sees it. `status` is `player.document.status` (DOCUMENT_STATUS). */
export const playerDocument = z.object({
  id: z.string(),
  type: documentType,
  status: z.union(Object.values(DOCUMENT_STATUS).map((v) => z.literal(v))),
  /** The file's original name, cleaned for display only; the stored file is named by the server. */
  name: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Why it was declined, from the reviewer. */
  reason: z.string().nullable(),
});
export type PlayerDocument = z.infer<typeof playerDocument>;

export const documentsResponse = z.object({ data: z.array(playerDocument) });

/**
 * The multipart form of an upload: a `type` field and one `file`. The server reads the form itself (streamed,
 * size-capped) and checks it with this schema, so a missing field names itself like any other 422.
 */
export const documentUpload = z.object({
  type: documentType,
  file: z
    .custom<{ name: string; data: Uint8Array }>(
      (v) => typeof v === "object" && v !== null && "data" in v && "name" in v,
      "Choose a file",
    )
    .meta({ type: "string", format: "binary", description: "JPEG, PNG, HEIC or PDF" }),
});

/** How a player's identity is verified: not at all, by the built-in sandbox, or by Sumsub. */
export const IDENTITY_VERIFICATION_MODES = ["off", "sandbox", "sumsub"] as const;
export type IdentityVerificationMode = (typeof IDENTITY_VERIFICATION_MODES)[number];

export const VERIFICATION_STATUSES = ["unverified", "pending", "verified", "rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** GET /api/player/verification: where the player stands, and how the site should start the flow. */
export const verificationResponse = z.object({
  data: z.object({
    mode: z.enum(IDENTITY_VERIFICATION_MODES),
    status: z.enum(VERIFICATION_STATUSES),
    /** Shown when the reviewer rejected, e.g. "Document is expired". */
    reason: z.string().nullable(),
  }),
});

/**
 * POST /api/player/services/sumsub/auth: the Web SDK's access token (spec point 7). With the built-in sandbox,
 * `url` is its hosted page, where a tester approves or rejects.
 */
export const sumsubAuthResponse = z.object({ token: z.string(), url: z.string().optional() });

export const identityWebhookAnswer = z.object({ received: z.literal(true), applied: z.boolean() });
