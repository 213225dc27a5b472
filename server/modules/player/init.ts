import { countryFromHeader } from "#common/countries";
import { DEFAULT_LOCALE, SITE_LOCALES, type SiteLocale } from "#common/i18n/locales";
import type { Db } from "../../db/client";
import { findCountry, listCurrencies } from "../settings";

/** What the site needs on its first paint, decided from the visitor's headers (spec point 7: GET /player/init). */
export interface PlayerInit {
  country: string | null;
  isRestricted: boolean;
  currency: string;
  locale: SiteLocale;
}

export async function playerInit(
  db: Db,
  headers: { country?: string; acceptLanguage?: string },
): Promise<PlayerInit> {
  const code = countryFromHeader(headers.country);
  const [country, currencies] = await Promise.all([
    code ? findCountry(db, code) : undefined,
    listCurrencies(db, { visibleOnly: true }),
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
