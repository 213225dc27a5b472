import { and, eq, sql } from "drizzle-orm";
import type {
  AdminContentEntry,
  AdminContentList,
  AdminContentSaveBody,
  ContentKind,
  ContentState,
  ContentText,
} from "#common/api/admin-content";
import { DEFAULT_LOCALE, SITE_LOCALES, type SiteLocale } from "#common/i18n/locales";
import type { Cache } from "../../cache";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { type AuditActor, audited } from "../staff";
import { BODY_LABELS, type FieldChoices, fieldsOf, isEntryIdentity, sourceOf, validateText } from "./entries";
import { parseFrontMatter } from "./front-matter";
import { CONTENT_CACHE, type ContentOverride, type ContentStore } from "./store";
import { contentEntries } from "./tables";

/**
 * The content service's entries as the back office edits them (decision 0028): banners, pages and questions
 * per locale, over the files. Staff read the database itself (never a cached copy); each change is one
 * transaction with its audit record, and after the commit the content cache scope is invalidated here and,
 * through Redis, in every process, so the site serves the change on its next request.
 */
export interface ContentAdminDeps {
  db: Db;
  cache: Cache;
  /** The files under content/ (a store without overrides: what the file says). */
  files: ContentStore;
}

const LOCALES = SITE_LOCALES.map((l) => l.code) as SiteLocale[];

/** Every row of staff's edits: what the content store reads before the files. */
export async function contentOverrides(db: Db): Promise<ContentOverride[]> {
  const rows = await db
    .select({
      kind: contentEntries.kind,
      identity: contentEntries.identity,
      locale: contentEntries.locale,
      source: contentEntries.source,
    })
    .from(contentEntries);
  return rows as ContentOverride[];
}

/** The FAQ's categories (the help texts list them) and the banners' images (those the files use). */
async function choicesOf(files: ContentStore): Promise<FieldChoices> {
  const help = await files.readJson(DEFAULT_LOCALE, "help.json");
  const categories = Object.keys(
    ((help?.questions as { categories?: Record<string, unknown> } | undefined)?.categories ?? {}) as object,
  );
  const images = new Set<string>();
  for (const l of LOCALES)
    for (const b of await files.fileBanners(l))
      if (typeof b.text.attributes.image === "string") images.add(b.text.attributes.image);
  return { categories, images: [...images].sort() };
}

async function rowsOf(db: Db, kind: ContentKind, identity?: string) {
  return db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.kind, kind),
        identity === undefined ? undefined : eq(contentEntries.identity, identity),
      ),
    );
}

const stateOf = (edited: boolean, file: boolean): ContentState =>
  edited ? (file ? "edited" : "new") : file ? "file" : "missing";

const titleOf = (text: ContentText | undefined, identity: string) =>
  typeof text?.attributes.title === "string" ? text.attributes.title : identity;

/** Every entry of a kind, with its state in each locale. */
export async function listContent(deps: ContentAdminDeps, kind: ContentKind): Promise<AdminContentList> {
  const rows = await rowsOf(deps.db, kind);
  const fileIds = new Map<SiteLocale, string[]>();
  for (const l of LOCALES) fileIds.set(l, await deps.files.fileIdentities(kind, l));
  // Banners in the default locale's file order; the rest by identity. Entries made by staff after them.
  const ordered = [...new Set([...LOCALES.flatMap((l) => fileIds.get(l)!)])];
  if (kind !== "banner") ordered.sort();
  const created = [...new Set(rows.map((r) => r.identity))].filter((id) => !ordered.includes(id)).sort();
  const entries = [];
  for (const identity of [...ordered, ...created]) {
    const states: Record<string, ContentState> = {};
    for (const l of LOCALES)
      states[l] = stateOf(
        rows.some((r) => r.identity === identity && r.locale === l),
        fileIds.get(l)!.includes(identity),
      );
    // Titled in the default locale (staff's text, else the file's), else in the first locale it has.
    let text: ContentText | undefined;
    for (const l of [DEFAULT_LOCALE, ...LOCALES.filter((x) => x !== DEFAULT_LOCALE)]) {
      const row = rows.find((r) => r.identity === identity && r.locale === l);
      text = row ? parseFrontMatter(row.source) : await deps.files.fileText(kind, identity, l);
      if (text) break;
    }
    entries.push({ identity, title: titleOf(text, identity), states });
  }
  return {
    kind,
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    fields: fieldsOf(kind, await choicesOf(deps.files)),
    bodyLabel: BODY_LABELS[kind],
    entries,
    cacheSeconds: CONTENT_CACHE.ttlMs / 1000,
  };
}

/** Whether the entry exists at all: a file in some locale, or staff's text in some locale. */
async function exists(deps: ContentAdminDeps, db: Db, kind: ContentKind, identity: string) {
  if ((await rowsOf(db, kind, identity)).length > 0) return true;
  for (const l of LOCALES) if (await deps.files.fileText(kind, identity, l)) return true;
  return false;
}

const notFound = (kind: ContentKind, identity: string) => ApiError.notFound(`No ${kind} "${identity}"`);

/** One entry in one locale: what the site serves, the file's text, the default locale's, its state. */
export async function contentEntry(
  deps: ContentAdminDeps,
  kind: ContentKind,
  identity: string,
  locale: SiteLocale,
): Promise<AdminContentEntry> {
  if (!isEntryIdentity(kind, identity)) throw notFound(kind, identity);
  const rows = await rowsOf(deps.db, kind, identity);
  const effectiveIn = async (l: SiteLocale) => {
    const row = rows.find((r) => r.locale === l);
    return row ? parseFrontMatter(row.source) : await deps.files.fileText(kind, identity, l);
  };
  const row = rows.find((r) => r.locale === locale);
  const file = (await deps.files.fileText(kind, identity, locale)) ?? null;
  const fallback = (await effectiveIn(DEFAULT_LOCALE)) ?? null;
  if (!row && !file && !fallback && !(await exists(deps, deps.db, kind, identity)))
    throw notFound(kind, identity);
  return {
    kind,
    identity,
    locale,
    state: stateOf(Boolean(row), Boolean(file)),
    effective: row ? parseFrontMatter(row.source) : file,
    file,
    fallback,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

const refusedIdentity = (kind: ContentKind) =>
  new ApiError(422, "validation_error", "identity: lowercase words joined by hyphens", {
    identity: [
      kind === "page"
        ? "Lowercase letters, digits and single hyphens; nested pages with /"
        : "Lowercase letters, digits and single hyphens",
    ],
  });

/** Edits of one entry (every locale) queue behind each other, so each record's "before" is what it replaced. */
const lockEntry = (tx: Db, kind: ContentKind, identity: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`content:${kind}:${identity}`}, 0))`);

const targetOf = (kind: ContentKind, identity: string, locale: SiteLocale) => ({
  targetType: "content_entry",
  targetId: `${kind}:${identity}:${locale}`,
});

/**
 * Saves staff's text of an entry in a locale (an edit of its file, a translation, or a new entry's text),
 * checked as the content service reads it. `create`: the entry must not exist yet (409 `identity_taken`);
 * otherwise it must (404), so a mistyped identity does not make a new entry.
 */
export async function saveContent(
  deps: ContentAdminDeps,
  actor: AuditActor,
  kind: ContentKind,
  body: AdminContentSaveBody,
  opts: { create: boolean },
): Promise<AdminContentEntry> {
  const { identity, locale } = body;
  if (!isEntryIdentity(kind, identity)) throw opts.create ? refusedIdentity(kind) : notFound(kind, identity);
  const text = validateText(kind, body, await choicesOf(deps.files));
  const source = sourceOf(text);
  await audited(
    deps.db,
    actor,
    {
      action: opts.create ? "content.entry.create" : "content.entry.save",
      ...targetOf(kind, identity, locale),
    },
    async (tx) => {
      await lockEntry(tx, kind, identity);
      const known = await exists(deps, tx, kind, identity);
      if (opts.create && known)
        throw new ApiError(409, "identity_taken", `A ${kind} "${identity}" exists already`, {
          identity: ["Taken"],
        });
      if (!opts.create && !known) throw notFound(kind, identity);
      const [row] = await rowsOf(tx, kind, identity).then((rows) => rows.filter((r) => r.locale === locale));
      const fileText = await deps.files.fileText(kind, identity, locale);
      const before = row
        ? { state: "edited", source: row.source }
        : fileText
          ? { state: "file", source: sourceOf(fileText) }
          : { state: "missing", source: null };
      await tx
        .insert(contentEntries)
        .values({ kind, identity, locale, source, updatedBy: actor.staffId })
        .onConflictDoUpdate({
          target: [contentEntries.kind, contentEntries.identity, contentEntries.locale],
          set: { source, updatedBy: actor.staffId, updatedAt: sql`now()` },
        });
      return { before, after: { state: fileText ? "edited" : "new", source }, result: undefined };
    },
  );
  await deps.cache.invalidate(CONTENT_CACHE.name);
  return contentEntry(deps, kind, identity, locale);
}

/** Drops staff's text of an entry in a locale: the file's shows again; an entry with no file there is gone. */
export async function revertContent(
  deps: ContentAdminDeps,
  actor: AuditActor,
  kind: ContentKind,
  identity: string,
  locale: SiteLocale,
): Promise<AdminContentEntry | null> {
  if (!isEntryIdentity(kind, identity)) throw notFound(kind, identity);
  await audited(
    deps.db,
    actor,
    { action: "content.entry.revert", ...targetOf(kind, identity, locale) },
    async (tx) => {
      await lockEntry(tx, kind, identity);
      const [row] = await tx
        .delete(contentEntries)
        .where(
          and(
            eq(contentEntries.kind, kind),
            eq(contentEntries.identity, identity),
            eq(contentEntries.locale, locale),
          ),
        )
        .returning();
      if (!row) throw ApiError.notFound(`The ${kind} "${identity}" has no edit in ${locale} to revert`);
      const fileText = await deps.files.fileText(kind, identity, locale);
      return {
        before: { state: fileText ? "edited" : "new", source: row.source },
        after: fileText ? { state: "file", source: sourceOf(fileText) } : { state: "missing", source: null },
        result: undefined,
      };
    },
  );
  await deps.cache.invalidate(CONTENT_CACHE.name);
  return contentEntry(deps, kind, identity, locale).catch((err) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });
}
