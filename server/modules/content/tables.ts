import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, numberIdentity, updatedAt } from "../../db/columns";

/**
 * Staff's edits of the content service's entries (decision 0028): a banner, a page or a question (FAQ) in one
 * locale, written as its file would be (front matter + Markdown). The content store reads a row before the file
 * of the same kind, identity and locale; a row with no file behind it is an entry that exists only here.
 * Deleting the row reverts the entry to its file.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: numberIdentity(),
    kind: text("kind").notNull(),
    identity: text("identity").notNull(),
    locale: text("locale").notNull(),
    /** The whole text, front matter and body, as the file under content/<locale>/ would hold it. */
    source: text("source").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The staff member who saved it last (the audit trail has the whole history). */
    updatedBy: integer("updated_by"),
  },
  (t) => [
    uniqueIndex("content_entries_kind_identity_locale").on(t.kind, t.identity, t.locale),
    check("content_entries_kind", sql`${t.kind} in ('banner', 'page', 'question')`),
  ],
);
