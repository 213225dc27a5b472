import type { SportEvent } from "#common/api/sportsbook";
import { ApiError } from "../../http/errors";
import type { FeedEvent, FeedMarket, FeedSelection, OddsFeed } from "../../providers/odds/port";
import type { SportNames } from "./names";

/**
 * Events as the API shows them, read from the feed: lists carry the main market only (the first the feed
 * lists), an event page all of them. Names come from the catalogue through `SportNames`.
 */

export const eventName = (e: Pick<FeedEvent, "home" | "away">) => (e.away ? `${e.home} - ${e.away}` : e.home);

export function toSportEvent(
  e: FeedEvent,
  names: SportNames,
  o: { locale?: string; allMarkets: boolean },
): SportEvent {
  const markets = o.allMarkets ? e.markets : e.markets.slice(0, 1);
  return {
    id: e.id,
    sportId: e.sportId,
    categoryId: e.categoryId,
    championshipId: e.championshipId,
    sportName: names.sport(e.sportId, o.locale).name,
    categoryName: names.category(e.categoryId, o.locale),
    championshipName: names.championship(e.championshipId, o.locale),
    home: e.home,
    away: e.away,
    startsAt: e.startsAt.toISOString(),
    status: e.status,
    live: e.live,
    top: e.top ?? false,
    marketCount: e.markets.length,
    markets: markets.map((m) => ({
      id: m.id,
      type: m.type,
      name: m.name,
      line: m.line,
      status: m.status,
      selections: m.selections.map((s) => ({ id: s.id, name: s.name, odds: s.odds })),
    })),
  };
}

export interface EventFilter {
  sportId?: number;
  categoryId?: number;
  championshipId?: number;
  status?: "scheduled" | "live";
  top?: boolean;
  limit: number;
  locale?: string;
}

/** Events open for betting (scheduled or live), live first, then by start. */
export function listEvents(feed: OddsFeed, names: SportNames, f: EventFilter): SportEvent[] {
  return feed
    .events()
    .filter(
      (e) =>
        (e.status === "scheduled" || e.status === "live") &&
        (f.status === undefined || e.status === f.status) &&
        (f.sportId === undefined || e.sportId === f.sportId) &&
        (f.categoryId === undefined || e.categoryId === f.categoryId) &&
        (f.championshipId === undefined || e.championshipId === f.championshipId) &&
        (!f.top || e.top === true),
    )
    .sort(
      (a, b) =>
        Number(b.status === "live") - Number(a.status === "live") ||
        a.startsAt.getTime() - b.startsAt.getTime() ||
        a.id - b.id,
    )
    .slice(0, f.limit)
    .map((e) => toSportEvent(e, names, { locale: f.locale, allMarkets: false }));
}

export function getEvent(feed: OddsFeed, names: SportNames, id: number, locale?: string): SportEvent {
  const e = feed.event(id);
  if (!e) throw ApiError.notFound("No such event");
  return toSportEvent(e, names, { locale, allMarkets: true });
}

/** Each sport that has events now, with how many and how many are live. */
export function sportSummaries(feed: OddsFeed, names: SportNames, locale?: string) {
  const counts = new Map<number, { events: number; live: number }>();
  for (const e of feed.events()) {
    if (e.status !== "scheduled" && e.status !== "live") continue;
    const c = counts.get(e.sportId) ?? { events: 0, live: 0 };
    c.events++;
    if (e.status === "live") c.live++;
    counts.set(e.sportId, c);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, c]) => ({ id, ...names.sport(id, locale), ...c }));
}

/** What a search for `q` finds: events by team or championship, the teams, and the championships. */
export function searchSports(feed: OddsFeed, names: SportNames, q: string, limit: number, locale?: string) {
  const needle = q.trim().toLowerCase();
  const events: SportEvent[] = [];
  const teams = new Map<string, { name: string; sportId: number; eventIds: number[] }>();
  const championships = new Map<number, { id: number; name: string; sportId: number; categoryId: number }>();
  if (needle.length < 2) return { events, teams: [], championships: [] };
  for (const e of feed.events()) {
    if (e.status !== "scheduled" && e.status !== "live") continue;
    const champ = names.championship(e.championshipId, locale);
    const sides = [e.home, e.away].filter((s): s is string => !!s);
    const hitSides = sides.filter((s) => s.toLowerCase().includes(needle));
    const hitChamp = champ.toLowerCase().includes(needle);
    for (const s of hitSides) {
      const t = teams.get(s) ?? { name: s, sportId: e.sportId, eventIds: [] };
      t.eventIds.push(e.id);
      teams.set(s, t);
    }
    if (hitChamp)
      championships.set(e.championshipId, {
        id: e.championshipId,
        name: champ,
        sportId: e.sportId,
        categoryId: e.categoryId,
      });
    if ((hitSides.length > 0 || hitChamp) && events.length < limit)
      events.push(toSportEvent(e, names, { locale, allMarkets: false }));
  }
  return {
    events,
    teams: [...teams.values()].slice(0, limit),
    championships: [...championships.values()].slice(0, limit),
  };
}

export interface FoundSelection {
  event: FeedEvent;
  market: FeedMarket;
  selection: FeedSelection;
}

/** A selection by its id (`{eventId}:{marketId}:{outcome}`), where the feed still holds it. */
export function findSelection(feed: OddsFeed, selectionId: string): FoundSelection | undefined {
  const eventId = Number(selectionId.split(":")[0]);
  if (!Number.isSafeInteger(eventId)) return undefined;
  const event = feed.event(eventId);
  if (!event) return undefined;
  for (const market of event.markets)
    for (const selection of market.selections)
      if (selection.id === selectionId) return { event, market, selection };
  return undefined;
}
