import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { DocumentType, PlayerDocument } from "#common/api/documents";
import { DOCUMENT_STATUS } from "#common/constants";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import type { FileStorage } from "../../providers/storage";
import { FileRefused, inspectFile, type SniffedType } from "./inspect";
import { stripMetadata } from "./strip";
import { playerDocuments } from "./tables";

export interface DocumentsDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

type Row = typeof playerDocuments.$inferSelect;

export const documentView = (r: Row): PlayerDocument => ({
  id: String(r.id),
  type: r.type as DocumentType,
  status: r.status as PlayerDocument["status"],
  name: r.name,
  contentType: r.contentType as PlayerDocument["contentType"],
  size: r.size,
  createdAt: r.createdAt.toISOString(),
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
  reason: r.reason,
});

/** At most this many documents wait for review per player: uploads are not free storage. */
export const MAX_PENDING_DOCUMENTS = 20;

const refused = (message: string) => new ApiError(422, "file_refused", message, { file: [message] });

/**
 * The name shown back to the player. A name that tries to point somewhere (a path, `..`, control characters)
 * is refused outright; the rest keeps letters, digits and a few marks. It never names the stored file.
 */
export function displayName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[/\\\x00-\x1f\x7f]|\.\./.test(name)) throw refused("The file name is not allowed");
  const clean = name
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
    .replace(/\s+/g, " ")
    .trim()
    .slice(-100);
  return clean.replace(/^\.+/, "") || "document";
}

/**
 * An upload checked as documents are (decision 0010): a name that points nowhere, a type read from the bytes
 * (JPEG, PNG, HEIC, PDF) with nothing hidden inside, and its metadata stripped. Chat attachments go through it
 * too. Refused with 422 `file_refused`.
 */
export async function checkedUpload(upload: {
  name: string;
  data: Uint8Array;
}): Promise<{ name: string; data: Uint8Array; contentType: SniffedType }> {
  const name = displayName(upload.name);
  try {
    const contentType = inspectFile(upload.data);
    return { name, data: await stripMetadata(upload.data, contentType), contentType };
  } catch (err) {
    if (err instanceof FileRefused) throw refused(err.message);
    throw err;
  }
}

export async function listDocuments(db: Db, playerId: bigint): Promise<PlayerDocument[]> {
  const rows = await db
    .select()
    .from(playerDocuments)
    .where(eq(playerDocuments.playerId, playerId))
    .orderBy(desc(playerDocuments.createdAt), desc(playerDocuments.id));
  return rows.map(documentView);
}

/** Checks the file by its bytes, strips its metadata, stores it under a key of ours and records it as pending. */
export async function uploadDocument(
  deps: DocumentsDeps,
  playerId: bigint,
  upload: { type: DocumentType; name: string; data: Uint8Array },
): Promise<PlayerDocument> {
  const { name, data: stored, contentType } = await checkedUpload(upload);
  const pending = await deps.db.$count(
    playerDocuments,
    and(eq(playerDocuments.playerId, playerId), eq(playerDocuments.status, DOCUMENT_STATUS.pending)),
  );
  if (pending >= MAX_PENDING_DOCUMENTS)
    throw new ApiError(422, "limit_reached", "Wait for your documents to be reviewed before adding more");
  const key = `documents/${playerId}/${randomBytes(16).toString("hex")}`;
  await deps.storage.put(key, stored, contentType);
  const [row] = await deps.db
    .insert(playerDocuments)
    .values({
      playerId,
      type: upload.type,
      name,
      storageKey: key,
      contentType,
      size: stored.byteLength,
      createdAt: deps.clock.now(),
    })
    .returning();
  return documentView(row!);
}

const idOf = (id: string) => (/^\d{1,18}$/.test(id) ? BigInt(id) : undefined);

/** The player's own document; another player's answers exactly as a missing one. */
async function ownDocument(db: Db, playerId: bigint, id: string): Promise<Row> {
  const docId = idOf(id);
  const [row] = docId
    ? await db
        .select()
        .from(playerDocuments)
        .where(and(eq(playerDocuments.id, docId), eq(playerDocuments.playerId, playerId)))
    : [];
  if (!row) throw ApiError.notFound("No such document");
  return row;
}

/** Removes a document still waiting for review, and its file. A reviewed one stays as the record of the review. */
export async function deleteDocument(deps: DocumentsDeps, playerId: bigint, id: string): Promise<void> {
  const row = await ownDocument(deps.db, playerId, id);
  const deleted = await deps.db
    .delete(playerDocuments)
    .where(and(eq(playerDocuments.id, row.id), eq(playerDocuments.status, DOCUMENT_STATUS.pending)))
    .returning({ id: playerDocuments.id });
  if (deleted.length === 0)
    throw new ApiError(409, "document_not_pending", "Only a document waiting for review can be deleted");
  await deps.storage.delete(row.storageKey);
}

/** The stored file, for its owner only. */
export async function documentFile(deps: DocumentsDeps, playerId: bigint, id: string) {
  const row = await ownDocument(deps.db, playerId, id);
  const data = await deps.storage.get(row.storageKey);
  if (!data) throw ApiError.notFound("No such document");
  return { document: documentView(row), data };
}
