import { intlLocale, isSiteLocale, SITE_LOCALES } from "../i18n/locales";

/** The culture the sportsbook widget falls back to (spec point 5). */
export const DEFAULT_WIDGET_CULTURE = "en-GB";

/** Cultures the widget names differently from the site (spec point 5). */
const CULTURE_ALIASES: Record<string, string> = { "es-MX": "es-ES", "en-US": "en-GB" };

/**
 * The widget's culture for a site locale ("en", "ru", "pt-br") or a language tag ("es-MX"): the site locale's
 * tag, then the spec's aliases (es-MX → es-ES, en-US → en-GB); anything unknown or malformed → en-GB.
 */
export function widgetCulture(locale: string | null | undefined): string {
  const raw = (locale ?? "").trim();
  if (!raw) return DEFAULT_WIDGET_CULTURE;
  const lower = raw.toLowerCase().replace("_", "-");
  const tag = isSiteLocale(lower) ? intlLocale(lower) : raw.replace("_", "-");
  const m = /^([a-zA-Z]{2})-([a-zA-Z]{2})$/.exec(tag);
  if (!m) return DEFAULT_WIDGET_CULTURE;
  const canonical = `${m[1]!.toLowerCase()}-${m[2]!.toUpperCase()}`;
  return CULTURE_ALIASES[canonical] ?? canonical;
}

/**
 * The Intl tag the site writes numbers and money in for a widget culture: the site locale's own tag where a
 * site locale maps to this culture (en-GB ← en → en-US), else the culture itself. The widget writes money as
 * the site around it does (issue 36: "US$4.12" in the slip beside "$42.82").
 */
export function siteIntlOfCulture(culture: string): string {
  return SITE_LOCALES.find((l) => widgetCulture(l.code) === culture)?.intl ?? culture;
}
