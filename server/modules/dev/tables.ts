import { bigserial, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns";

/**
 * Every e-mail and SMS the built-in providers "send": a developer reads them at /api/dev/outbox, tests read
 * them through the service. With a real provider configured, nothing is written here.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt)],
);
