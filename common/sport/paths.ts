import { DEFAULT_LOCALE, localePath, type SiteLocale, splitLocale } from "../i18n/locales";
import { eventSlug, nameSlug } from "./names";
import { sportDefinition, sportDefinitionByCode } from "./sports";

/**
 * The sports page path (spec point 2) and its reverse. Grammar (docs/sport-urls.md):
 *
 *   sports-path   = [ "/" locale ] "/sport" [ tail ] [ "?" query ]
 *   tail          = "/live"                                                 ; the live-now list
 *                 | "/event/" event-id                                     ; live carousel click
 *                 | "/" champion-slug "/" event-id [ "-" event-slug ]       ; an event
 *                 | "/" sport-code [ "/" category-slug [ "/" champion-slug ] ]
 *                 | "/" champion-slug                                       ; read, never written
 *   query         = [ "eventId=" id ] [ "categoryIds=" ids ] [ "championshipIds=" ids ]   ; joined by "&"
 *   ids           = id *( "," id )
 *
 * - locale: absent for English, else the site locale ("ru", "pt-br"), as every route of the site.
 * - champion-slug, category-slug: the name in the page's locale, slugged (common/slug.ts); event-slug: the event
 *   name normalised (spec point 5) then slugged. Segments are percent-encoded (Cyrillic names).
 * - An event's sport, category and championship follow from its id; the champion-slug is for people.
 * - eventId is in the query only when there is an event and no sport id (spec point 2).
 * - categoryIds / championshipIds are in the query when there is more than one, when the locale is not English
 *   (spec point 2), or when the path cannot carry the one there is (no name, or no room for it; an event page's
 *   one category excepted, the event id names it) — so every path this writes parses back to the same page.
 * - An English path names its one category and championship only by slug: `resolveSportPath` finds their ids
 *   in the sport's /altenar-data categories file of the same locale.
 */

export interface NamedRef {
  id: number;
  /** The name in the page's locale; without it the id travels in the query. */
  name?: string;
}

/** What a sports page shows, as ids (and names for the path). */
export interface SportPage {
  sportId?: number;
  categories?: NamedRef[];
  championships?: NamedRef[];
  event?: NamedRef;
}

/** The widget's navigation event (spec point 3). Ids may arrive as strings from a widget. */
export interface WidgetNavigation {
  event?: { id: number | string; name?: string } | null;
  sport?: { id: number | string } | null;
  categories?: { id: number | string; name?: string }[] | null;
  championships?: { id: number | string; name?: string }[] | null;
  champId?: number | string | null;
  championshipIds?: (number | string)[] | null;
}

/** The widget's odd-selection event (spec point 3). */
export interface OddSelection {
  eventId: number | string;
  champId?: number | string | null;
}

/** A sports page path read back: ids to drive the widget's router with, and the slugs still to resolve. */
export interface ParsedSportPath {
  locale: SiteLocale;
  sportId?: number;
  categoryIds: number[];
  championshipIds: number[];
  eventId?: number;
  /** `/sport/event/{id}`: the live carousel's event link. */
  live: boolean;
  /** `/sport/live`: the list of what is live now. */
  liveNow: boolean;
  /** Names in the path whose ids the query did not carry; `resolveSportPath` finds them. */
  slugs: { category?: string; championship?: string; event?: string };
}

const SPORT_ROOT = "/sport";
const LIVE_NOW = "live";

const toId = (v: number | string | null | undefined): number | undefined => {
  const n = typeof v === "string" ? Number(v.trim()) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const refs = (list: { id: number | string; name?: string }[] | null | undefined): NamedRef[] =>
  (list ?? []).flatMap((r) => {
    const id = toId(r.id);
    return id === undefined ? [] : [{ id, ...(r.name ? { name: r.name } : {}) }];
  });

const encode = (segment: string) => encodeURIComponent(segment);

/** `/sport/event/{eventId}`: where a click on the live carousel goes (spec point 2). */
export function liveEventPath(eventId: number, locale: SiteLocale = DEFAULT_LOCALE): string {
  return localePath(`${SPORT_ROOT}/event/${eventId}`, locale);
}

/**
 * `/sport/live`: the list of the matches live now. `live`, like `event`, is no sport's code; a championship
 * slugged `live` is only ever written with its sport and category, so it cannot be taken for this page.
 */
export function liveNowPath(locale: SiteLocale = DEFAULT_LOCALE): string {
  return localePath(`${SPORT_ROOT}/live`, locale);
}

/** The path of a sports page with its query, in the locale's prefix. */
export function sportPagePath(page: SportPage, locale: SiteLocale = DEFAULT_LOCALE): string {
  const categories = page.categories ?? [];
  const championships = page.championships ?? [];
  const sport = page.sportId === undefined ? undefined : sportDefinition(page.sportId);
  const segments: string[] = [];
  let categoryInPath = false;
  let championshipInPath = false;

  const onlyName = (list: NamedRef[]) => {
    const slug = list.length === 1 && list[0]!.name ? nameSlug(list[0]!.name) : "";
    // A name that slugs to an event segment (digits first) would be read back as an event.
    return /^\d+(-|$)/.test(slug) ? "" : slug;
  };

  if (page.event) {
    const champion = onlyName(championships.slice(0, 1));
    championshipInPath = champion !== "" && championships.length === 1;
    segments.push(champion || sport?.code || "event");
    const name = page.event.name ? eventSlug(page.event.name) : "";
    segments.push(name ? `${page.event.id}-${name}` : String(page.event.id));
  } else if (sport) {
    segments.push(sport.code);
    const category = onlyName(categories);
    if (category) {
      segments.push(category);
      categoryInPath = true;
      const championship = onlyName(championships);
      if (championship) {
        segments.push(championship);
        championshipInPath = true;
      }
    }
  }

  const english = locale === "en";
  const query: string[] = [];
  if (page.event && page.sportId === undefined) query.push(`eventId=${page.event.id}`);
  // The spec's rule; and one the path could not carry travels in the query, except a category of an event
  // page, which the event id already names.
  const needsIds = (list: NamedRef[], inPath: boolean, completes: boolean) =>
    list.length > 1 || (list.length === 1 && (!english || (completes && !inPath)));
  if (needsIds(categories, categoryInPath, !page.event))
    query.push(`categoryIds=${categories.map((c) => c.id).join(",")}`);
  if (needsIds(championships, championshipInPath, true))
    query.push(`championshipIds=${championships.map((c) => c.id).join(",")}`);

  const path = [SPORT_ROOT, ...segments.map(encode)].join("/");
  return localePath(path, locale) + (query.length ? `?${query.join("&")}` : "");
}

/** The page a widget navigation event (spec point 3) asks for. */
export function pageFromNavigation(nav: WidgetNavigation): SportPage {
  const sportId = toId(nav.sport?.id);
  let championships = refs(nav.championships);
  if (championships.length === 0) {
    const ids = (nav.championshipIds?.length ? nav.championshipIds : [nav.champId])
      .map(toId)
      .filter((id): id is number => id !== undefined);
    championships = [...new Set(ids)].map((id) => ({ id }));
  }
  const eventId = toId(nav.event?.id);
  return {
    ...(sportId !== undefined ? { sportId } : {}),
    categories: refs(nav.categories),
    championships,
    ...(eventId !== undefined
      ? { event: { id: eventId, ...(nav.event?.name ? { name: nav.event.name } : {}) } }
      : {}),
  };
}

/** The URL for a widget navigation event. */
export function navigationPath(nav: WidgetNavigation, locale: SiteLocale = DEFAULT_LOCALE): string {
  return sportPagePath(pageFromNavigation(nav), locale);
}

/**
 * The URL for an odd selection (spec point 3: eventId, champId): the event's page. Names, when the caller knows
 * them, make the path readable; without them the ids go in the query.
 */
export function oddSelectionPath(
  selection: OddSelection,
  locale: SiteLocale = DEFAULT_LOCALE,
  names: { event?: string; championship?: string } = {},
): string {
  const eventId = toId(selection.eventId);
  if (eventId === undefined) return localePath(SPORT_ROOT, locale);
  const champId = toId(selection.champId);
  return sportPagePath(
    {
      event: { id: eventId, ...(names.event ? { name: names.event } : {}) },
      championships:
        champId === undefined
          ? []
          : [{ id: champId, ...(names.championship ? { name: names.championship } : {}) }],
    },
    locale,
  );
}

const idList = (value: string | null): number[] =>
  value === null
    ? []
    : [
        ...new Set(
          value
            .split(",")
            .map((v) => toId(v))
            .filter((id): id is number => id !== undefined),
        ),
      ];

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Reads a sports page URL (a path with an optional query, or a path and a separate search string) back into
 * what the widget router needs. Null when it is not a sports page path.
 */
export function parseSportPath(url: string, search?: string): ParsedSportPath | null {
  const [rawPath = "", rawQuery = ""] = url.split("#", 1)[0]!.split("?", 2) as [string, string?];
  const { locale, path } = splitLocale(rawPath.replace(/\/+$/, "") || "/");
  const segments = path.split("/").filter(Boolean).map(decode);
  if (segments[0] !== "sport") return null;
  const tail = segments.slice(1);
  const query = new URLSearchParams(search ?? rawQuery);
  const parsed: ParsedSportPath = {
    locale,
    categoryIds: idList(query.get("categoryIds")),
    championshipIds: idList(query.get("championshipIds")),
    live: false,
    liveNow: false,
    slugs: {},
  };
  const queryEvent = toId(query.get("eventId") ?? undefined);
  if (queryEvent !== undefined) parsed.eventId = queryEvent;

  const eventSegment = tail.length === 2 ? /^(\d+)(?:-(.+))?$/.exec(tail[1]!) : null;
  if (eventSegment) {
    parsed.eventId = Number(eventSegment[1]);
    if (tail[0] === "event" && !eventSegment[2]) parsed.live = true;
    else {
      const sport = sportDefinitionByCode(tail[0]!);
      if (sport && sport.code === tail[0]) parsed.sportId = sport.id;
      else if (tail[0] !== "event" && parsed.championshipIds.length === 0)
        parsed.slugs.championship = tail[0]!;
      if (eventSegment[2]) parsed.slugs.event = eventSegment[2];
    }
    return parsed;
  }
  if (tail.length === 0) return parsed;
  if (tail.length === 1 && tail[0] === LIVE_NOW) {
    parsed.liveNow = true;
    return parsed;
  }
  const sport = sportDefinitionByCode(tail[0]!);
  if (sport && sport.code === tail[0]) {
    parsed.sportId = sport.id;
    if (tail[1] && parsed.categoryIds.length === 0) parsed.slugs.category = tail[1];
    if (tail[2] && parsed.championshipIds.length === 0) parsed.slugs.championship = tail[2];
  } else if (tail.length === 1 && parsed.championshipIds.length === 0) {
    parsed.slugs.championship = tail[0]!;
  }
  return parsed;
}

/** The spec's categories data (`/altenar-data/{sport}-categories.json`), names in the page's locale. */
export interface SportCategoriesData {
  Categories: {
    CategoryId: number;
    Name: string;
    Championships: { ChampionshipId: number; Name: string }[];
  }[];
}

/**
 * Fills the ids an English path carries only as names (one category, one championship), from the sport's
 * categories data in the page's locale. Slugs that match nothing stay unresolved.
 */
export function resolveSportPath(parsed: ParsedSportPath, data: SportCategoriesData): ParsedSportPath {
  const out: ParsedSportPath = { ...parsed, slugs: { ...parsed.slugs } };
  let scope = data.Categories;
  if (out.slugs.category) {
    const category = data.Categories.find((c) => nameSlug(c.Name) === out.slugs.category);
    if (category) {
      out.categoryIds = [category.CategoryId];
      scope = [category];
      delete out.slugs.category;
    }
  } else if (out.categoryIds.length > 0) {
    scope = data.Categories.filter((c) => out.categoryIds.includes(c.CategoryId));
  }
  if (out.slugs.championship) {
    for (const category of scope) {
      const championship = category.Championships.find((c) => nameSlug(c.Name) === out.slugs.championship);
      if (championship) {
        out.championshipIds = [championship.ChampionshipId];
        if (out.categoryIds.length === 0 && out.eventId === undefined)
          out.categoryIds = [category.CategoryId];
        delete out.slugs.championship;
        break;
      }
    }
  }
  return out;
}
