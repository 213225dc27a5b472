import type { SiteLocale } from "#common/i18n/locales";
import type { SportFamily, SportFormat } from "#common/sport/sports";

/** A name in each of the site's locales. */
export type LocalisedName = Record<SiteLocale, string>;

/** A side of a match or an entrant of a field; `rating` is Elo-like (1500 average; see ./generate.ts). */
export interface Participant {
  name: string;
  rating: number;
}

export interface Sport {
  id: number;
  code: string;
  name: LocalisedName;
  family: SportFamily;
  format: SportFormat;
  colour: string;
  /** Several countries and championships: the feed keeps a full schedule for it. */
  featured: boolean;
  widgetBgUrl: string;
  cardBgUrl: string;
  cardImgUrl: string;
}

export interface Category {
  id: number;
  sportId: number;
  /** The slug of its English name, or the spec's code (e-sports plus: cs2, Dota2, Valorant, Hearthstone). */
  code: string;
  name: LocalisedName;
}

export interface Championship {
  id: number;
  sportId: number;
  categoryId: number;
  name: LocalisedName;
  participants: Participant[];
}

/** What the catalogue's source lists for one category; ids are derived (docs/sport-catalogue.md). */
export interface CategorySource {
  /** The category's place in its sport, 1–99: its id is sportId × 100 + slot. */
  slot?: number;
  /** A fixed id instead (the spec's e-sports categories). */
  id?: number;
  code?: string;
  name: LocalisedName;
  championships: ChampionshipSource[];
}

export interface ChampionshipSource {
  /** 1–9 within its category: its id is categoryId × 10 + tier. */
  tier: number;
  name: LocalisedName;
  participants: Participant[];
}
