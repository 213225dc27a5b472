/**
 * The site's languages. A path gets a lowercase locale prefix unless the locale is the default (spec point 2):
 * `/contact` is English, `/ru/contact` Russian, `/pt-br/contact` Brazilian Portuguese.
 */
export const SITE_LOCALES = [
  { code: "en", name: "English", intl: "en-US" },
  { code: "ru", name: "Русский", intl: "ru-RU" },
  { code: "pt-br", name: "Português (Brasil)", intl: "pt-BR" },
] as const;

export type SiteLocale = (typeof SITE_LOCALES)[number]["code"];
export const DEFAULT_LOCALE: SiteLocale = "en";

export type OfferedLocale = { code: SiteLocale; name: string; intl: string };

/**
 * The languages the site offers to switch to: those GET /settings/locales answers as enabled (an operator may turn
 * one off), in its order and with its names, that the site has an interface for. Every site language when the
 * list is unknown or names none of them, so a failed call never leaves a player without a way back.
 */
export function offeredLocales(
  enabled: readonly { code: string; name: string }[] | undefined,
): OfferedLocale[] {
  const offered = (enabled ?? []).flatMap((e) => {
    const site = SITE_LOCALES.find((l) => l.code === e.code);
    return site ? [{ code: site.code, name: e.name || site.name, intl: site.intl }] : [];
  });
  return offered.length > 0 ? offered : SITE_LOCALES.map((l) => ({ ...l }));
}

/** The shape a locale segment may have: two lowercase letters, optionally a dash and two more. */
export const LOCALE_SEGMENT = /^[a-z]{2}(-[a-z]{2})?$/;

export function isSiteLocale(value: string | undefined): value is SiteLocale {
  return SITE_LOCALES.some((l) => l.code === value);
}

/** The BCP 47 tag `Intl` wants for a site locale. */
export function intlLocale(locale: SiteLocale): string {
  return SITE_LOCALES.find((l) => l.code === locale)?.intl ?? "en-US";
}

/** `/contact` in `ru` → `/ru/contact`; the default locale stays unprefixed; `/` in `ru` → `/ru`. */
export function localePath(path: string, locale: SiteLocale): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

/** Splits a pathname into its locale and the rest: `/ru/contact` → { locale: "ru", path: "/contact" }. */
export function splitLocale(pathname: string): { locale: SiteLocale; path: string } {
  const [, first = "", ...rest] = pathname.split("/");
  if (isSiteLocale(first) && first !== DEFAULT_LOCALE) return { locale: first, path: `/${rest.join("/")}` };
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}
