import type { SiteLocale } from "#common/i18n/locales";
import { mergeTexts, type Texts } from "#common/i18n/texts";
import { createTranslator, type I18n } from "./translate";

export type { I18n, TFunction } from "./translate";

/** The content service's directories (spec point 7); each is a namespace of keys: t("layout:header.signIn"). */
export const NAMESPACES = ["layout", "global-components", "alerts", "modals", "fields-settings"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Dictionaries = Record<Namespace, Texts>;

/**
 * How a page names its texts (the root loader's `dictionaries`): each namespace's static file, hashed and kept a
 * year by the browser (scripts/vite-dictionaries.ts), and what the content service answers differently from
 * those files (a fact of this site filled in, `{minAge}`), usually a few texts. The texts themselves are never in
 * the page's data (issue 41).
 */
export interface DictionaryRefs {
  urls: Record<Namespace, string>;
  patch?: Partial<Record<Namespace, Texts>>;
}

/** What a root loader answer carries for the texts. */
export interface RootTexts {
  locale: SiteLocale;
  dictionaries: DictionaryRefs;
}

/** A translator with a locale's texts (tests make their own). */
export function createI18n(locale: SiteLocale, dictionaries: Dictionaries): I18n {
  return createTranslator(locale, dictionaries);
}

/**
 * One translator per locale, made again only when its texts change (a new build, a fact that changed):
 * not one per request. An instance is never switched to another language, so every render may share it.
 */
const instances = new Map<SiteLocale, { key: unknown; i18n: I18n }>();

function instanceFor(locale: SiteLocale, key: unknown, texts: () => Dictionaries | undefined) {
  const kept = instances.get(locale);
  if (kept && kept.key === key) return kept.i18n;
  const dictionaries = texts();
  if (!dictionaries) return undefined;
  const made = createI18n(locale, dictionaries);
  instances.set(locale, { key, i18n: made });
  return made;
}

/** The server render's instance for a locale, from the content service's texts (app/lib/dictionaries.server.ts). */
export function keepServerI18n(locale: SiteLocale, dictionaries: Dictionaries): I18n {
  return instanceFor(locale, dictionaries, () => dictionaries)!;
}

/** The static files this tab has read, by address; a failed read is forgotten, so the next one tries again. */
const files = new Map<string, Promise<Texts>>();
const read = new Map<string, Texts>();

export function loadDictionaryFiles(urls: Record<Namespace, string>): Promise<unknown> {
  return Promise.all(
    Object.values(urls).map((url) => {
      let file = files.get(url);
      if (!file) {
        file = fetch(url).then(async (res) => {
          if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
          const texts = (await res.json()) as Texts;
          read.set(url, texts);
          return texts;
        });
        file.catch(() => files.delete(url));
        files.set(url, file);
      }
      return file;
    }),
  );
}

/**
 * Before hydration: the files the server named in the page's head (`DictionaryLinks`), already on their way since
 * the head was read, so the first render in the browser has the texts the server rendered with (no keys flash).
 */
export function loadPageDictionaries(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>("link[data-dictionary]");
  const urls = Object.fromEntries([...links].map((l) => [l.dataset.dictionary, l.getAttribute("href")]));
  return loadDictionaryFiles(urls as Record<Namespace, string>);
}

/**
 * The instance for a page's texts: on the server, the one its loader kept; in the browser, the static files
 * with the page's patch over them. Undefined in the browser while a file is not read yet.
 */
export function siteI18n(root: RootTexts): I18n | undefined {
  if (typeof window === "undefined") return instances.get(root.locale)?.i18n;
  const { urls, patch } = root.dictionaries;
  return instanceFor(root.locale, JSON.stringify(root.dictionaries), () => {
    const dictionaries: Partial<Dictionaries> = {};
    for (const ns of NAMESPACES) {
      const texts = read.get(urls[ns]);
      if (!texts) return undefined;
      dictionaries[ns] = patch?.[ns] ? mergeTexts(texts, patch[ns]) : texts;
    }
    return dictionaries as Dictionaries;
  });
}

/** One namespace's texts, for what renders outside React's tree (a page's meta tags). */
export function dictionaryOf(root: RootTexts | undefined, ns: Namespace): Texts | undefined {
  return root ? siteI18n(root)?.texts[ns] : undefined;
}

/** A namespace's texts of the root's locale, for a page's meta tags (which get the route matches). */
export function metaTexts<T = Texts>(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  ns: Namespace = "layout",
): T | undefined {
  return dictionaryOf(matches.find((m) => m?.id === "root")?.data as RootTexts | undefined, ns) as
    | T
    | undefined;
}
