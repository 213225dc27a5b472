import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { NotificationMessage, NotificationMeta, PushNotification } from "#common/api/notification";
import { pageMetaOf } from "#common/api/paging";
import { NOTIFICATION_STATE } from "#common/constants";
import type { Db } from "../../db/client";
import { notificationMessages, notificationPushes } from "./tables";

/**
 * A player's messages and pushes: listed newest first, read, read all, deleted (messages only) — every call on
 * the caller's own rows, so someone else's id simply changes nothing.
 */

type MessageRow = typeof notificationMessages.$inferSelect;
type PushRow = typeof notificationPushes.$inferSelect;

export const messageView = (r: MessageRow): NotificationMessage => ({
  id: String(r.id),
  readAt: r.readAt?.toISOString() ?? null,
  state: r.readAt ? NOTIFICATION_STATE.read : NOTIFICATION_STATE.unread,
  kind: r.kind,
  content: { title: r.title, body: r.body, url: r.url },
  createdAt: r.createdAt.toISOString(),
});

export const pushView = (r: PushRow): PushNotification => ({
  id: String(r.id),
  readAt: r.readAt?.toISOString() ?? null,
  state: r.readAt ? NOTIFICATION_STATE.read : NOTIFICATION_STATE.unread,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  createdAt: r.createdAt.toISOString(),
});

const ownMessages = (playerId: bigint) =>
  and(eq(notificationMessages.playerId, playerId), isNull(notificationMessages.deletedAt));

export async function unreadMessages(db: Db, playerId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationMessages)
    .where(and(ownMessages(playerId), isNull(notificationMessages.readAt)));
  return row?.n ?? 0;
}

export async function unreadPushes(db: Db, playerId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationPushes)
    .where(and(eq(notificationPushes.playerId, playerId), isNull(notificationPushes.readAt)));
  return row?.n ?? 0;
}

export async function listMessages(
  db: Db,
  playerId: bigint,
  q: { page: number; perPage: number },
): Promise<{ data: NotificationMessage[]; meta: NotificationMeta }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notificationMessages)
      .where(ownMessages(playerId))
      .orderBy(desc(notificationMessages.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({
        rows: count(),
        unread: sql<number>`count(*) filter (where ${notificationMessages.readAt} is null)`.mapWith(Number),
      })
      .from(notificationMessages)
      .where(ownMessages(playerId)),
  ]);
  return {
    data: rows.map(messageView),
    meta: { ...pageMetaOf(q.page, q.perPage, totals?.rows ?? 0), totalUnread: totals?.unread ?? 0 },
  };
}

export async function listPushes(
  db: Db,
  playerId: bigint,
  q: { page: number; perPage: number },
): Promise<{ data: PushNotification[]; meta: NotificationMeta }> {
  const own = eq(notificationPushes.playerId, playerId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notificationPushes)
      .where(own)
      .orderBy(desc(notificationPushes.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({
        rows: count(),
        unread: sql<number>`count(*) filter (where ${notificationPushes.readAt} is null)`.mapWith(Number),
      })
      .from(notificationPushes)
      .where(own),
  ]);
  return {
    data: rows.map(pushView),
    meta: { ...pageMetaOf(q.page, q.perPage, totals?.rows ?? 0), totalUnread: totals?.unread ?? 0 },
  };
}

const bigints = (ids: string[]) => ids.map((id) => BigInt(id));

/** Marks the player's own messages read (all of them without ids); already read ones keep their time. */
export async function readMessages(db: Db, playerId: bigint, now: Date, ids?: string[]) {
  const changed = await db
    .update(notificationMessages)
    .set({ readAt: now })
    .where(
      and(
        ownMessages(playerId),
        isNull(notificationMessages.readAt),
        ids ? inArray(notificationMessages.id, bigints(ids)) : undefined,
      ),
    )
    .returning({ id: notificationMessages.id });
  return { changed: changed.length, totalUnread: await unreadMessages(db, playerId) };
}

export async function deleteMessages(db: Db, playerId: bigint, now: Date, ids: string[]) {
  const changed = await db
    .update(notificationMessages)
    .set({ deletedAt: now })
    .where(and(ownMessages(playerId), inArray(notificationMessages.id, bigints(ids))))
    .returning({ id: notificationMessages.id });
  return { changed: changed.length, totalUnread: await unreadMessages(db, playerId) };
}

export async function readPushes(db: Db, playerId: bigint, now: Date, ids?: string[]) {
  const changed = await db
    .update(notificationPushes)
    .set({ readAt: now })
    .where(
      and(
        eq(notificationPushes.playerId, playerId),
        isNull(notificationPushes.readAt),
        ids ? inArray(notificationPushes.id, bigints(ids)) : undefined,
      ),
    )
    .returning({ id: notificationPushes.id });
  return { changed: changed.length, totalUnread: await unreadPushes(db, playerId) };
}

/** What is written for one player: a message, and a push when `push` is set. Repeating a source key writes nothing. */
export interface Notice {
  playerId: bigint;
  sourceKey: string;
  kind: string;
  title: string;
  body: string;
  url: string | null;
  message: boolean;
  push: boolean;
}

/** Writes notices in the caller's transaction; the delivery step (delivery.ts) publishes and sends them after. */
export async function writeNotices(tx: Db, notices: Notice[]): Promise<void> {
  const messages = notices.filter((n) => n.message);
  const pushes = notices.filter((n) => n.push);
  const row = (n: Notice) => ({
    playerId: n.playerId,
    sourceKey: n.sourceKey,
    kind: n.kind,
    title: n.title,
    body: n.body,
    url: n.url,
  });
  for (let i = 0; i < messages.length; i += 1000)
    await tx
      .insert(notificationMessages)
      .values(messages.slice(i, i + 1000).map(row))
      .onConflictDoNothing({ target: notificationMessages.sourceKey });
  for (let i = 0; i < pushes.length; i += 1000)
    await tx
      .insert(notificationPushes)
      .values(pushes.slice(i, i + 1000).map(row))
      .onConflictDoNothing({ target: notificationPushes.sourceKey });
}
