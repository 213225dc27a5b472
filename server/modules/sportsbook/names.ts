import { DEFAULT_LOCALE, isSiteLocale, type SiteLocale } from "#common/i18n/locales";
import { type Catalogue, nameIn, sportCatalogue } from "./catalogue";

/**
 * Names of the catalogue's sports, categories and championships in a locale, as events and bets show them.
 * An id the catalogue does not know (a real feed's newer league) still reads, by its id.
 */
export interface SportNames {
  sport(
    id: number,
    locale?: string,
  ): { name: string; code: string; widgetBgUrl?: string; cardBgUrl?: string; cardImgUrl?: string };
  category(id: number, locale?: string): string;
  championship(id: number, locale?: string): string;
}

/** "ru-RU" → "ru", "pt-BR" → "pt-br"; anything else the default locale. */
function siteLocale(locale: string | undefined): SiteLocale {
  const tag = locale?.toLowerCase();
  if (isSiteLocale(tag)) return tag;
  const language = tag?.split("-")[0];
  return isSiteLocale(language) ? language : DEFAULT_LOCALE;
}

export function catalogueNames(catalogue: Catalogue = sportCatalogue()): SportNames {
  return {
    sport(id, locale) {
      const sport = catalogue.sport(id);
      if (!sport) return { name: `Sport ${id}`, code: `sport-${id}` };
      const { code, widgetBgUrl, cardBgUrl, cardImgUrl } = sport;
      return { name: nameIn(sport, siteLocale(locale)), code, widgetBgUrl, cardBgUrl, cardImgUrl };
    },
    category(id, locale) {
      const category = catalogue.category(id);
      return category ? nameIn(category, siteLocale(locale)) : `Category ${id}`;
    },
    championship(id, locale) {
      const championship = catalogue.championship(id);
      return championship ? nameIn(championship, siteLocale(locale)) : `Championship ${id}`;
    },
  };
}
