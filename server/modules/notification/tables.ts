import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SegmentFilter } from "#common/api/admin-messages";
import type { BroadcastBody } from "#common/api/notification";
import { bigintIdentity, createdAt, timestamptz } from "../../db/columns";
import { playerIdColumn } from "../player/tables";
import { staff } from "../staff/tables";

/** Messages sent through the contact form (POST /api/notification/communications). */
export const communications = pgTable(
  "communications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The support desk's state of it (decision 0054): new, answered by e-mail, or marked done. */
    status: text("status", { enum: ["new", "answered", "done"] })
      .notNull()
      .default("new"),
    doneAt: timestamptz("done_at"),
    createdAt: createdAt(),
  },
  (t) => [index("communications_status").on(t.status, t.id)],
);

/** Staff's e-mail replies to a contact message, as sent (decision 0054). */
export const communicationReplies = pgTable(
  "communication_replies",
  {
    id: bigintIdentity(),
    communicationId: bigint("communication_id", { mode: "number" })
      .notNull()
      .references(() => communications.id, { onDelete: "cascade" }),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staff.id, { onDelete: "restrict" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("communication_replies_message").on(t.communicationId, t.id)],
);

/**
 * What the system or an operator tells a player (the header bell; decision 0016). `sourceKey` makes each one
 * written once: the fact's key for a system message, the broadcast and player for an operator's. A deleted
 * message keeps its row (deletedAt) so that the same fact handled again cannot bring it back.
 */
export const notificationMessages = pgTable(
  "notification_messages",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url"),
    sourceKey: text("source_key").notNull(),
    readAt: timestamptz("read_at"),
    deletedAt: timestamptz("deleted_at"),
    /** When it went out on the player's channel; null until the delivery step (delivery.ts) sends it. */
    publishedAt: timestamptz("published_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notification_messages_source_key").on(t.sourceKey),
    index("notification_messages_player").on(t.playerId, t.id),
    index("notification_messages_unpublished").on(t.id).where(sql`${t.publishedAt} is null`),
  ],
);

/** A push: a short notice kept in the push list and delivered to the player's devices (Web Push, the bot). */
export const notificationPushes = pgTable(
  "notification_pushes",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url"),
    sourceKey: text("source_key").notNull(),
    readAt: timestamptz("read_at"),
    /** When it was published and handed to the devices; null until then (retried by the delivery job). */
    deliveredAt: timestamptz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notification_pushes_source_key").on(t.sourceKey),
    index("notification_pushes_player").on(t.playerId, t.id),
    index("notification_pushes_undelivered").on(t.id).where(sql`${t.deliveredAt} is null`),
  ],
);

/** A browser's Web Push subscription (one per device and browser profile); removed when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastDeliveredAt: timestamptz("last_delivered_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint").on(t.endpoint),
    index("push_subscriptions_player").on(t.playerId),
  ],
);

/** An operator's message to a segment (docs/operations.md); the idempotency key makes a retried call send once. */
export const notificationBroadcasts = pgTable("notification_broadcasts", {
  id: bigintIdentity(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  channel: text("channel", { enum: ["message", "push", "both"] }).notNull(),
  segment: jsonb("segment").$type<BroadcastBody["segment"]>().notNull(),
  title: jsonb("title").$type<Record<string, string>>().notNull(),
  body: jsonb("body").$type<Record<string, string>>().notNull(),
  url: text("url"),
  recipients: integer("recipients").notNull(),
  createdAt: createdAt(),
});

/**
 * A staff member's message to a segment (decision 0029). Made in one short call; the batches of the
 * `message-campaigns` job then walk the segment's players in id order from `cursor` up to `lastPlayerId`,
 * writing one delivery row per player (its primary key makes each player's message written once).
 */
export const messageCampaigns = pgTable(
  "message_campaigns",
  {
    id: bigintIdentity(),
    /** The client's key of the compose: the same key again answers this campaign. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    title: jsonb("title").$type<Record<string, string>>().notNull(),
    body: jsonb("body").$type<Record<string, string>>().notNull(),
    url: text("url"),
    inbox: boolean("inbox").notNull(),
    webPush: boolean("web_push").notNull(),
    segment: jsonb("segment").$type<SegmentFilter>().notNull(),
    status: text("status", { enum: ["sending", "sent"] })
      .notNull()
      .default("sending"),
    /** Players in the segment when it was made. */
    targeted: integer("targeted").notNull(),
    /** The newest player when it was made: those who join later are not part of it. */
    lastPlayerId: bigint("last_player_id", { mode: "bigint" }).notNull(),
    /** The last player id the batches went past; the next batch starts after it. */
    cursor: bigint("cursor", { mode: "bigint" }).notNull().default(sql`0`),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [index("message_campaigns_sending").on(t.id).where(sql`${t.status} = 'sending'`)],
);

/**
 * One player of a campaign, written once (the primary key) in the batch's transaction with their inbox
 * message. `push`: none (not asked, or no browser subscribed), pending, sending (claimed: a push goes out at
 * most once), sent or failed.
 */
export const messageCampaignDeliveries = pgTable(
  "message_campaign_deliveries",
  {
    campaignId: bigint("campaign_id", { mode: "bigint" })
      .notNull()
      .references(() => messageCampaigns.id, { onDelete: "cascade" }),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    push: text("push", { enum: ["none", "pending", "sending", "sent", "failed"] }).notNull(),
    createdAt: createdAt(),
    pushedAt: timestamptz("pushed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.playerId] }),
    index("message_campaign_deliveries_push_pending")
      .on(t.campaignId, t.playerId)
      .where(sql`${t.push} = 'pending'`),
  ],
);
