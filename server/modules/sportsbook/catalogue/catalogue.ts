import { DEFAULT_LOCALE, type SiteLocale } from "#common/i18n/locales";
import { slugify } from "#common/slug";
import { SPORTS } from "#common/sport/sports";
import { FEATURED_SPORTS, LEAGUE_SOURCES } from "./source-leagues";
import { otherSources } from "./source-others";
import type { Category, CategorySource, Championship, LocalisedName, Participant, Sport } from "./types";

/**
 * The sportsbook's catalogue (issue #15, decision 0012): sports → categories → championships → participants.
 * Reference data, built once from the sources in this folder; no tables. The odds feed schedules matches between
 * a championship's participants; the bet engine and the widgets name things through it.
 */
export interface Catalogue {
  sports(): readonly Sport[];
  sport(id: number): Sport | undefined;
  /** By code ("soccer") or by id written as digits ("66"). */
  sportByCode(codeOrId: string): Sport | undefined;
  /** A sport's categories, in catalogue order. */
  categories(sportId: number): readonly Category[];
  category(id: number): Category | undefined;
  /** A category's championships, in catalogue order. */
  championships(categoryId: number): readonly Championship[];
  /** Every championship of a sport, or of the whole catalogue. */
  allChampionships(sportId?: number): readonly Championship[];
  championship(id: number): Championship | undefined;
  participants(championshipId: number): readonly Participant[];
}

/** Where a sport's three images are served (spec point 3); the files are in public/sports/ (scripts/generate-sport-art.ts). */
export const sportArt = (code: string) => ({
  widgetBgUrl: `/sports/widgetBackgrounds/${code}.svg`,
  cardBgUrl: `/sports/cardsBackgrounds/${code}.svg`,
  cardImgUrl: `/sports/cardsImages/${code}.svg`,
});

/** A name in the locale, the English one when the locale has none. */
export function nameIn(entity: { name: LocalisedName }, locale: SiteLocale = DEFAULT_LOCALE): string {
  return entity.name[locale] || entity.name.en;
}

/** Builds a catalogue from sources (the shipped one below; tests may build small ones). */
export function buildCatalogue(sources: Record<number, CategorySource[]>): Catalogue {
  const sportList: Sport[] = SPORTS.map((s) => ({
    id: s.id,
    code: s.code,
    name: s.name,
    family: s.family,
    format: s.format,
    colour: s.colour,
    featured: FEATURED_SPORTS.has(s.id),
    ...sportArt(s.code),
  }));
  const sportById = new Map(sportList.map((s) => [s.id, s]));
  const sportByCode = new Map(sportList.map((s) => [s.code, s]));
  const categoriesBySport = new Map<number, Category[]>();
  const categoryById = new Map<number, Category>();
  const championshipsByCategory = new Map<number, Championship[]>();
  const championshipById = new Map<number, Championship>();

  for (const sport of sportList) {
    const list: Category[] = [];
    for (const source of sources[sport.id] ?? []) {
      const id = source.id ?? sport.id * 100 + (source.slot ?? 0);
      if (source.id === undefined && !(source.slot && source.slot >= 1 && source.slot <= 99))
        throw new Error(`sport ${sport.id}: category ${source.name.en} needs a slot 1–99 or an id`);
      if (categoryById.has(id)) throw new Error(`category id ${id} is taken twice`);
      const category: Category = {
        id,
        sportId: sport.id,
        code: source.code ?? codeOf(source.name.en),
        name: source.name,
      };
      list.push(category);
      categoryById.set(id, category);
      const championships: Championship[] = source.championships.map((c) => {
        if (!(c.tier >= 1 && c.tier <= 9)) throw new Error(`championship ${c.name.en}: tier must be 1–9`);
        const champId = id * 10 + c.tier;
        if (championshipById.has(champId)) throw new Error(`championship id ${champId} is taken twice`);
        const championship: Championship = {
          id: champId,
          sportId: sport.id,
          categoryId: id,
          name: c.name,
          participants: c.participants.map((p) => ({ name: p.name, rating: p.rating })),
        };
        championshipById.set(champId, championship);
        return championship;
      });
      championshipsByCategory.set(id, championships);
    }
    categoriesBySport.set(sport.id, list);
  }

  return {
    sports: () => sportList,
    sport: (id) => sportById.get(id),
    sportByCode: (codeOrId) => {
      const key = codeOrId.toLowerCase();
      return sportByCode.get(key) ?? (/^\d+$/.test(key) ? sportById.get(Number(key)) : undefined);
    },
    categories: (sportId) => categoriesBySport.get(sportId) ?? [],
    category: (id) => categoryById.get(id),
    championships: (categoryId) => championshipsByCategory.get(categoryId) ?? [],
    allChampionships: (sportId) =>
      sportId === undefined
        ? [...championshipById.values()]
        : (categoriesBySport.get(sportId) ?? []).flatMap((c) => championshipsByCategory.get(c.id) ?? []),
    championship: (id) => championshipById.get(id),
    participants: (championshipId) => championshipById.get(championshipId)?.participants ?? [],
  };
}

/** A plain-ASCII slug: "Men's Tour" → "mens-tour". */
const codeOf = (name: string) =>
  slugify(name.normalize("NFD").replace(/\p{M}/gu, "")).replace(/[^a-z0-9-]/g, "");

let shipped: Catalogue | undefined;

/** The catalogue the product ships, built on first use. */
export function sportCatalogue(): Catalogue {
  shipped ??= buildCatalogue({ ...LEAGUE_SOURCES, ...otherSources() });
  return shipped;
}
