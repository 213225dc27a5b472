import shippedTexts from "virtual:site-dictionaries/texts";
import shippedUrls from "virtual:site-dictionaries/urls";
import type { SiteLocale } from "#common/i18n/locales";
import { textsPatch } from "#common/i18n/texts";
import type { Api } from "./api";
import { type Dictionaries, type DictionaryRefs, keepServerI18n, NAMESPACES } from "./i18n";

const TTL_MS = 15 * 60 * 1000;
const cache = new Map<SiteLocale, { at: number; value: Promise<DictionaryRefs> }>();

/**
 * The shell's texts for a locale from the content service, cached 15 minutes (spec point 9; the server fills
 * gaps from the default locale and this site's facts in): the server render's translator is made from
 * them, and the page names the build's static files plus what differs from them.
 */
export function loadDictionaries(api: Api, locale: SiteLocale): Promise<DictionaryRefs> {
  const hit = cache.get(locale);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = api.get("/content/directories", { locale }).then(({ data }) => {
    const texts = data as Dictionaries;
    keepServerI18n(locale, texts);
    const patch: DictionaryRefs["patch"] = {};
    for (const ns of NAMESPACES) {
      const diff = textsPatch(texts[ns] ?? {}, shippedTexts[locale]?.[ns] ?? {});
      if (diff) patch[ns] = diff;
    }
    return { urls: shippedUrls[locale] as DictionaryRefs["urls"], patch };
  });
  value.catch(() => cache.delete(locale));
  cache.set(locale, { at: Date.now(), value });
  return value;
}
