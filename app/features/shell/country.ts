import { intlLocale, type SiteLocale } from "#common/i18n/locales";

/** A country's name in the visitor's language ("BR" → "Brasil" in pt-br); the code itself if Intl lacks it. */
export function countryName(code: string | null | undefined, locale: SiteLocale): string | undefined {
  if (!code) return undefined;
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
