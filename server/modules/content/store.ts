import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CONTENT_DIRECTORIES, type ContentDirectory } from "#common/api/content";
import { DEFAULT_LOCALE, isSiteLocale, type SiteLocale } from "#common/i18n/locales";

/** The content directories of spec point 7, one JSON file each per locale: content/<locale>/<directory>.json. */
export { CONTENT_DIRECTORIES, type ContentDirectory };

export const CONTENT_TTL_MS = 15 * 60 * 1000;

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
 * while a busy server reads each file only a few times an hour.
 */
export class ContentStore {
  private cache = new Map<string, { at: number; value: unknown }>();

  constructor(
    readonly root = resolve("content"),
    private now: () => number = Date.now,
  ) {}

  /** A file's parsed JSON, or undefined when the file does not exist. */
  async readJson(locale: SiteLocale, relPath: string): Promise<Json | undefined> {
    const text = await this.read(locale, relPath);
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  }

  /** A file's text, or undefined when the file does not exist. */
  read(locale: SiteLocale, relPath: string): Promise<string | undefined> {
    return this.cached(`file:${locale}/${relPath}`, async () => {
      try {
        return await readFile(join(this.root, locale, relPath), "utf8");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        return undefined;
      }
    });
  }

  /** Names of the files in a folder of a locale (not recursive); empty when the folder does not exist. */
  list(locale: SiteLocale, relDir: string): Promise<string[]> {
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

  /**
   * Anything derived from content (a rendered page, a merged list) kept for the same 15 minutes. The promise
   * is kept, so concurrent callers share one read; a failed load is forgotten at once.
   */
  cached<T>(key: string, load: () => Promise<T>): Promise<T> {
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
