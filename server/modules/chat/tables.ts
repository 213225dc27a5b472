import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { SupportHours } from "#common/api/admin-support";
import { bigintIdentity, createdAt, numberIdentity, timestamptz, updatedAt } from "../../db/columns";
import { players } from "../player/tables";
import { staff } from "../staff/tables";

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
    /** The staff member who took it in the back office (decision 0054); null while nobody has. */
    assignedStaffId: bigint("assigned_staff_id", { mode: "number" }).references(() => staff.id, {
      onDelete: "set null",
    }),
    assignedAt: timestamptz("assigned_at"),
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
    /** The staff member who wrote an operator message from the back office; null through the operator API. */
    staffId: bigint("staff_id", { mode: "number" }).references(() => staff.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_conversation").on(t.conversationId, t.id)],
);

/** Answers staff insert into a reply (decision 0054); any support member may add or edit one. */
export const supportCannedAnswers = pgTable(
  "support_canned_answers",
  {
    id: numberIdentity(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("support_canned_answers_title").on(sql`lower(${t.title})`)],
);

/** The operator's support settings, one row (id 1): the hours support answers; no row means round the clock. */
export const supportSettings = pgTable(
  "support_settings",
  {
    id: integer("id").primaryKey().default(1),
    hours: jsonb("hours").$type<SupportHours>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("support_settings_one_row", sql`${t.id} = 1`)],
);
