import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  CHAT_EVENTS,
  type ChatConversation,
  type ChatLive,
  type ChatMessage,
  type OperatorConversation,
} from "#common/api/chat";
import { pageMetaOf } from "#common/api/paging";
import { GUEST_CHAT_CHANNEL, playerChannel } from "#common/realtime";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import type { RateLimiter } from "../../lib/rate-limit";
import type { FileStorage } from "../../providers/storage";
import { signChannelToken } from "../../realtime/channel-token";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import { checkedUpload } from "../documents";
import { chatConversations, chatMessages } from "./tables";

export interface ChatDeps {
  db: Db;
  clock: Clock;
  publisher: Publisher;
  storage: FileStorage;
  limiter: RateLimiter;
  /** Signs guests' channel tokens (the server's JWT secret). */
  channelSecret: string;
  ratePerMinute: number;
}

/** Who is chatting on the visitor's side: a signed-in player, or a guest known by the signed guest cookie. */
export type Visitor = { kind: "player"; playerId: bigint } | { kind: "guest"; guestId: string };

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** How many of the latest messages the visitor's panel and the operator's view load. */
export const CHAT_HISTORY = 200;

export const newGuestId = () => randomBytes(18).toString("base64url");

export const channelOf = (v: Visitor) =>
  v.kind === "player" ? playerChannel("chat", v.playerId) : `${GUEST_CHAT_CHANNEL}#${v.guestId}`;

export const visitorOf = (row: ConversationRow): Visitor =>
  row.playerId !== null
    ? { kind: "player", playerId: row.playerId }
    : { kind: "guest", guestId: row.guestId! };

/** Where the visitor listens: their own channel; a guest's comes with the token the hub checks. */
export function chatLive(deps: Pick<ChatDeps, "channelSecret">, v: Visitor): ChatLive {
  const channel = channelOf(v);
  return { channel, token: v.kind === "guest" ? signChannelToken(deps.channelSecret, channel) : null };
}

export const messageView = (m: MessageRow): ChatMessage => ({
  id: String(m.id),
  conversationId: String(m.conversationId),
  author: m.author,
  text: m.body,
  attachment:
    m.attachmentKey && m.attachmentType
      ? {
          name: m.attachmentName ?? "attachment",
          contentType: m.attachmentType as NonNullable<ChatMessage["attachment"]>["contentType"],
          size: m.attachmentSize ?? 0,
        }
      : null,
  createdAt: m.createdAt.toISOString(),
});

const ownerIs = (v: Visitor) =>
  v.kind === "player" ? eq(chatConversations.playerId, v.playerId) : eq(chatConversations.guestId, v.guestId);

async function openConversation(db: Db, v: Visitor): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(ownerIs(v), eq(chatConversations.status, "open")));
  return row;
}

export async function history(db: Db, conversationId: bigint, limit = CHAT_HISTORY): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(messageView);
}

/**
 * A player who chatted as a guest in this browser and signs in takes that conversation along, when they have
 * none open of their own: it is theirs from then on, on every device.
 */
export async function adoptGuestConversation(db: Db, playerId: bigint, guestId: string): Promise<void> {
  const player: Visitor = { kind: "player", playerId };
  if (await openConversation(db, player)) return;
  await db
    .update(chatConversations)
    .set({ playerId, guestId: null })
    .where(and(eq(chatConversations.guestId, guestId), eq(chatConversations.status, "open")))
    .catch(() => undefined); // another request adopted or opened one first: the player keeps that one
}

/** The visitor's open conversation with its latest messages, or null before their first message. */
export async function visitorConversation(db: Db, v: Visitor): Promise<ChatConversation | null> {
  const row = await openConversation(db, v);
  if (!row) return null;
  return {
    id: String(row.id),
    status: row.status,
    unread: row.visitorUnread,
    messages: await history(db, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

const tooMany = (seconds: number) =>
  new ApiError(
    429,
    "too_many_requests",
    `You are sending messages too fast. Please wait ${seconds} second${seconds === 1 ? "" : "s"}.`,
    {},
    { "retry-after": String(seconds) },
  );

/** Counts one message of a visitor against their limit (per player, or per guest). */
export async function countVisitorMessage(deps: Pick<ChatDeps, "limiter" | "ratePerMinute">, v: Visitor) {
  const key = v.kind === "player" ? `chat:player:${v.playerId}` : `chat:guest:${v.guestId}`;
  const hit = await deps.limiter.hit(key, { max: deps.ratePerMinute, windowSeconds: 60 });
  if (!hit.allowed) throw tooMany(hit.retryAfterSeconds);
}

/**
 * A visitor's message: into their open conversation, or a new one. An attachment is checked like a document
 * (type by content, nothing hidden, metadata stripped) and stored behind the storage port before the row is
 * written; the operator's unread count goes up by one.
 */
export async function sendVisitorMessage(
  deps: ChatDeps,
  v: Visitor,
  input: { text: string; file?: { name: string; data: Uint8Array } },
): Promise<{ message: ChatMessage; conversation: { id: string; status: "open" | "closed" } }> {
  const text = input.text.trim();
  if (!text && !input.file)
    throw new ApiError(422, "validation_error", "Write a message or attach a file", {
      text: ["Write a message or attach a file"],
    });
  await countVisitorMessage(deps, v);
  const attachment = input.file ? await storeAttachment(deps.storage, input.file) : undefined;
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    let conversation = await openConversation(tx, v);
    if (!conversation) {
      const [created] = await tx
        .insert(chatConversations)
        .values({
          playerId: v.kind === "player" ? v.playerId : null,
          guestId: v.kind === "guest" ? v.guestId : null,
          createdAt: now,
          lastMessageAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // Two first messages at once: the other one opened it.
      conversation = created ?? (await openConversation(tx, v));
      if (!conversation) throw new Error("no open conversation after opening one");
    }
    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        author: "visitor",
        body: text,
        attachmentKey: attachment?.key,
        attachmentName: attachment?.name,
        attachmentType: attachment?.type,
        attachmentSize: attachment?.size,
        createdAt: now,
      })
      .returning();
    await tx
      .update(chatConversations)
      .set({ operatorUnread: sql`${chatConversations.operatorUnread} + 1`, lastMessageAt: now })
      .where(eq(chatConversations.id, conversation.id));
    return { message: message!, conversation };
  });
  return {
    message: messageView(row.message),
    conversation: { id: String(row.conversation.id), status: row.conversation.status },
  };
}

/** The visitor read what support wrote: their unread count is zero. */
export async function readAsVisitor(db: Db, v: Visitor): Promise<number> {
  await db
    .update(chatConversations)
    .set({ visitorUnread: 0 })
    .where(and(ownerIs(v), eq(chatConversations.status, "open")));
  return 0;
}

export const idOf = (id: string) => (/^\d{1,18}$/.test(id) ? BigInt(id) : undefined);

/**
 * An attachment of the visitor's own conversation (open or closed); another visitor's answers exactly as a
 * missing one.
 */
export async function visitorAttachment(
  deps: Pick<ChatDeps, "db" | "storage">,
  v: Visitor,
  messageId: string,
) {
  const id = idOf(messageId);
  const [row] = id
    ? await deps.db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(and(eq(chatMessages.id, id), ownerIs(v)))
    : [];
  return attachmentOf(deps.storage, row?.message);
}

async function attachmentOf(storage: FileStorage, message: MessageRow | undefined) {
  if (!message?.attachmentKey) throw ApiError.notFound("No such attachment");
  const data = await storage.get(message.attachmentKey);
  if (!data) throw ApiError.notFound("No such attachment");
  return { message: messageView(message), data };
}

// The operator's side.

export async function lastMessages(db: Db, ids: bigint[]): Promise<Map<bigint, ChatMessage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([chatMessages.conversationId])
    .from(chatMessages)
    .where(inArray(chatMessages.conversationId, ids))
    .orderBy(chatMessages.conversationId, desc(chatMessages.id));
  return new Map(rows.map((r) => [r.conversationId, messageView(r)]));
}

const operatorView = (row: ConversationRow, last: ChatMessage | null): OperatorConversation => ({
  id: String(row.id),
  status: row.status,
  playerId: row.playerId === null ? null : String(row.playerId),
  guest: row.playerId === null,
  unread: row.operatorUnread,
  visitorUnread: row.visitorUnread,
  lastMessage: last,
  lastMessageAt: row.lastMessageAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

/** The operator's queue: conversations with unread messages first, then the most recently active. */
export async function listConversations(
  db: Db,
  q: { status: "open" | "closed" | "all"; page: number; perPage: number },
) {
  const where = q.status === "all" ? undefined : eq(chatConversations.status, q.status);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(chatConversations)
      .where(where)
      .orderBy(
        desc(sql`${chatConversations.operatorUnread} > 0`),
        desc(chatConversations.lastMessageAt),
        desc(chatConversations.id),
      )
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({
        rows: sql<number>`count(*)::int`,
        unread: sql<number>`count(*) filter (where ${chatConversations.operatorUnread} > 0)::int`,
      })
      .from(chatConversations)
      .where(where),
  ]);
  const last = await lastMessages(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => operatorView(r, last.get(r.id) ?? null)),
    meta: { ...pageMetaOf(q.page, q.perPage, totals?.rows ?? 0), totalUnread: totals?.unread ?? 0 },
  };
}

export async function conversationById(db: Db, id: string): Promise<ConversationRow> {
  const key = idOf(id);
  const [row] = key ? await db.select().from(chatConversations).where(eq(chatConversations.id, key)) : [];
  if (!row) throw ApiError.notFound("No such conversation");
  return row;
}

/** One conversation with its messages, as the operator reads it. */
export async function operatorConversation(db: Db, id: string) {
  const row = await conversationById(db, id);
  const messages = await history(db, row.id);
  return { ...operatorView(row, messages.at(-1) ?? null), messages };
}

/** The operator read the visitor's messages. */
export async function readAsOperator(db: Db, id: string) {
  const row = await conversationById(db, id);
  const [updated] = await db
    .update(chatConversations)
    .set({ operatorUnread: 0 })
    .where(eq(chatConversations.id, row.id))
    .returning();
  return operatorView(updated!, (await lastMessages(db, [row.id])).get(row.id) ?? null);
}

/** A staff member's answer from the back office (decision 0054): who wrote it, for the audit trail. */
export interface StaffAnswer {
  staffId: number;
  /** Writes the audit record in the answer's transaction. */
  audit: (tx: Db, after: { messageId: string; attachment: string | null }) => Promise<void>;
}

/** Checks a visitor's or staff member's file like a document and stores it behind the storage port. */
export async function storeAttachment(storage: FileStorage, file: { name: string; data: Uint8Array }) {
  const checked = await checkedUpload(file);
  const key = `chat/${randomBytes(16).toString("hex")}`;
  await storage.put(key, checked.data, checked.contentType);
  return { key, name: checked.name, type: checked.contentType, size: checked.data.byteLength };
}

/**
 * The operator's answer: written, the visitor's unread count up by one, the operator's down to zero (they
 * answered what they read), and announced on the visitor's channel once committed. From the back office it
 * may carry an attachment (checked as the visitor's are) and names the staff member who wrote it.
 */
export async function answerAsOperator(
  deps: ChatDeps,
  id: string,
  input: string | { text: string; file?: { name: string; data: Uint8Array } },
  staff?: StaffAnswer,
): Promise<ChatMessage> {
  const { text, file } = typeof input === "string" ? { text: input, file: undefined } : input;
  if (!text.trim() && !file)
    throw new ApiError(422, "validation_error", "Write a message or attach a file", {
      text: ["Write a message or attach a file"],
    });
  const now = deps.clock.now();
  const attachment = file ? await storeAttachment(deps.storage, file) : undefined;
  return afterCommit(deps.publisher, (announce) =>
    deps.db.transaction(async (tx) => {
      const key = idOf(id);
      const [row] = key
        ? await tx.select().from(chatConversations).where(eq(chatConversations.id, key)).for("update")
        : [];
      if (!row) throw ApiError.notFound("No such conversation");
      if (row.status === "closed")
        throw new ApiError(
          409,
          "chat_closed",
          "The conversation is closed; the visitor's next message opens a new one",
        );
      const [message] = await tx
        .insert(chatMessages)
        .values({
          conversationId: row.id,
          author: "operator",
          body: text.trim(),
          attachmentKey: attachment?.key,
          attachmentName: attachment?.name,
          attachmentType: attachment?.type,
          attachmentSize: attachment?.size,
          staffId: staff?.staffId,
          createdAt: now,
        })
        .returning();
      const [updated] = await tx
        .update(chatConversations)
        .set({
          visitorUnread: sql`${chatConversations.visitorUnread} + 1`,
          operatorUnread: 0,
          lastMessageAt: now,
        })
        .where(eq(chatConversations.id, row.id))
        .returning();
      const view = messageView(message!);
      await staff?.audit(tx, { messageId: view.id, attachment: attachment?.name ?? null });
      announce(channelOf(visitorOf(row)), {
        event: CHAT_EVENTS.message,
        data: { message: view, unread: updated!.visitorUnread },
      });
      return view;
    }),
  );
}

/** Closes a conversation; the visitor is told, and their next message opens a new one. */
export async function closeConversation(deps: ChatDeps, id: string): Promise<OperatorConversation> {
  const now = deps.clock.now();
  return afterCommit(deps.publisher, async (announce) => {
    const row = await conversationById(deps.db, id);
    const [updated] = await deps.db
      .update(chatConversations)
      .set({ status: "closed", closedAt: now, visitorUnread: 0 })
      .where(and(eq(chatConversations.id, row.id), eq(chatConversations.status, "open")))
      .returning();
    if (!updated) return operatorView(row, null); // already closed: closing again changes nothing
    announce(channelOf(visitorOf(row)), {
      event: CHAT_EVENTS.closed,
      data: { conversationId: String(row.id) },
    });
    return operatorView(updated, (await lastMessages(deps.db, [row.id])).get(row.id) ?? null);
  });
}

/** An attachment, for the operator. */
export async function operatorAttachment(deps: Pick<ChatDeps, "db" | "storage">, messageId: string) {
  const id = idOf(messageId);
  const [row] = id ? await deps.db.select().from(chatMessages).where(eq(chatMessages.id, id)) : [];
  return attachmentOf(deps.storage, row);
}
