import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_LOCALES } from "#common/i18n/locales";
import { nameSlug } from "#common/sport/names";
import { SPORTS, sportDefinitionByCode } from "#common/sport/sports";
import { buildCatalogue, nameIn, sportCatalogue } from "./catalogue";
import { LEAGUE_SOURCES } from "./source-leagues";
import { otherSources } from "./source-others";

const catalogue = sportCatalogue();
const locales = SITE_LOCALES.map((l) => l.code);

describe("the sport catalogue", () => {
  it("lists every sport of 66–179 with its images under /sports/", () => {
    expect(catalogue.sports()).toHaveLength(SPORTS.length);
    expect(catalogue.sport(66)).toMatchObject({
      code: "soccer",
      widgetBgUrl: "/sports/widgetBackgrounds/soccer.svg",
      cardBgUrl: "/sports/cardsBackgrounds/soccer.svg",
      cardImgUrl: "/sports/cardsImages/soccer.svg",
      featured: true,
    });
    expect(catalogue.sportByCode("tennis")?.id).toBe(68);
    expect(catalogue.sportByCode("67")?.code).toBe("basketball");
    expect(catalogue.sportByCode("nope")).toBeUndefined();
  });

  it("has its three images in public/ for every sport (npx tsx scripts/generate-sport-art.ts)", () => {
    const publicDir = join(import.meta.dirname, "..", "..", "..", "..", "public");
    for (const s of catalogue.sports())
      for (const url of [s.widgetBgUrl, s.cardBgUrl, s.cardImgUrl])
        expect(existsSync(join(publicDir, url)), url).toBe(true);
  });

  it("has e-sports plus (145) with the spec's categories 1706 cs2, 1533 Dota2, 1330 Valorant, 1307 Hearthstone", () => {
    expect(catalogue.categories(145).map((c) => [c.id, c.code])).toEqual([
      [1706, "cs2"],
      [1533, "Dota2"],
      [1330, "Valorant"],
      [1307, "Hearthstone"],
    ]);
    expect(catalogue.category(1706)).toMatchObject({ sportId: 145, name: { en: "Counter-Strike 2" } });
  });

  it("gives every sport at least one championship, each with at least two rated participants", () => {
    for (const sport of catalogue.sports()) {
      const championships = catalogue.allChampionships(sport.id);
      expect(championships.length, sport.code).toBeGreaterThan(0);
      for (const c of championships) {
        expect(c.participants.length, nameIn(c)).toBeGreaterThanOrEqual(2);
        expect(new Set(c.participants.map((p) => p.name)).size, nameIn(c)).toBe(c.participants.length);
        for (const p of c.participants) {
          expect(Number.isInteger(p.rating), p.name).toBe(true);
          expect(p.rating, p.name).toBeGreaterThanOrEqual(1000);
          expect(p.rating, p.name).toBeLessThanOrEqual(2400);
        }
      }
    }
  });

  it("is a lively book: the main sports have several countries and championships of 8 or more", () => {
    for (const code of [
      "soccer",
      "basketball",
      "tennis",
      "ice-hockey",
      "e-sports-plus",
      "e-sports",
      "volleyball",
      "handball",
    ]) {
      const sport = catalogue.sportByCode(code)!;
      expect(catalogue.categories(sport.id).length, code).toBeGreaterThanOrEqual(4);
      for (const c of catalogue.allChampionships(sport.id))
        expect(c.participants.length, nameIn(c)).toBeGreaterThanOrEqual(8);
    }
    expect(catalogue.categories(66).length).toBeGreaterThanOrEqual(12);
    expect(catalogue.allChampionships().length).toBeGreaterThan(250);
  });

  it("derives ids from the sport, the category's slot and the championship's tier", () => {
    expect(catalogue.championship(66011)).toMatchObject({
      id: 66011,
      sportId: 66,
      categoryId: 6601,
      name: {
        en: "Premier Division England",
        ru: "Англия. Премьер-дивизион",
        "pt-br": "Inglaterra. Divisão Principal",
      },
    });
    expect(catalogue.championship(66011)!.participants[0]).toEqual({
      name: expect.any(String),
      rating: expect.any(Number),
    });
    expect(catalogue.participants(66011)).toBe(catalogue.championship(66011)!.participants);
    expect(catalogue.championships(6601).map((c) => c.id)).toEqual([66011, 66012, 66019]);
    expect(catalogue.championship(1)).toBeUndefined();
    expect(catalogue.participants(1)).toEqual([]);
  });

  it("names every sport, category and championship in every locale, with slugs the sports page path can carry", () => {
    for (const sport of catalogue.sports()) {
      for (const locale of locales) {
        const seen = new Map<string, number>();
        for (const category of catalogue.categories(sport.id)) {
          const slug = nameSlug(nameIn(category, locale));
          expect(category.name[locale], `${category.id} ${locale}`).toBeTruthy();
          expect(slug, `${category.id}`).not.toMatch(/^\d+(-|$)/);
          for (const c of catalogue.championships(category.id)) {
            const champ = nameSlug(nameIn(c, locale));
            expect(c.name[locale], `${c.id} ${locale}`).toBeTruthy();
            // A championship slug first in an event path must not read as a sport code, the live path or an id.
            expect(champ, `${c.id}`).not.toMatch(/^\d+(-|$)/);
            expect(sportDefinitionByCode(champ), champ).toBeUndefined();
            expect(champ).not.toBe("event");
            expect(seen.get(champ), `${champ} twice in ${sport.code} (${locale})`).toBeUndefined();
            seen.set(champ, c.id);
          }
        }
      }
    }
  });

  it("is the same every time it is built (the feed's schedule depends on it)", () => {
    const again = buildCatalogue({ ...LEAGUE_SOURCES, ...otherSources() });
    expect(again.allChampionships()).toEqual(catalogue.allChampionships());
  });

  it("refuses sources with clashing ids", () => {
    const champ = { tier: 1, name: { en: "A", ru: "A", "pt-br": "A" }, participants: [] };
    const cat = { slot: 1, name: { en: "X", ru: "X", "pt-br": "X" }, championships: [champ] };
    expect(() => buildCatalogue({ 66: [cat, cat] })).toThrow(/6601 is taken twice/);
    expect(() => buildCatalogue({ 66: [{ ...cat, championships: [champ, champ] }] })).toThrow(
      /66011 is taken twice/,
    );
    expect(() => buildCatalogue({ 66: [{ ...cat, slot: 100 }] })).toThrow(/slot/);
  });
});
