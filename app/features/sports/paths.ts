import { localePath, type SiteLocale } from "#common/i18n/locales";
import {
  liveEventPath,
  liveNowPath,
  navigationPath,
  oddSelectionPath,
  type ParsedSportPath,
  resolveSportPath,
  type SportCategoriesData,
  sportDefinition,
} from "#common/sport";
import type { NavigationDetail, OddSelectionDetail, WidgetRoute } from "#common/sportsbook-widgets";

/**
 * The site's side of the sports addresses. The rules are common/sport's (docs/sport-urls.md); the site adds
 * only its own overview address, `/betting` (the menu's), and the mapping between addresses and the widget's
 * routes.
 */

/** The address of a widget's navigation event, with the locale prefix. */
export function sportPath(detail: NavigationDetail, locale: SiteLocale): string {
  const r = detail.route;
  if (r.page === "overview") return localePath("/betting", locale);
  if (r.page === "live") return liveNowPath(locale);
  // Spec point 2: a click in the live-now carousel goes to /sport/event/{id}.
  if (r.page === "event" && detail.source === "liveNow") return liveEventPath(r.eventId, locale);
  return navigationPath(detail, locale);
}

/** The event page of an odd picked outside the sports pages (the home carousels). */
export function oddPath(detail: OddSelectionDetail, locale: SiteLocale): string {
  return oddSelectionPath(detail, locale, { event: detail.eventName, championship: detail.championshipName });
}

/** The sport's categories data (`/altenar-data/{sport}-categories.json`) in the page's locale, if it has any. */
export type CategoriesOf = (
  sportCode: string,
  locale: SiteLocale,
) => Promise<SportCategoriesData | undefined>;

/**
 * The widget route of a sports address read by common/sport's `parseSportPath`: ids from the query, else the
 * names of an English path found in the sport's categories data. Undefined when the address names no sport
 * page (the page answers 404). A name that matches nothing falls back to the page above it.
 */
export async function sportRoute(
  parsed: ParsedSportPath,
  categoriesOf: CategoriesOf,
): Promise<WidgetRoute | undefined> {
  if (parsed.liveNow) return { page: "live" };
  if (parsed.eventId !== undefined) return { page: "event", eventId: parsed.eventId };
  const sport = parsed.sportId === undefined ? undefined : sportDefinition(parsed.sportId);
  // Only a championship's name, without its sport: never written, and nothing to find it by.
  if (!sport) return parsed.slugs.championship ? undefined : { page: "overview" };
  let ids = parsed;
  if (parsed.slugs.category || parsed.slugs.championship) {
    const data = await categoriesOf(sport.code, parsed.locale);
    if (data) ids = resolveSportPath(parsed, data);
  }
  const [categoryId] = ids.categoryIds;
  const [championshipId] = ids.championshipIds;
  if (championshipId !== undefined)
    return {
      page: "championship",
      sportId: sport.id,
      championshipId,
      ...(categoryId !== undefined ? { categoryId } : {}),
    };
  if (categoryId !== undefined) return { page: "category", sportId: sport.id, categoryId };
  return { page: "sport", sportId: sport.id };
}

/** Whether two addresses name the same sports page (path and query), so a widget echo does not push again. */
export function samePage(a: string, b: string): boolean {
  const ua = new URL(a, "http://x");
  const ub = new URL(b, "http://x");
  ua.searchParams.sort();
  ub.searchParams.sort();
  return ua.pathname === ub.pathname && ua.search === ub.search;
}
