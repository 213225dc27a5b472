import { z } from "zod";
import { pageMeta, pagingQuery } from "./paging";

/**
 * The built-in support chat (issue #19 part 2, decision 0018). A visitor — a signed-in player, or a guest when
 * guest chat is on — has at most one open conversation with support; an operator answers it through the
 * operator API (docs/chat.md). Messages reach the other side live over the realtime hub (`chat.message`).
 */

export const chatAuthor = z.enum(["visitor", "operator"]);
export type ChatAuthor = z.infer<typeof chatAuthor>;

export const chatAttachment = z
  .object({
    name: z.string(),
    contentType: z.enum(["image/jpeg", "image/png", "image/heic", "application/pdf"]),
    size: z.number().int(),
  })
  .meta({ id: "ChatAttachment" });
export type ChatAttachment = z.infer<typeof chatAttachment>;

export const chatMessage = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    author: chatAuthor,
    text: z.string(),
    attachment: chatAttachment.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatStatus = z.enum(["open", "closed"]);

/** What the visitor sees of their conversation: its messages (oldest first) and what they have not read. */
export const chatConversation = z
  .object({
    id: z.string(),
    status: chatStatus,
    /** Operator messages the visitor has not read. */
    unread: z.number().int(),
    messages: z.array(chatMessage),
    createdAt: z.string(),
  })
  .meta({ id: "ChatConversation" });
export type ChatConversation = z.infer<typeof chatConversation>;

/**
 * Where the visitor hears new messages: a player's own `support:chat#{id}` channel, or a guest's channel with the
 * subscription token the hub checks (a guest connection has no user to own a channel by).
 */
export const chatLive = z.object({ channel: z.string(), token: z.string().nullable() });
export type ChatLive = z.infer<typeof chatLive>;

/** GET /api/chat/conversation: the open conversation (null before the first message) and the live channel. */
export const chatConversationAnswer = z.object({
  data: z.object({
    conversation: chatConversation.nullable(),
    live: chatLive,
    /** A new guest's signed token, to send as `x-chat-guest` from then on; null otherwise. */
    guestToken: z.string().nullable(),
  }),
});
export type ChatConversationAnswer = z.infer<typeof chatConversationAnswer>["data"];

export const CHAT_TEXT_MAX = 2000;
export const chatText = z.string().trim().max(CHAT_TEXT_MAX, `At most ${CHAT_TEXT_MAX} characters`);

/** POST /api/chat/messages as JSON; with an attachment it is a multipart form of `text` and `file`. */
export const chatMessageBody = z.object({
  text: chatText.default(""),
  /** Only in a multipart form (JPEG, PNG, HEIC or PDF): a JSON body cannot carry one. */
  file: z
    .custom<{ name: string; data: Uint8Array }>(
      (v) =>
        typeof v === "object" &&
        v !== null &&
        typeof (v as { name?: unknown }).name === "string" &&
        (v as { data?: unknown }).data instanceof Uint8Array,
      "Choose a file",
    )
    .meta({ type: "string", format: "binary", description: "JPEG, PNG, HEIC or PDF" })
    .optional(),
});
export const chatMessageAnswer = z.object({
  data: z.object({ message: chatMessage, conversation: z.object({ id: z.string(), status: chatStatus }) }),
});

export const chatReadAnswer = z.object({ data: z.object({ unread: z.number().int() }) });

/** What a publication on the visitor's channel carries (`{ event, data }`). */
export const CHAT_EVENTS = { message: "chat.message", closed: "chat.closed" } as const;
export interface ChatMessageEvent {
  message: ChatMessage;
  unread: number;
}
export interface ChatClosedEvent {
  conversationId: string;
}

// The operator's side (bearer CHAT_OPERATOR_TOKEN).

export const operatorConversation = z
  .object({
    id: z.string(),
    status: chatStatus,
    /** The player's id, or null for a guest. */
    playerId: z.string().nullable(),
    guest: z.boolean(),
    /** Visitor messages the operator has not read. */
    unread: z.number().int(),
    /** Operator messages the visitor has not read. */
    visitorUnread: z.number().int(),
    lastMessage: chatMessage.nullable(),
    lastMessageAt: z.string(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorChatConversation" });
export type OperatorConversation = z.infer<typeof operatorConversation>;

export const operatorConversationsQuery = pagingQuery({ perPage: 20, maxPerPage: 100 }).extend({
  status: z.enum(["open", "closed", "all"]).default("open"),
});
export const operatorConversationsAnswer = z.object({
  data: z.array(operatorConversation),
  meta: pageMeta.extend({ totalUnread: z.number().int() }),
});
export const operatorConversationAnswer = z.object({
  data: operatorConversation.extend({ messages: z.array(chatMessage) }),
});
export const operatorAnswerBody = z.object({ text: chatText.min(1, "Write a message") });
export const operatorMessageAnswer = z.object({ data: chatMessage });
export const operatorConversationChange = z.object({ data: operatorConversation });
