import { data, type Params, redirect } from "react-router";
import { DEFAULT_LOCALE, isSiteLocale, localePath, type SiteLocale, splitLocale } from "#common/i18n/locales";

/** The 404 of spec point 2: 'Page Not Found: {path}'. */
export function notFound(request: Request): never {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404, statusText: "Not Found" });
}

/** The locale for the shell: the prefix when it is a site locale, otherwise the default (routes 404 on their own). */
export function shellLocale(params: Params): SiteLocale {
  return isSiteLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
}

/**
 * The locale of a route with a `:lang?` prefix. An unknown segment is not a locale, so the page does not exist;
 * the default locale written out (`/en/contact`) redirects to its unprefixed address.
 */
export function routeLocale(params: Params, request: Request): SiteLocale {
  const lang = params.lang;
  if (lang === undefined) return DEFAULT_LOCALE;
  if (!isSiteLocale(lang)) notFound(request);
  if (lang === DEFAULT_LOCALE) {
    const url = new URL(request.url);
    throw redirect(`${splitPrefix(url.pathname)}${url.search}`, 301);
  }
  return lang;
}

function splitPrefix(pathname: string): string {
  return pathname.replace(new RegExp(`^/${DEFAULT_LOCALE}(?=/|$)`), "") || "/";
}

/**
 * For catch-all content routes: `/ru/about` is page "about" in Russian, while `/about` reaches the route with
 * lang = "about" (the router cannot tell), so a segment that is not a locale is part of the page's path.
 */
export function contentRoute(params: Params, request: Request): { locale: SiteLocale; slug: string } {
  const { locale, path } = splitLocale(new URL(request.url).pathname);
  if (params.lang === DEFAULT_LOCALE) routeLocale(params, request);
  return { locale, slug: path.replace(/^\/+|\/+$/g, "") };
}

export { localePath };

/** The loader of a page that needs nothing but its locale (from the `:lang?` prefix, checked as above). */
export function localeLoader({ params, request }: { params: Params; request: Request }) {
  return { locale: routeLocale(params, request) };
}
