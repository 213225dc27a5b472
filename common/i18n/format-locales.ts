/**
 * The locales dates, numbers and money can be shown in (the spec's "Date locales", 25 of them). The interface
 * speaks three languages (SITE_LOCALES); a player may read their dates and amounts in the format they are used
 * to — a German player on the English site sees "3. Dez. 2026" and "1.234,50 $". Each code is the spec's; `intl`
 * is the BCP 47 tag `Intl` wants (the spec's `se` is taken as Swedish, `sv-SE`: Northern Sami, which `se` means in
 * BCP 47, would be a strange one to list beside these, and Swedish is otherwise missing). Their names are in
 * format-locale-names.ts, apart, so every page's first paint does not carry them.
 */
export const FORMAT_LOCALES = [
  { code: "en", intl: "en-US" },
  { code: "de", intl: "de-DE" },
  { code: "fr", intl: "fr-FR" },
  { code: "es", intl: "es-ES" },
  { code: "pt", intl: "pt-PT" },
  { code: "pt-br", intl: "pt-BR" },
  { code: "ru", intl: "ru-RU" },
  { code: "tr", intl: "tr-TR" },
  { code: "hi", intl: "hi-IN" },
  { code: "fa", intl: "fa-IR" },
  { code: "uz", intl: "uz-UZ" },
  { code: "kk", intl: "kk-KZ" },
  { code: "es-mx", intl: "es-MX" },
  { code: "it", intl: "it-IT" },
  { code: "et", intl: "et-EE" },
  { code: "fi", intl: "fi-FI" },
  { code: "el", intl: "el-GR" },
  { code: "id", intl: "id-ID" },
  { code: "nb", intl: "nb-NO" },
  { code: "pl", intl: "pl-PL" },
  { code: "ro", intl: "ro-RO" },
  { code: "se", intl: "sv-SE" },
  { code: "cs", intl: "cs-CZ" },
  { code: "da", intl: "da-DK" },
  { code: "nl", intl: "nl-NL" },
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

/** The choice in a Cookie header with its `Intl` tag, as the root loader hands it to the page; null when none. */
export function chosenFormat(
  cookieHeader: string | null | undefined,
): { code: FormatLocale; intl: string } | null {
  const code = formatLocaleFromCookie(cookieHeader);
  const intl = formatIntl(code);
  return code && intl ? { code, intl } : null;
}
