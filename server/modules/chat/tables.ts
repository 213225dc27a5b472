import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, timestamptz } from "../../db/columns";
import { players } from "../player/tables";

/**
 * A visitor's conversation with support (decision 0018): a player's (it follows them to every device) or a
 * guest's (bound to the signed guest cookie). At most one is open per player and per guest. The unread counts
 * are kept on the row: the operator's list sorts by them and the visitor's badge reads them at once.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: bigintIdentity(),
    playerId: bigint("player_id", { mode: "bigint" }).references(() => players.id, { onDelete: "cascade" }),
    guestId: text("guest_id"),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    /** Visitor messages the operator has not read. */
    operatorUnread: integer("operator_unread").notNull().default(0),
    /** Operator messages the visitor has not read. */
    visitorUnread: integer("visitor_unread").notNull().default(0),
    lastMessageAt: timestamptz("last_message_at").notNull().defaultNow(),
    closedAt: timestamptz("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("chat_conversations_owner", sql`(${t.playerId} is null) <> (${t.guestId} is null)`),
    uniqueIndex("chat_conversations_open_player")
      .on(t.playerId)
      .where(sql`${t.status} = 'open' and ${t.playerId} is not null`),
    uniqueIndex("chat_conversations_open_guest")
      .on(t.guestId)
      .where(sql`${t.status} = 'open' and ${t.guestId} is not null`),
    index("chat_conversations_queue").on(t.status, t.operatorUnread, t.lastMessageAt),
  ],
);

/** One message; an attachment is a checked file behind the storage port, never served from a public path. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigintIdentity(),
    conversationId: bigint("conversation_id", { mode: "bigint" })
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["visitor", "operator"] }).notNull(),
    body: text("body").notNull(),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    attachmentSize: integer("attachment_size"),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_conversation").on(t.conversationId, t.id)],
);
