import type { DocumentReviewBody, StaffDocument } from "#common/api/admin";
import { type Page, pageMetaOf } from "#common/api/paging";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { documentForStaff, documentsForReview, reviewDocument } from "../documents";
import { type AuditActor, audited } from "../staff";

export type AdminDocumentDeps = Pick<AppDeps, "db" | "clock">;

export async function documentQueue(
  db: Db,
  status: number,
  paging: { page: number; perPage: number },
): Promise<Page<StaffDocument>> {
  const { rows, total } = await documentsForReview(db, { status }, paging);
  return { data: rows, meta: pageMetaOf(paging.page, paging.perPage, total) };
}

/** Approves or declines a pending document (the player reads the reason), with its audit record. */
export async function reviewAsStaff(
  deps: AdminDocumentDeps,
  actor: AuditActor,
  id: string,
  body: DocumentReviewBody,
): Promise<StaffDocument> {
  const before = await documentForStaff(deps.db, id);
  if (!before) throw new ApiError(404, "not_found", "No such document");
  return audited(
    deps.db,
    actor,
    {
      action: `document.${body.decision === "approved" ? "approve" : "decline"}`,
      targetType: "player",
      targetId: before.playerId,
    },
    async (tx) => {
      const decided = await reviewDocument(
        { db: tx, clock: deps.clock },
        BigInt(before.id),
        body.decision === "approved"
          ? { decision: "approved" }
          : { decision: "declined", reason: body.reason ?? "" },
      );
      const after = { ...decided, playerId: before.playerId };
      return {
        before: { document: before.id, status: before.status },
        after: { document: before.id, status: after.status, reason: after.reason },
        result: after,
      };
    },
  );
}
