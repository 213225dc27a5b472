/**
 * The locales dates, numbers and money can be shown in (the spec's "Date locales", 25 of them). The interface
 * speaks three languages (SITE_LOCALES); a player may read their dates and amounts in the format they are used
 * to — a German player on the English site sees "3. Dez. 2026" and "1.234,50 $". Each code is the spec's; `intl`
 * is the BCP 47 tag `Intl` wants (the spec's `se` is taken as Swedish, `sv-SE`: Northern Sami, which `se` means in
 * BCP 47, would be a strange one to list beside these, and Swedish is otherwise missing). `name` is each one in
 * its own language, written here rather than asked of `Intl.DisplayNames`: Node's and the browser's ICU name some
 * differently, and the list is rendered on the server and hydrated in the browser.
 */
export const FORMAT_LOCALES = [
  { code: "en", intl: "en-US", name: "English (US)" },
  { code: "de", intl: "de-DE", name: "Deutsch" },
  { code: "fr", intl: "fr-FR", name: "Français" },
  { code: "es", intl: "es-ES", name: "Español (España)" },
  { code: "pt", intl: "pt-PT", name: "Português (Portugal)" },
  { code: "pt-br", intl: "pt-BR", name: "Português (Brasil)" },
  { code: "ru", intl: "ru-RU", name: "Русский" },
  { code: "tr", intl: "tr-TR", name: "Türkçe" },
  { code: "hi", intl: "hi-IN", name: "हिन्दी" },
  { code: "fa", intl: "fa-IR", name: "فارسی" },
  { code: "uz", intl: "uz-UZ", name: "Oʻzbek" },
  { code: "kk", intl: "kk-KZ", name: "Қазақ тілі" },
  { code: "es-mx", intl: "es-MX", name: "Español (México)" },
  { code: "it", intl: "it-IT", name: "Italiano" },
  { code: "et", intl: "et-EE", name: "Eesti" },
  { code: "fi", intl: "fi-FI", name: "Suomi" },
  { code: "el", intl: "el-GR", name: "Ελληνικά" },
  { code: "id", intl: "id-ID", name: "Bahasa Indonesia" },
  { code: "nb", intl: "nb-NO", name: "Norsk bokmål" },
  { code: "pl", intl: "pl-PL", name: "Polski" },
  { code: "ro", intl: "ro-RO", name: "Română" },
  { code: "se", intl: "sv-SE", name: "Svenska" },
  { code: "cs", intl: "cs-CZ", name: "Čeština" },
  { code: "da", intl: "da-DK", name: "Dansk" },
  { code: "nl", intl: "nl-NL", name: "Nederlands" },
] as const;

export type FormatLocale = (typeof FORMAT_LOCALES)[number]["code"];

/** The cookie that keeps a visitor's choice, so the server renders their first paint in it too. */
export const FORMAT_LOCALE_COOKIE = "formatLocale";

export function isFormatLocale(value: string | null | undefined): value is FormatLocale {
  return FORMAT_LOCALES.some((l) => l.code === value);
}

/** The `Intl` tag of a format locale; undefined for anything not in the list. */
export function formatIntl(code: string | null | undefined): string | undefined {
  return FORMAT_LOCALES.find((l) => l.code === code)?.intl;
}

/** The chosen format locale from a Cookie header; null when none or not one of ours. */
export function formatLocaleFromCookie(cookieHeader: string | null | undefined): FormatLocale | null {
  const m = new RegExp(`(?:^|;\\s*)${FORMAT_LOCALE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  const value = m ? decodeURIComponent(m[1]!) : null;
  return isFormatLocale(value) ? value : null;
}
