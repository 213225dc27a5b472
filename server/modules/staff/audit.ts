import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { AuditRecord } from "#common/api/admin";
import { type Page, pageMetaOf } from "#common/api/paging";
import type { Db } from "../../db/client";
import { adminAudit, staff } from "./tables";

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number | bigint | null;
}

export interface AuditActor {
  staffId: number | null;
  ip: string | null;
}

/** JSON of a state for the trail: bigints as text, dates as ISO strings. */
const plain = (v: unknown): unknown =>
  v === undefined ? null : JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? String(x) : x)));

/** Writes one audit record (in the caller's transaction when `db` is one). */
export async function recordAudit(
  db: Db,
  actor: AuditActor,
  entry: AuditEntry,
  before: unknown,
  after: unknown,
): Promise<void> {
  await db.insert(adminAudit).values({
    staffId: actor.staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: plain(before),
    after: plain(after),
    ip: actor.ip,
  });
}

/**
 * Runs a staff action and its audit record in one transaction (decision 0020): `change` reads the state before,
 * changes it and answers the state after; a change whose record cannot be written does not happen, and a
 * change that throws leaves no record.
 */
export async function audited<T>(
  db: Db,
  actor: AuditActor,
  entry: AuditEntry,
  change: (tx: Db) => Promise<{ before: unknown; after: unknown; result: T }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { before, after, result } = await change(tx);
    await recordAudit(tx, actor, entry, before, after);
    return result;
  });
}

/** The trail, newest first, by target and/or staff member. */
export async function listAudit(
  db: Db,
  filter: { targetType?: string; targetId?: string; staffId?: number },
  paging: { page: number; perPage: number },
): Promise<Page<AuditRecord>> {
  const where: SQL[] = [];
  if (filter.targetType) where.push(eq(adminAudit.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(adminAudit.targetId, filter.targetId));
  if (filter.staffId) where.push(eq(adminAudit.staffId, filter.staffId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: adminAudit, staffName: staff.name })
      .from(adminAudit)
      .leftJoin(staff, eq(staff.id, adminAudit.staffId))
      .where(cond)
      .orderBy(desc(adminAudit.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(adminAudit).where(cond),
  ]);
  return {
    data: rows.map(({ a, staffName }) => ({
      id: String(a.id),
      staff: staffName,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      before: a.before,
      after: a.after,
      ip: a.ip,
      createdAt: a.createdAt.toISOString(),
    })),
    meta: pageMetaOf(paging.page, paging.perPage, total?.n ?? 0),
  };
}
