import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type {
  CannedAnswer,
  SupportChat,
  SupportChatDetail,
  SupportCounts,
  SupportCountsEvent,
  SupportHours,
} from "#common/api/admin-support";
import { ROUND_THE_CLOCK } from "#common/api/admin-support";
import { CHAT_EVENTS } from "#common/api/chat";
import { pageMetaOf } from "#common/api/paging";
import { SUPPORT_EVENTS, SUPPORT_STAFF_CHANNEL } from "#common/realtime";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { signChannelToken } from "../../realtime/channel-token";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import { nicknamesOf, playerEmails } from "../player";
import { type AuditActor, audited, staffNames } from "../staff";
import {
  CHAT_HISTORY,
  channelOf,
  conversationById,
  idOf,
  lastMessages,
  messageView,
  visitorOf,
} from "./service";
import { chatConversations, chatMessages, supportCannedAnswers, supportSettings } from "./tables";

/**
 * The back office's support desk over the chat (decision 0054): the staff's list with who took what, one
 * conversation with the player beside it, taking, closing; and the counts every open inbox hears on the staff
 * channel. Answers go through `answerAsOperator` (service.ts) with the staff member and their audit record.
 */

type ConversationRow = typeof chatConversations.$inferSelect;

/** What waits in the chats now (the contact messages' count is the notification module's). */
export async function chatCounts(
  db: Db,
): Promise<Pick<SupportCounts, "chatsUnread" | "chatsUnassigned" | "chatsOpen">> {
  const [chats] = await db
    .select({
      unread: sql<number>`count(*) filter (where ${chatConversations.operatorUnread} > 0)::int`,
      unassigned: sql<number>`count(*) filter (where ${chatConversations.assignedStaffId} is null)::int`,
      open: sql<number>`count(*)::int`,
    })
    .from(chatConversations)
    .where(eq(chatConversations.status, "open"));
  return {
    chatsUnread: chats?.unread ?? 0,
    chatsUnassigned: chats?.unassigned ?? 0,
    chatsOpen: chats?.open ?? 0,
  };
}

/** The staff channel and its subscription token (decision 0054: counts only; the back office's guard gives it). */
export const supportLive = (channelSecret: string) => ({
  channel: SUPPORT_STAFF_CHANNEL,
  token: signChannelToken(channelSecret, SUPPORT_STAFF_CHANNEL),
});

/**
 * Tells every open inbox what waits in the chats now, read after the change committed (so it is never ahead of
 * the database). A failed announcement is dropped: the next one carries the current counts.
 */
export async function announceSupportCounts(
  deps: { db: Db; publisher: Publisher },
  conversationId: string | bigint | null = null,
): Promise<void> {
  try {
    const data: SupportCountsEvent = {
      counts: await chatCounts(deps.db),
      conversationId: conversationId === null ? null : String(conversationId),
    };
    await deps.publisher.publish(SUPPORT_STAFF_CHANNEL, { event: SUPPORT_EVENTS.counts, data });
  } catch {
    // the inbox reads the counts again when it opens or reconnects
  }
}

type ChatRow = {
  conversation: ConversationRow;
  nickname: string | null;
  email: string | null;
  assigneeName: string | null;
};

/** The rows with the player's nickname and e-mail and the assignee's name, through their modules' faces. */
async function decorate(db: Db, rows: ConversationRow[]): Promise<ChatRow[]> {
  const playerIds = [...new Set(rows.flatMap((r) => (r.playerId === null ? [] : [r.playerId])))];
  const staffIds = [...new Set(rows.flatMap((r) => (r.assignedStaffId === null ? [] : [r.assignedStaffId])))];
  const [nicknames, emails, names] = await Promise.all([
    nicknamesOf(db, playerIds),
    playerEmails(db, playerIds),
    staffNames(db, staffIds),
  ]);
  return rows.map((c) => ({
    conversation: c,
    nickname: c.playerId === null ? null : (nicknames.get(c.playerId) ?? null),
    email: c.playerId === null ? null : (emails.get(c.playerId) ?? null),
    assigneeName: c.assignedStaffId === null ? null : (names.get(c.assignedStaffId) ?? null),
  }));
}

const chatView = (r: ChatRow, last: SupportChat["lastMessage"]): SupportChat => {
  const c = r.conversation;
  return {
    id: String(c.id),
    status: c.status,
    playerId: c.playerId === null ? null : String(c.playerId),
    player: c.playerId === null ? null : { nickname: r.nickname ?? "", email: r.email },
    unread: c.operatorUnread,
    visitorUnread: c.visitorUnread,
    assignee: c.assignedStaffId === null ? null : { id: c.assignedStaffId, name: r.assigneeName ?? "" },
    lastMessage: last,
    lastMessageAt: c.lastMessageAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
  };
};

/** The staff's list: unread first, then the most recently active; only the caller's when `mine`. */
export async function supportChats(
  db: Db,
  staffId: number,
  q: { status: "open" | "closed" | "all"; mine: "0" | "1"; page: number; perPage: number },
) {
  const where: SQL[] = [];
  if (q.status !== "all") where.push(eq(chatConversations.status, q.status));
  if (q.mine === "1") where.push(eq(chatConversations.assignedStaffId, staffId));
  const cond = where.length ? and(...where) : undefined;
  const [conversations, [total]] = await Promise.all([
    db
      .select()
      .from(chatConversations)
      .where(cond)
      .orderBy(
        desc(sql`${chatConversations.operatorUnread} > 0`),
        desc(chatConversations.lastMessageAt),
        desc(chatConversations.id),
      )
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(chatConversations).where(cond),
  ]);
  const rows = await decorate(db, conversations);
  const last = await lastMessages(
    db,
    rows.map((r) => r.conversation.id),
  );
  return {
    data: rows.map((r) => chatView(r, last.get(r.conversation.id) ?? null)),
    meta: pageMetaOf(q.page, q.perPage, total?.n ?? 0),
  };
}

async function chatRow(db: Db, id: string | bigint): Promise<ChatRow> {
  const key = typeof id === "bigint" ? id : idOf(id);
  const found = key ? await db.select().from(chatConversations).where(eq(chatConversations.id, key)) : [];
  const [row] = await decorate(db, found);
  if (!row) throw ApiError.notFound("No such conversation");
  return row;
}

/** One conversation as staff read it: its latest messages, each operator message with the name of who wrote it. */
export async function supportChat(db: Db, id: string): Promise<SupportChatDetail> {
  const row = await chatRow(db, id);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, row.conversation.id))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_HISTORY);
  const names = await staffNames(db, [
    ...new Set(rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId]))),
  ]);
  const messages = rows.reverse().map((r) => ({
    ...messageView(r),
    staffName: r.staffId === null ? null : (names.get(r.staffId) ?? null),
  }));
  const { staffName: _, ...last } = messages.at(-1) ?? { staffName: null };
  return { ...chatView(row, messages.length ? (last as SupportChat["lastMessage"]) : null), messages };
}

/** Staff read the visitor's messages: the unread count is zero, and every inbox hears it. */
export async function readAsStaff(deps: { db: Db; publisher: Publisher }, id: string): Promise<SupportChat> {
  const row = await conversationById(deps.db, id);
  await deps.db.update(chatConversations).set({ operatorUnread: 0 }).where(eq(chatConversations.id, row.id));
  await announceSupportCounts(deps, row.id);
  return summary(deps.db, row.id);
}

async function summary(db: Db, id: bigint): Promise<SupportChat> {
  const row = await chatRow(db, id);
  return chatView(row, (await lastMessages(db, [id])).get(id) ?? null);
}

/**
 * Takes an open conversation: one statement that changes it only while nobody else holds it (or when `force`),
 * so of two members taking it at once exactly one gets it; the other hears 409 `chat_assigned` with who has it.
 */
export async function assignChat(
  deps: { db: Db; publisher: Publisher; now: Date },
  actor: AuditActor & { staffId: number },
  id: string,
  force: boolean,
): Promise<SupportChat> {
  const before = await conversationById(deps.db, id);
  if (before.status === "closed")
    throw new ApiError(
      409,
      "chat_closed",
      "The conversation is closed; the visitor's next message opens a new one",
    );
  if (before.assignedStaffId === actor.staffId) return summary(deps.db, before.id);
  await audited(
    deps.db,
    actor,
    { action: "support.chat.assign", targetType: "chat_conversation", targetId: before.id },
    async (tx) => {
      const [taken] = await tx
        .update(chatConversations)
        .set({ assignedStaffId: actor.staffId, assignedAt: deps.now })
        .where(
          and(
            eq(chatConversations.id, before.id),
            eq(chatConversations.status, "open"),
            force
              ? undefined
              : or(
                  isNull(chatConversations.assignedStaffId),
                  eq(chatConversations.assignedStaffId, actor.staffId),
                ),
          ),
        )
        .returning();
      if (!taken) {
        const holder = await chatRow(tx, before.id);
        throw new ApiError(
          409,
          "chat_assigned",
          holder.conversation.status === "closed"
            ? "The conversation is closed"
            : `${holder.assigneeName ?? "Another staff member"} has taken this conversation`,
        );
      }
      return {
        before: { assignedStaffId: before.assignedStaffId },
        after: { assignedStaffId: taken.assignedStaffId },
        result: undefined,
      };
    },
  );
  await announceSupportCounts(deps, before.id);
  return summary(deps.db, before.id);
}

/** Closes a conversation from the back office: the visitor is told, and their next message opens a new one. */
export async function closeAsStaff(
  deps: { db: Db; publisher: Publisher; now: Date },
  actor: AuditActor,
  id: string,
): Promise<SupportChat> {
  const row = await conversationById(deps.db, id);
  await afterCommit(deps.publisher, (announce) =>
    audited(
      deps.db,
      actor,
      { action: "support.chat.close", targetType: "chat_conversation", targetId: row.id },
      async (tx) => {
        const [closed] = await tx
          .update(chatConversations)
          .set({ status: "closed", closedAt: deps.now, visitorUnread: 0, operatorUnread: 0 })
          .where(and(eq(chatConversations.id, row.id), eq(chatConversations.status, "open")))
          .returning();
        if (closed)
          announce(channelOf(visitorOf(row)), {
            event: CHAT_EVENTS.closed,
            data: { conversationId: String(row.id) },
          });
        return { before: { status: row.status }, after: { status: "closed" }, result: undefined };
      },
    ),
  );
  await announceSupportCounts(deps, row.id);
  return summary(deps.db, row.id);
}

// Canned answers

const cannedView = (r: typeof supportCannedAnswers.$inferSelect): CannedAnswer => ({
  id: String(r.id),
  title: r.title,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
});

export async function cannedAnswers(db: Db): Promise<CannedAnswer[]> {
  const rows = await db.select().from(supportCannedAnswers).orderBy(supportCannedAnswers.title);
  return rows.map(cannedView);
}

const titleTaken = () =>
  new ApiError(409, "canned_title_taken", "A canned answer with this title exists", {
    title: ["Another answer has this title"],
  });

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === "23505" ||
  (err as { cause?: { code?: string } }).cause?.code === "23505";

export async function createCannedAnswer(
  db: Db,
  actor: AuditActor,
  input: { title: string; body: string },
): Promise<CannedAnswer> {
  try {
    return await audited(
      db,
      actor,
      { action: "support.canned.create", targetType: "canned_answer", targetId: null },
      async (tx) => {
        const [row] = await tx.insert(supportCannedAnswers).values(input).returning();
        return { before: null, after: cannedView(row!), result: cannedView(row!) };
      },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw titleTaken();
    throw err;
  }
}

export async function changeCannedAnswer(
  deps: { db: Db; now: Date },
  actor: AuditActor,
  id: string,
  change: { title?: string; body?: string },
): Promise<CannedAnswer> {
  const key = /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  const [before] = key
    ? await deps.db.select().from(supportCannedAnswers).where(eq(supportCannedAnswers.id, key))
    : [];
  if (!before) throw ApiError.notFound("No such canned answer");
  try {
    return await audited(
      deps.db,
      actor,
      { action: "support.canned.change", targetType: "canned_answer", targetId: before.id },
      async (tx) => {
        const [row] = await tx
          .update(supportCannedAnswers)
          .set({ ...change, updatedAt: deps.now })
          .where(eq(supportCannedAnswers.id, before.id))
          .returning();
        return { before: cannedView(before), after: cannedView(row!), result: cannedView(row!) };
      },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw titleTaken();
    throw err;
  }
}

// Hours

/** The hours support answers: round the clock until the operator sets others. */
export async function supportHours(db: Db): Promise<SupportHours> {
  const [row] = await db.select().from(supportSettings).where(eq(supportSettings.id, 1));
  return row?.hours ?? ROUND_THE_CLOCK;
}

export async function setSupportHours(
  deps: { db: Db; now: Date },
  actor: AuditActor,
  hours: SupportHours,
): Promise<SupportHours> {
  const before = await supportHours(deps.db);
  return audited(
    deps.db,
    actor,
    { action: "support.hours.set", targetType: "support_hours", targetId: null },
    async (tx) => {
      await tx
        .insert(supportSettings)
        .values({ id: 1, hours, updatedAt: deps.now })
        .onConflictDoUpdate({ target: supportSettings.id, set: { hours, updatedAt: deps.now } });
      return { before, after: hours, result: hours };
    },
  );
}
