import { bigserial, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns";

/** Messages sent through the contact form (POST /api/notification/communications). */
export const communications = pgTable("communications", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  locale: text("locale").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  createdAt: createdAt(),
});
