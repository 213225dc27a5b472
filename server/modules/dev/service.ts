import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outboxMessages } from "./tables";

export type OutboxChannel = "email" | "sms";

export interface OutboxMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: Date;
}

/** Keeps one message; the built-in providers call this instead of sending. */
export async function storeMessage(
  db: Db,
  message: { channel: OutboxChannel; recipient: string; subject?: string; text: string; html?: string },
): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    text: message.text,
    html: message.html ?? null,
  });
}

/**
 * The newest messages first, optionally for one recipient (an e-mail compared case-insensitively, or a phone)
 * and channel.
 */
export async function listMessages(
  db: Db,
  filter: { recipient?: string; channel?: OutboxChannel; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const where = [];
  if (filter.recipient)
    where.push(sql`lower(${outboxMessages.recipient}) = ${filter.recipient.toLowerCase()}`);
  if (filter.channel) where.push(eq(outboxMessages.channel, filter.channel));
  return db
    .select()
    .from(outboxMessages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(filter.limit ?? 50);
}
