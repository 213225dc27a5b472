import { GAME_SORTS, type GameSort } from "#common/constants";

/**
 * The address scheme of the filtered game lists (`/games/{params...}`, docs/decisions/0006-games.md):
 * - `/games/all` every game, `/games/{collection}` one collection, `/games/feature/{feature}` one feature;
 * - `?provider=a,b`, `?feature=x,y` and `?sort=new` narrow and order any of them.
 * One filter has one address (`gamesPath`), so links, the filter modal and the back button agree.
 */
export interface GameListFilter {
  collection?: string;
  features: string[];
  providers: string[];
  sort: GameSort;
}

export const DEFAULT_SORT: GameSort = "popular";
const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,99}$/i;
const MAX_VALUES = 20;

const isSort = (v: string | null): v is GameSort => GAME_SORTS.includes(v as GameSort);

/** `a,b` → ["a", "b"]: trimmed, lower-cased, valid identities only, each once. */
function listParam(value: string | null): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const raw of value.split(",")) {
    const v = raw.trim().toLowerCase();
    if (SEGMENT.test(v) && !out.includes(v)) out.push(v);
  }
  return out.slice(0, MAX_VALUES);
}

/** Reads a list's filter from the part after `/games/` and the query; null when the path names no list. */
export function parseGamesPath(splat: string, search: URLSearchParams): GameListFilter | null {
  const parts = splat.split("/").filter(Boolean);
  if (parts.length === 0 || parts.length > 2 || !parts.every((p) => SEGMENT.test(p))) return null;
  const sortValue = search.get("sort");
  const filter: GameListFilter = {
    features: listParam(search.get("feature")),
    providers: listParam(search.get("provider")),
    sort: isSort(sortValue) ? sortValue : DEFAULT_SORT,
  };
  const [first, second] = parts.map((p) => p.toLowerCase());
  if (parts.length === 2) {
    if (first !== "feature") return null;
    filter.features = [second!, ...filter.features.filter((f) => f !== second)];
  } else if (first !== "all") {
    filter.collection = first;
  }
  return filter;
}

/** The one address of a filter (without the locale prefix). */
export function gamesPath(filter: GameListFilter): string {
  let path: string;
  let features = filter.features;
  if (filter.collection) path = `/games/${filter.collection}`;
  else if (features.length > 0) {
    path = `/games/feature/${features[0]}`;
    features = features.slice(1);
  } else path = "/games/all";
  const q: string[] = [];
  if (filter.providers.length) q.push(`provider=${filter.providers.map(encodeURIComponent).join(",")}`);
  if (features.length) q.push(`feature=${features.map(encodeURIComponent).join(",")}`);
  if (filter.sort !== DEFAULT_SORT) q.push(`sort=${filter.sort}`);
  return q.length ? `${path}?${q.join("&")}` : path;
}

/** The query of `GET /api/game/games` for a page of the list. */
export function gamesQuery(filter: GameListFilter, page: number, perPage: number) {
  return {
    collection: filter.collection,
    provider: filter.providers.length ? filter.providers : undefined,
    feature: filter.features.length ? filter.features : undefined,
    sort: filter.sort,
    page,
    perPage,
  };
}

/** How many choices the filter modal made beyond the list itself (the badge on the filter button). */
export function extraFilterCount(filter: GameListFilter): number {
  const pathFeature = filter.collection ? 0 : Math.min(1, filter.features.length);
  return (
    filter.providers.length + filter.features.length - pathFeature + (filter.sort === DEFAULT_SORT ? 0 : 1)
  );
}

/** Adds or removes one value of a list (a chip toggled in the filter modal). */
export function toggleValue(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
