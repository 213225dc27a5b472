import { DEFAULT_LOCALE, intlLocale, isSiteLocale, localePath, type SiteLocale } from "#common/i18n/locales";
import { slugify } from "#common/slug";
import type { NavigationDetail, WidgetRoute } from "#common/sportsbook-widgets";

/**
 * The sports pages' addresses (spec point 2) and the widget culture (spec point 5).
 *
 *   /betting                                  overview (also /sport)
 *   /sport/live                               live now
 *   /sport/{sport-code}                       a sport
 *   /sport/{sport-code}/{category}            a category (a country, an e-sports title)
 *   /sport/{sport-code}/{category}/{champ}    a championship
 *   /sport/{champ}/{eventId}-{event-name}     an event
 *   /sport/event/{eventId}                    an event clicked in the live-now carousel
 *
 * Names are slugged (common/slug.ts). Category and championship ids ride in the query (categoryIds,
 * championshipIds) when there is more than one, or when the locale is not English (translated names are not
 * unique enough to find them by); otherwise the page finds them by name.
 */

export interface ParsedSportPath {
  page: WidgetRoute["page"];
  eventId?: number;
  sportCode?: string;
  categorySlug?: string;
  championshipSlug?: string;
  categoryIds: number[];
  championshipIds: number[];
}

const ids = (value: string | null): number[] =>
  (value ?? "")
    .split(",")
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);

/** Reads the part after /sport (segments already split) and the query; undefined when it is no sports page. */
export function parseSportPath(segments: string[], search: URLSearchParams): ParsedSportPath | undefined {
  const categoryIds = ids(search.get("categoryIds"));
  const championshipIds = ids(search.get("championshipIds"));
  const base = { categoryIds, championshipIds };
  const [first, second, third, ...rest] = segments.filter(Boolean);
  if (rest.length > 0) return undefined;
  if (first === undefined) {
    const eventId = ids(search.get("eventId"))[0];
    return eventId ? { ...base, page: "event", eventId } : { ...base, page: "overview" };
  }
  if (first === "live" && second === undefined) return { ...base, page: "live" };
  if (first === "event" && second !== undefined && third === undefined) {
    const eventId = Number(second);
    return Number.isInteger(eventId) && eventId > 0 ? { ...base, page: "event", eventId } : undefined;
  }
  const eventMatch = second !== undefined && third === undefined ? /^(\d+)(?:-|$)/.exec(second) : null;
  if (eventMatch) return { ...base, page: "event", eventId: Number(eventMatch[1]) };
  if (second === undefined) return { ...base, page: "sport", sportCode: first };
  if (third === undefined) return { ...base, page: "category", sportCode: first, categorySlug: second };
  return { ...base, page: "championship", sportCode: first, categorySlug: second, championshipSlug: third };
}

function withIds(path: string, query: Record<string, number[]>, locale: SiteLocale): string {
  const params = new URLSearchParams();
  for (const [key, list] of Object.entries(query))
    if (list.length > 1 || (list.length === 1 && locale !== DEFAULT_LOCALE)) params.set(key, list.join(","));
  const q = params.toString();
  return `${localePath(path, locale)}${q ? `?${q}` : ""}`;
}

/** The address of a widget's navigation event, with the locale prefix. */
export function sportPath(detail: NavigationDetail, locale: SiteLocale): string {
  const r = detail.route;
  switch (r.page) {
    case "overview":
      return localePath("/betting", locale);
    case "live":
      return localePath("/sport/live", locale);
    case "event": {
      const name = detail.event?.name ?? "";
      const champ = detail.championships[0]?.name;
      // Spec point 2: a click in the live carousel goes to /sport/event/{id}.
      if (detail.source === "liveNow" || !champ || !name)
        return localePath(`/sport/event/${r.eventId}`, locale);
      return localePath(`/sport/${slugify(champ)}/${r.eventId}-${slugify(normaliseEventName(name))}`, locale);
    }
    default: {
      const code = detail.sport?.code ?? String(r.sportId);
      if (r.page === "sport") return localePath(`/sport/${code}`, locale);
      const category = detail.categories[0]?.name ?? "";
      if (r.page === "category")
        return withIds(
          `/sport/${code}/${slugify(category) || r.categoryId}`,
          { categoryIds: [r.categoryId] },
          locale,
        );
      const champ = detail.championships[0]?.name ?? "";
      return withIds(
        `/sport/${code}/${slugify(category) || "all"}/${slugify(champ) || r.championshipId}`,
        { championshipIds: [r.championshipId] },
        locale,
      );
    }
  }
}

/** Spec point 5: remove ( ) , . ; hyphens become spaces; whitespace collapses; lower case; trimmed. */
export function normaliseEventName(name: string): string {
  return name
    .replace(/[(),.]/g, "")
    .replace(/[-–—]/g, " ")
    .replace(/\s+/g, " ")
    .toLowerCase()
    .trim();
}

const CULTURES: Record<string, string> = { "es-MX": "es-ES", "en-US": "en-GB" };
export const DEFAULT_CULTURE = "en-GB";

/** Spec point 5: the widget culture of a locale (a site locale or a BCP 47 tag): es-MX → es-ES, en-US → en-GB. */
export function widgetCulture(locale: string | undefined): string {
  if (!locale) return DEFAULT_CULTURE;
  const lower = locale.toLowerCase();
  const tag = isSiteLocale(lower) ? intlLocale(lower) : locale;
  const [lang, region] = tag.split(/[-_]/);
  if (!lang || !/^[a-z]{2}$/i.test(lang)) return DEFAULT_CULTURE;
  const normal = region ? `${lang.toLowerCase()}-${region.toUpperCase()}` : lang.toLowerCase();
  return CULTURES[normal] ?? (region ? normal : DEFAULT_CULTURE);
}

/** Whether two addresses name the same sports page (path and query), so a widget echo does not push again. */
export function samePage(a: string, b: string): boolean {
  const ua = new URL(a, "http://x");
  const ub = new URL(b, "http://x");
  ua.searchParams.sort();
  ub.searchParams.sort();
  return ua.pathname === ub.pathname && ua.search === ub.search;
}
