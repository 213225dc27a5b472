import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { ContentKind, ContentText } from "#common/api/admin-content";
import { CONTENT_DIRECTORIES, type ContentDirectory } from "#common/api/content";
import { DEFAULT_LOCALE, isSiteLocale, type SiteLocale } from "#common/i18n/locales";
import type { Cache, CacheScope } from "../../cache";
import { bannerText } from "./entries";
import { parseFrontMatter } from "./front-matter";

/** The content directories of spec point 7, one JSON file each per locale: content/<locale>/<directory>.json. */
export { CONTENT_DIRECTORIES, type ContentDirectory };

export const CONTENT_TTL_MS = 15 * 60 * 1000;

/**
 * Everything the content service derives from files and staff's edits, in the app's cache: a staff edit
 * invalidates the scope here and, through Redis, in every process (decision 0028).
 */
export const CONTENT_CACHE: CacheScope = { name: "content", ttlMs: CONTENT_TTL_MS, maxEntries: 5000 };

/** A staff edit of an entry in one locale (the content_entries table), as the store reads it. */
export interface ContentOverride {
  kind: ContentKind;
  identity: string;
  locale: string;
  source: string;
}

/** The folder of content/<locale>/ whose Markdown files are a kind's entries. */
const FOLDERS: Partial<Record<ContentKind, string>> = { page: "pages", question: "questions" };
const kindOfFolder = (folder: string) =>
  (Object.entries(FOLDERS) as [ContentKind, string][]).find(([, f]) => f === folder)?.[0];

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The default locale's text fills every key a translation lacks. */
export function withFallback(fallback: Json, translated: Json): Json {
  const out: Json = { ...fallback };
  for (const [key, value] of Object.entries(translated)) {
    const base = out[key];
    out[key] = isObject(base) && isObject(value) ? withFallback(base, value) : value;
  }
  return out;
}

/**
 * Reads content files from disk, keeping each for 15 minutes so an editor's change shows up without a restart
 * while a busy server reads each file only a few times an hour. With `overrides`, staff's edits (decision 0028)
 * come before the files: `read` and `list` answer an edited entry's text and include entries that exist only
 * in the database. With `cache`, what it keeps lives in the app's CONTENT_CACHE scope, so an edit's
 * invalidation reaches every process.
 */
export class ContentStore {
  private cache = new Map<string, { at: number; value: unknown }>();

  constructor(
    readonly root = resolve("content"),
    private now: () => number = Date.now,
    private opts: { cache?: Cache; overrides?: () => Promise<ContentOverride[]> } = {},
  ) {}

  /** Staff's edits, by kind, locale and identity. */
  private overrideMap(): Promise<Map<string, string>> {
    const load = this.opts.overrides;
    if (!load) return Promise.resolve(new Map());
    return this.cached("overrides", async () => {
      const map = new Map<string, string>();
      for (const o of await load()) map.set(`${o.kind}:${o.locale}:${o.identity}`, o.source);
      return map;
    });
  }

  /** Staff's text of an entry in a locale, when there is one. */
  async override(kind: ContentKind, identity: string, locale: SiteLocale): Promise<string | undefined> {
    return (await this.overrideMap()).get(`${kind}:${locale}:${identity}`);
  }

  /** Identities of the entries of a kind that staff have written in a locale (every locale when omitted). */
  async overrideIdentities(kind: ContentKind, locale?: SiteLocale): Promise<string[]> {
    const out = new Set<string>();
    for (const key of (await this.overrideMap()).keys()) {
      const [k, l, ...rest] = key.split(":");
      if (k === kind && (locale === undefined || l === locale)) out.add(rest.join(":"));
    }
    return [...out];
  }

  /** The entry a content path names ("pages/terms.md" → page "terms"), when it names one. */
  private entryOf(relPath: string): { kind: ContentKind; identity: string } | undefined {
    const match = /^([a-z]+)\/(.+)\.md$/.exec(relPath);
    const kind = match ? kindOfFolder(match[1]!) : undefined;
    return kind ? { kind, identity: match![2]! } : undefined;
  }

  /** A file's parsed JSON, or undefined when the file does not exist. */
  async readJson(locale: SiteLocale, relPath: string): Promise<Json | undefined> {
    const text = await this.read(locale, relPath);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  }

  /** An entry's text: staff's edit when there is one, else the file's; undefined when neither exists. */
  async read(locale: SiteLocale, relPath: string): Promise<string | undefined> {
    const entry = this.entryOf(relPath);
    if (entry) {
      const edited = await this.override(entry.kind, entry.identity, locale);
      if (edited !== undefined) return edited;
    }
    return this.readFile(locale, relPath);
  }

  /** A file's text, or undefined when the file does not exist. */
  readFile(locale: SiteLocale, relPath: string): Promise<string | undefined> {
    return this.cached(`file:${locale}/${relPath}`, async () => {
      try {
        return await readFile(join(this.root, locale, relPath), "utf8");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        return undefined;
      }
    });
  }

  /**
   * Names of the files in a folder of a locale (not recursive), with the entries staff created there that have
   * no file; empty when there are neither.
   */
  async list(locale: SiteLocale, relDir: string): Promise<string[]> {
    const files = await this.listFiles(locale, relDir);
    const kind = kindOfFolder(relDir);
    if (!kind) return files;
    const created = (await this.overrideIdentities(kind, locale))
      .filter((id) => !id.includes("/"))
      .map((id) => `${id}.md`);
    return [...new Set([...files, ...created])];
  }

  /** Names of the files in a folder of a locale (not recursive); empty when the folder does not exist. */
  listFiles(locale: SiteLocale, relDir: string): Promise<string[]> {
    return this.cached(`dir:${locale}/${relDir}`, async () => {
      try {
        const entries = await readdir(join(this.root, locale, relDir), { withFileTypes: true });
        return entries.filter((e) => e.isFile()).map((e) => e.name);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        return [];
      }
    });
  }

  /** Identities of the Markdown files under a folder of a locale, nested ones as "promotions/summer-cup". */
  markdownTree(locale: SiteLocale, relDir: string): Promise<string[]> {
    return this.cached(`tree:${locale}/${relDir}`, async () => {
      try {
        const names = await readdir(join(this.root, locale, relDir), { recursive: true });
        return names
          .map((n) => n.replaceAll("\\", "/"))
          .filter((n) => n.endsWith(".md"))
          .map((n) => n.slice(0, -3))
          .sort();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        return [];
      }
    });
  }

  /** The banners of a locale's own home.json (no fallback), as entries, in the file's order. */
  async fileBanners(locale: SiteLocale): Promise<{ identity: string; text: ContentText }[]> {
    const home = await this.readJson(locale, "home.json");
    const raw = Array.isArray(home?.banners) ? (home.banners as Json[]) : [];
    return raw
      .filter((b) => typeof b.id === "string")
      .map((b) => ({ identity: b.id as string, text: bannerText(b) }));
  }

  /** The identities of a kind's entries that have a file in the locale. */
  async fileIdentities(kind: ContentKind, locale: SiteLocale): Promise<string[]> {
    if (kind === "banner") return (await this.fileBanners(locale)).map((b) => b.identity);
    if (kind === "page") return this.markdownTree(locale, FOLDERS.page!);
    return (await this.listFiles(locale, FOLDERS.question!))
      .filter((n) => n.endsWith(".md"))
      .map((n) => n.slice(0, -3));
  }

  /** An entry's text as its file in the locale has it; undefined when there is no file. */
  async fileText(kind: ContentKind, identity: string, locale: SiteLocale): Promise<ContentText | undefined> {
    if (kind === "banner") return (await this.fileBanners(locale)).find((b) => b.identity === identity)?.text;
    const source = await this.readFile(locale, `${FOLDERS[kind]}/${identity}.md`);
    return source === undefined ? undefined : parseFrontMatter(source);
  }

  /**
   * Anything derived from content (a rendered page, a merged list) kept for the same 15 minutes. The promise
   * is kept, so concurrent callers share one read; a failed load is forgotten at once.
   */
  cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.opts.cache) return this.opts.cache.get(CONTENT_CACHE, key, load);
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < CONTENT_TTL_MS) return hit.value as Promise<T>;
    const value = load();
    this.cache.set(key, { at: this.now(), value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  /** A directory in the locale, completed from the default locale. */
  async directory(directory: ContentDirectory, locale: SiteLocale): Promise<Json> {
    const base = (await this.readJson(DEFAULT_LOCALE, `${directory}.json`)) ?? {};
    if (locale === DEFAULT_LOCALE) return base;
    return withFallback(base, (await this.readJson(locale, `${directory}.json`)) ?? {});
  }
}

/** Any unknown or missing locale is served in the default one. */
export function contentLocale(value: unknown): SiteLocale {
  return typeof value === "string" && isSiteLocale(value) ? value : DEFAULT_LOCALE;
}
