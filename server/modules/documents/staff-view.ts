import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { PlayerDocument } from "#common/api/documents";
import { DOCUMENT_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { type DocumentsDeps, documentView } from "./service";
import { playerDocuments } from "./tables";

/**
 * What the back office (issue #21) reads of players' documents: the review queue, a document's owner and its
 * file. Deciding one is `reviewDocument` (review.ts).
 */

export type StaffDocument = PlayerDocument & { playerId: string };

const staffView = (r: typeof playerDocuments.$inferSelect): StaffDocument => ({
  ...documentView(r),
  playerId: String(r.playerId),
});

/** Documents by status (pending first in, first out), optionally one player's. */
export async function documentsForReview(
  db: Db,
  filter: { status: number; playerId?: bigint },
  paging: { page: number; perPage: number },
): Promise<{ rows: StaffDocument[]; total: number }> {
  const where: SQL[] = [eq(playerDocuments.status, filter.status)];
  if (filter.playerId) where.push(eq(playerDocuments.playerId, filter.playerId));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerDocuments)
      .where(cond)
      .orderBy(asc(playerDocuments.createdAt), asc(playerDocuments.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(playerDocuments).where(cond),
  ]);
  return { rows: rows.map(staffView), total: total?.n ?? 0 };
}

const UNSIGNED = /^\d{1,18}$/;

/** One document with its owner, or undefined. */
export async function documentForStaff(db: Db, id: string): Promise<StaffDocument | undefined> {
  if (!UNSIGNED.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(playerDocuments)
    .where(eq(playerDocuments.id, BigInt(id)));
  return row && staffView(row);
}

/** The stored file of any player's document (staff review it). */
export async function documentFileForStaff(deps: DocumentsDeps, id: string) {
  if (!UNSIGNED.test(id)) throw ApiError.notFound("No such document");
  const [row] = await deps.db
    .select()
    .from(playerDocuments)
    .where(eq(playerDocuments.id, BigInt(id)));
  if (!row) throw ApiError.notFound("No such document");
  const data = await deps.storage.get(row.storageKey);
  if (!data) throw ApiError.notFound("No such document");
  return { document: staffView(row), data };
}

export const PENDING = DOCUMENT_STATUS.pending;
