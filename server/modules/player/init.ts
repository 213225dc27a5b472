import { countryFromHeader } from "#common/countries";
import { DEFAULT_LOCALE, SITE_LOCALES, type SiteLocale } from "#common/i18n/locales";
import type { Cache } from "../../cache";
import type { Db } from "../../db/client";
import { countriesByCode, findCountry, listCurrencies, SETTINGS_CACHE } from "../settings/service";

/** What the site needs on its first paint, decided from the visitor's headers (spec point 7: GET /player/init). */
export interface PlayerInit {
  country: string | null;
  isRestricted: boolean;
  currency: string;
  locale: SiteLocale;
}

/**
 * Every page's server render asks for this (the root loader): the country and the currencies are settings,
 * read from memory (SETTINGS_CACHE, invalidated when they change) rather than the database per page (issue #20).
 */
export async function playerInit(
  db: Db,
  headers: { country?: string; acceptLanguage?: string },
  cache?: Cache,
): Promise<PlayerInit> {
  const code = countryFromHeader(headers.country);
  const [country, currencies] = await Promise.all([
    !code
      ? undefined
      : cache
        ? cache.get(SETTINGS_CACHE, "init:countries", () => countriesByCode(db)).then((all) => all.get(code))
        : findCountry(db, code),
    cache
      ? cache.get(SETTINGS_CACHE, "init:currencies", () => listCurrencies(db, { visibleOnly: true }))
      : listCurrencies(db, { visibleOnly: true }),
  ]);
  const base = currencies.find((c) => c.isBase)?.code ?? currencies[0]?.code ?? "USD";
  const local =
    country?.currency && currencies.some((c) => c.code === country.currency) ? country.currency : base;
  return {
    country: code,
    isRestricted: country?.restrict ?? false,
    currency: local,
    locale: siteLocaleFor(country?.locale, headers.acceptLanguage),
  };
}

/** The site locale of the country's language, else the browser's first supported language, else the default. */
export function siteLocaleFor(countryLocale: string | undefined, acceptLanguage = ""): SiteLocale {
  const preferences = [
    ...(countryLocale ? [countryLocale] : []),
    ...acceptLanguage.split(",").map((part) => part.split(";")[0]!.trim()),
  ];
  for (const tag of preferences) {
    const lower = tag.toLowerCase();
    const exact = SITE_LOCALES.find((l) => l.code === lower);
    if (exact) return exact.code;
    const language = lower.split("-")[0];
    const byLanguage = SITE_LOCALES.find((l) => l.code.split("-")[0] === language);
    if (byLanguage && language) return byLanguage.code;
  }
  return DEFAULT_LOCALE;
}
