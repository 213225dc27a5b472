import type { ContactMessage } from "#common/validation/contact";
import type { Db } from "../../db/client";
import { communications } from "./tables";

/** Who sent a message, for the support team's replies and for spotting abuse. */
export interface SenderMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Keeps a contact message for the support team; the row is the message's only copy. */
export async function storeCommunication(db: Db, message: ContactMessage, sender: SenderMeta) {
  const [row] = await db
    .insert(communications)
    .values({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      locale: message.locale,
      ip: sender.ip,
      // A user agent is informational; an absurdly long one is cut rather than stored whole.
      userAgent: sender.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: communications.id, createdAt: communications.createdAt });
  return row!;
}
