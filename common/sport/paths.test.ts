import { describe, expect, it } from "vitest";
import {
  liveEventPath,
  liveNowPath,
  navigationPath,
  oddSelectionPath,
  type ParsedSportPath,
  pageFromNavigation,
  parseSportPath,
  resolveSportPath,
  type SportCategoriesData,
  type SportPage,
  sportPagePath,
} from "./paths";

const england = { id: 6601, name: "England" };
const spain = { id: 6602, name: "Spain" };
const premier = { id: 66011, name: "Premier Division England" };
const second = { id: 66012, name: "Second Division England" };
const match = { id: 9001, name: "Harbor City - Northgate Rovers" };

describe("the sports page path (spec point 2)", () => {
  it.each<[string, SportPage, "en" | "ru" | "pt-br", string]>([
    // /sport/{champion-name}/{eventId}-{event-name}: with a sport id, no eventId in the query.
    [
      "an event with its sport, in English",
      { sportId: 66, categories: [england], championships: [premier], event: match },
      "en",
      "/sport/premier-division-england/9001-harbor-city-northgate-rovers",
    ],
    // No sport id: eventId goes in the query.
    [
      "an event without a sport id",
      { championships: [premier], event: match },
      "en",
      "/sport/premier-division-england/9001-harbor-city-northgate-rovers?eventId=9001",
    ],
    // Not English: ids always, names slugged as given (translated by the caller).
    [
      "an event in Russian",
      {
        sportId: 66,
        categories: [{ id: 6601, name: "Англия" }],
        championships: [{ id: 66011, name: "Англия. Премьер-дивизион" }],
        event: { id: 9001, name: "Харбор Сити - Нортгейт" },
      },
      "ru",
      `/ru/sport/${encodeURIComponent("англия-премьер-дивизион")}/${encodeURIComponent("9001-харбор-сити-нортгейт")}?categoryIds=6601&championshipIds=66011`,
    ],
    [
      "an event in Portuguese",
      { sportId: 66, categories: [england], championships: [premier], event: match },
      "pt-br",
      "/pt-br/sport/premier-division-england/9001-harbor-city-northgate-rovers?categoryIds=6601&championshipIds=66011",
    ],
    // More than one: ids comma-separated, in any locale.
    [
      "an event listed under two championships",
      { sportId: 66, categories: [england], championships: [premier, second], event: match },
      "en",
      "/sport/premier-division-england/9001-harbor-city-northgate-rovers?championshipIds=66011,66012",
    ],
    ["an event with no names", { sportId: 66, event: { id: 9001 } }, "en", "/sport/soccer/9001"],
    // Sport, category and championship pages.
    ["a sport", { sportId: 66 }, "en", "/sport/soccer"],
    ["a sport in Russian", { sportId: 66 }, "ru", "/ru/sport/soccer"],
    ["a category", { sportId: 66, categories: [england] }, "en", "/sport/soccer/england"],
    [
      "a category in Russian",
      { sportId: 66, categories: [{ id: 6601, name: "Англия" }] },
      "ru",
      `/ru/sport/soccer/${encodeURIComponent("англия")}?categoryIds=6601`,
    ],
    [
      "a championship",
      { sportId: 66, categories: [england], championships: [premier] },
      "en",
      "/sport/soccer/england/premier-division-england",
    ],
    [
      "two categories",
      { sportId: 66, categories: [england, spain] },
      "en",
      "/sport/soccer?categoryIds=6601,6602",
    ],
    [
      "two championships of one category",
      { sportId: 66, categories: [england], championships: [premier, second] },
      "en",
      "/sport/soccer/england?championshipIds=66011,66012",
    ],
    [
      "a championship whose category is not named",
      { sportId: 66, championships: [premier] },
      "en",
      "/sport/soccer?championshipIds=66011",
    ],
    [
      "a category without a name",
      { sportId: 145, categories: [{ id: 1706 }] },
      "en",
      "/sport/e-sports-plus?categoryIds=1706",
    ],
    ["the overview", {}, "en", "/sport"],
    ["the overview in Portuguese", {}, "pt-br", "/pt-br/sport"],
    [
      "a category whose name starts with digits (it would read as an event)",
      { sportId: 66, categories: [{ id: 6699, name: "1 Division" }] },
      "en",
      "/sport/soccer?categoryIds=6699",
    ],
  ])("%s", (_what, page, locale, path) => {
    expect(sportPagePath(page, locale)).toBe(path);
  });

  it.each<[number, "en" | "ru" | "pt-br", string]>([
    [9001, "en", "/sport/event/9001"],
    [9001, "ru", "/ru/sport/event/9001"],
    [42, "pt-br", "/pt-br/sport/event/42"],
  ])("a live carousel click on %i (%s) goes to %s", (id, locale, path) => {
    expect(liveEventPath(id, locale)).toBe(path);
  });

  it.each<["en" | "ru" | "pt-br", string]>([
    ["en", "/sport/live"],
    ["ru", "/ru/sport/live"],
    ["pt-br", "/pt-br/sport/live"],
  ])("the live-now list (%s) is %s, and reads back as itself", (locale, path) => {
    expect(liveNowPath(locale)).toBe(path);
    expect(parseSportPath(path)).toMatchObject({ locale, liveNow: true, live: false });
  });
});

describe("widget events into URLs (spec point 3)", () => {
  it.each<[string, Parameters<typeof navigationPath>[0], "en" | "ru", string]>([
    [
      "navigation to an event",
      {
        event: { id: 9001, name: "Harbor City - Northgate Rovers" },
        sport: { id: 66 },
        categories: [england],
        championships: [premier],
        champId: 66011,
        championshipIds: [66011],
      },
      "en",
      "/sport/premier-division-england/9001-harbor-city-northgate-rovers",
    ],
    [
      "navigation with ids as strings",
      { sport: { id: "66" }, categories: [{ id: "6601", name: "England" }], championships: [] },
      "en",
      "/sport/soccer/england",
    ],
    [
      "navigation to a championship known only by champId",
      { sport: { id: 66 }, categories: [england], champId: 66011 },
      "en",
      "/sport/soccer/england?championshipIds=66011",
    ],
    [
      "navigation with championshipIds and no names",
      { sport: { id: 66 }, championshipIds: [66011, "66012"] },
      "ru",
      "/ru/sport/soccer?championshipIds=66011,66012",
    ],
    ["navigation to a sport", { sport: { id: 68 }, event: null, categories: [] }, "en", "/sport/tennis"],
    ["an empty navigation", {}, "en", "/sport"],
  ])("%s", (_what, nav, locale, path) => {
    expect(navigationPath(nav, locale)).toBe(path);
  });

  it("keeps champId out when championshipIds are given", () => {
    expect(pageFromNavigation({ champId: 1, championshipIds: [2, 3] }).championships).toEqual([
      { id: 2 },
      { id: 3 },
    ]);
  });

  it.each<[string, Parameters<typeof oddSelectionPath>, string]>([
    [
      "an odd selection",
      [{ eventId: 9001, champId: 66011 }],
      "/sport/event/9001?eventId=9001&championshipIds=66011",
    ],
    [
      "an odd selection with names",
      [{ eventId: 9001, champId: 66011 }, "en", { event: match.name, championship: premier.name }],
      "/sport/premier-division-england/9001-harbor-city-northgate-rovers?eventId=9001",
    ],
    ["an odd selection in Russian", [{ eventId: "9001" }, "ru"], "/ru/sport/event/9001?eventId=9001"],
    ["an odd selection without an event", [{ eventId: "x" }, "en"], "/sport"],
  ])("%s", (_what, args, path) => {
    expect(oddSelectionPath(...args)).toBe(path);
  });
});

describe("reading a sports page URL back (back and forward)", () => {
  it.each<[string, string, Partial<ParsedSportPath>]>([
    [
      "/sport",
      "the overview",
      { locale: "en", categoryIds: [], championshipIds: [], live: false, liveNow: false, slugs: {} },
    ],
    ["/ru/sport/", "the overview in Russian", { locale: "ru", slugs: {} }],
    ["/sport/soccer", "a sport", { sportId: 66, slugs: {} }],
    ["/sport/66", "digits alone are a name, not a sport id", { slugs: { championship: "66" } }],
    ["/sport/soccer/england", "a category", { sportId: 66, slugs: { category: "england" } }],
    [
      "/sport/soccer/england/premier-division-england",
      "a championship",
      { sportId: 66, slugs: { category: "england", championship: "premier-division-england" } },
    ],
    [
      "/sport/soccer?categoryIds=6601,6602",
      "two categories",
      { sportId: 66, categoryIds: [6601, 6602], slugs: {} },
    ],
    [
      "/ru/sport/soccer/%D0%B0%D0%BD%D0%B3%D0%BB%D0%B8%D1%8F?categoryIds=6601",
      "a Russian category: the ids win over the name",
      { locale: "ru", sportId: 66, categoryIds: [6601], slugs: {} },
    ],
    [
      "/sport/premier-division-england/9001-harbor-city-northgate-rovers",
      "an event",
      {
        eventId: 9001,
        live: false,
        slugs: { championship: "premier-division-england", event: "harbor-city-northgate-rovers" },
      },
    ],
    [
      "/sport/premier-division-england/9001-harbor-city-northgate-rovers?eventId=9001&championshipIds=66011,66012",
      "an event with ids",
      { eventId: 9001, championshipIds: [66011, 66012], slugs: { event: "harbor-city-northgate-rovers" } },
    ],
    ["/sport/live", "the live-now list", { liveNow: true, live: false, slugs: {} }],
    ["/ru/sport/live/", "the live-now list in Russian", { locale: "ru", liveNow: true, slugs: {} }],
    ["/sport/soccer/live", "a category slugged live is a category", { sportId: 66, liveNow: false }],
    ["/sport/event/9001", "a live carousel click", { eventId: 9001, live: true, slugs: {} }],
    [
      "/pt-br/sport/event/77",
      "a live carousel click in Portuguese",
      { locale: "pt-br", eventId: 77, live: true },
    ],
    ["/sport/soccer/9001", "an event under its sport code", { sportId: 66, eventId: 9001, live: false }],
    [
      "/sport/soccer?categoryIds=1,x,,2,1,-3",
      "bad ids are dropped, repeated ones once",
      { categoryIds: [1, 2] },
    ],
  ])("%s: %s", (url, _what, expected) => {
    expect(parseSportPath(url)).toMatchObject(expected);
  });

  it("names no sport where the path has none", () => {
    expect(parseSportPath("/sport/66")!.sportId).toBeUndefined();
    expect(parseSportPath("/sport/premier-division-england/9001-x")!.sportId).toBeUndefined();
  });

  it.each(["/", "/betting", "/sports", "/ru/games/sport", "/xx/sport"])("%s is not a sports page", (url) => {
    expect(parseSportPath(url)).toBeNull();
  });

  it("ignores a fragment", () => {
    expect(parseSportPath("/sport/soccer?categoryIds=6601#markets")).toMatchObject({
      sportId: 66,
      categoryIds: [6601],
    });
    expect(parseSportPath("/sport/event/5#top")).toMatchObject({ eventId: 5, live: true });
  });

  it("takes the search apart from the path as a location gives it", () => {
    expect(parseSportPath("/sport/soccer", "?championshipIds=66011")).toMatchObject({
      sportId: 66,
      championshipIds: [66011],
    });
  });

  const data: SportCategoriesData = {
    Categories: [
      {
        CategoryId: 6601,
        Name: "England",
        Championships: [
          { ChampionshipId: 66011, Name: "Premier Division England" },
          { ChampionshipId: 66012, Name: "Second Division England" },
        ],
      },
      { CategoryId: 6602, Name: "Spain", Championships: [{ ChampionshipId: 66021, Name: "Primera Spain" }] },
    ],
  };

  it.each<[string, Partial<ParsedSportPath>]>([
    ["/sport/soccer/england", { categoryIds: [6601], championshipIds: [], slugs: {} }],
    [
      "/sport/soccer/england/second-division-england",
      { categoryIds: [6601], championshipIds: [66012], slugs: {} },
    ],
    [
      "/sport/soccer/spain/premier-division-england",
      { categoryIds: [6602], slugs: { championship: "premier-division-england" } },
    ],
    ["/sport/soccer/wales", { categoryIds: [], slugs: { category: "wales" } }],
    ["/sport/primera-spain/5-a-b", { eventId: 5, categoryIds: [], championshipIds: [66021] }],
  ])("resolves the names of %s from the categories data", (url, expected) => {
    expect(resolveSportPath(parseSportPath(url)!, data)).toMatchObject(expected);
  });

  it("reads back every page it writes, in every locale", () => {
    const names = (locale: string) => ({
      england: locale === "ru" ? "Англия" : "England",
      premier: locale === "ru" ? "Англия. Премьер-дивизион" : "Premier Division England",
    });
    for (const locale of ["en", "ru", "pt-br"] as const) {
      const n = names(locale);
      const localData: SportCategoriesData = {
        Categories: [
          { CategoryId: 6601, Name: n.england, Championships: [{ ChampionshipId: 66011, Name: n.premier }] },
        ],
      };
      const pages: [SportPage, object][] = [
        [{ sportId: 66 }, { sportId: 66, categoryIds: [], championshipIds: [] }],
        [
          { sportId: 66, categories: [{ id: 6601, name: n.england }] },
          { sportId: 66, categoryIds: [6601] },
        ],
        [
          {
            sportId: 66,
            categories: [{ id: 6601, name: n.england }],
            championships: [{ id: 66011, name: n.premier }],
          },
          { sportId: 66, categoryIds: [6601], championshipIds: [66011] },
        ],
        [
          { sportId: 66, categories: [england, spain], championships: [premier, second] },
          { sportId: 66, categoryIds: [6601, 6602], championshipIds: [66011, 66012] },
        ],
        [
          { championships: [{ id: 66011, name: n.premier }], event: match },
          { eventId: 9001, championshipIds: [66011] },
        ],
      ];
      for (const [page, expected] of pages) {
        const url = sportPagePath(page, locale);
        const read = resolveSportPath(parseSportPath(url)!, localData);
        expect({ url, ...read }).toMatchObject({ url, locale, ...expected, slugs: expect.anything() });
      }
    }
  });
});
