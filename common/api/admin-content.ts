import { z } from "zod";
import { SITE_LOCALES } from "../i18n/locales";

/**
 * The back office's content (issue #21, decision 0028): home banners, content pages and the FAQ's questions,
 * each per locale, edited over the files under content/<locale>/. The site imports these with `import type`
 * only (decision 0020: a value import changes the site's chunking).
 */

export const CONTENT_KINDS = ["banner", "page", "question"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

const siteLocale = z.enum(SITE_LOCALES.map((l) => l.code) as [(typeof SITE_LOCALES)[number]["code"]]);

/**
 * Where an entry's text in one locale comes from: its file; the file edited by staff (the database's text is
 * served); an entry that exists only in the database; or nothing, so the site shows the default locale's.
 */
export const CONTENT_STATES = ["file", "edited", "new", "missing"] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/** One front matter field of a kind, as the editor's form shows it; the server checks the same rules. */
export const contentField = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(["text", "number", "select"]),
  required: z.boolean(),
  /** The values a select allows (an optional one may also be left empty). */
  options: z.array(z.string()).optional(),
  hint: z.string().optional(),
});
export type ContentField = z.infer<typeof contentField>;

export const contentKindParam = z.object({ kind: z.enum(CONTENT_KINDS) });

/** An entry in the list: its identity, title (in the default locale) and its state in each locale. */
export const adminContentEntrySummary = z.object({
  identity: z.string(),
  title: z.string(),
  states: z.record(z.string(), z.enum(CONTENT_STATES)),
});
export type AdminContentEntrySummary = z.infer<typeof adminContentEntrySummary>;

/** GET /api/admin/content/{kind} */
export const adminContentListAnswer = z.object({
  data: z.object({
    kind: z.enum(CONTENT_KINDS),
    locales: z.array(siteLocale),
    defaultLocale: siteLocale,
    /** The front matter fields of the kind, in the order the form shows them. */
    fields: z.array(contentField),
    /** What the Markdown body is for this kind. */
    bodyLabel: z.string(),
    entries: z.array(adminContentEntrySummary),
    /** How long a browser or CDN may keep an answer of the content service (its max-age). */
    cacheSeconds: z.number().int(),
  }),
});
export type AdminContentList = z.infer<typeof adminContentListAnswer>["data"];

/** The text of an entry: front matter fields and the Markdown body (for a banner, its plain text). */
export const contentText = z.object({
  attributes: z.record(z.string().max(100), z.union([z.string().max(10_000), z.number()])),
  body: z.string().max(200_000),
});
export type ContentText = z.infer<typeof contentText>;

const identity = z.string().min(1).max(200);

export const adminContentEntryQuery = z.object({ identity, locale: siteLocale });

/** GET /api/admin/content/{kind}/entry?identity=&locale= */
export const adminContentEntry = z.object({
  kind: z.enum(CONTENT_KINDS),
  identity: z.string(),
  locale: siteLocale,
  state: z.enum(CONTENT_STATES),
  /** What the site serves in this locale; null when missing (the site shows `fallback`). */
  effective: contentText.nullable(),
  /** The file's text in this locale; null when there is no file. */
  file: contentText.nullable(),
  /** The default locale's text: what a missing translation shows, and what to translate from. */
  fallback: contentText.nullable(),
  /** When the database's text was saved (the audit trail says by whom); null for a file's text. */
  updatedAt: z.string().nullable(),
});
export type AdminContentEntry = z.infer<typeof adminContentEntry>;
export const adminContentEntryAnswer = z.object({ data: adminContentEntry });

/** PUT /api/admin/content/{kind}/entry: the entry's text in one locale (an edit or a translation). */
export const adminContentSaveBody = contentText.extend({ identity, locale: siteLocale });
export type AdminContentSaveBody = z.infer<typeof adminContentSaveBody>;

/** POST /api/admin/content/{kind}: a new entry, only in the database, with its first locale's text. */
export const adminContentCreateBody = adminContentSaveBody;

/** POST /api/admin/content/{kind}/entry/revert: back to the file (an entry with no file is removed). */
export const adminContentRevertBody = z.object({ identity, locale: siteLocale });
