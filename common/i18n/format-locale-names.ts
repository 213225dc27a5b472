import type { FormatLocale } from "./format-locales";

/**
 * Each format locale in its own language, for the settings' list. Written here rather than asked of
 * `Intl.DisplayNames`: Node's and the browser's ICU name some differently, and the list is rendered on the server
 * and hydrated in the browser.
 */
export const FORMAT_LOCALE_NAMES: Record<FormatLocale, string> = {
  en: "English (US)",
  de: "Deutsch",
  fr: "Français",
  es: "Español (España)",
  pt: "Português (Portugal)",
  "pt-br": "Português (Brasil)",
  ru: "Русский",
  tr: "Türkçe",
  hi: "हिन्दी",
  fa: "فارسی",
  uz: "Oʻzbek",
  kk: "Қазақ тілі",
  "es-mx": "Español (México)",
  it: "Italiano",
  et: "Eesti",
  fi: "Suomi",
  el: "Ελληνικά",
  id: "Bahasa Indonesia",
  nb: "Norsk bokmål",
  pl: "Polski",
  ro: "Română",
  se: "Svenska",
  cs: "Čeština",
  da: "Dansk",
  nl: "Nederlands",
};
