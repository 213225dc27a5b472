import { and, eq } from "drizzle-orm";
import type { PlayerDocument } from "#common/api/documents";
import { DOCUMENT_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { documentView } from "./service";
import { playerDocuments } from "./tables";

/**
 * The operator's side of documents, for the back office to call (it has no routes yet): decide a pending
 * document once, approved or declined with a reason the player sees. A decided document is not decided again.
 */
export type DocumentDecision = { decision: "approved" } | { decision: "declined"; reason: string };

export async function reviewDocument(
  deps: { db: Db; clock: Clock },
  documentId: bigint,
  review: DocumentDecision,
): Promise<PlayerDocument> {
  if (review.decision === "declined" && !review.reason.trim())
    throw new ApiError(422, "validation_error", "Say why the document is declined", { reason: ["Required"] });
  const [row] = await deps.db
    .update(playerDocuments)
    .set({
      status: review.decision === "approved" ? DOCUMENT_STATUS.approved : DOCUMENT_STATUS.declined,
      reviewedAt: deps.clock.now(),
      reason: review.decision === "declined" ? review.reason.trim().slice(0, 500) : null,
    })
    .where(and(eq(playerDocuments.id, documentId), eq(playerDocuments.status, DOCUMENT_STATUS.pending)))
    .returning();
  if (!row) throw new ApiError(409, "document_not_pending", "The document was already reviewed, or is gone");
  return documentView(row);
}
