import { describe, expect, it } from "vitest";
import { parseSportPath, type SportCategoriesData } from "#common/sport";
import type { NavigationDetail } from "#common/sportsbook-widgets";
import { oddPath, samePage, sportPath, sportRoute } from "./paths";

const detail = (d: Partial<NavigationDetail> & Pick<NavigationDetail, "route">): NavigationDetail => ({
  source: "page",
  categories: [],
  championships: [],
  ...d,
});

describe("the site's sports addresses (common/sport's rules, /betting for the overview)", () => {
  it("writes the overview as /betting and the live list as /sport/live, in the locale's prefix", () => {
    expect(sportPath(detail({ route: { page: "overview" } }), "en")).toBe("/betting");
    expect(sportPath(detail({ route: { page: "overview" } }), "ru")).toBe("/ru/betting");
    expect(sportPath(detail({ route: { page: "live" } }), "ru")).toBe("/ru/sport/live");
  });

  it("writes an event as /sport/{champion}/{id}-{name}, and a live-now click as /sport/event/{id}", () => {
    const d = detail({
      route: { page: "event", eventId: 42 },
      event: { id: 42, name: "Arsenal - Chelsea (Women); U21" },
      sport: { id: 66, code: "soccer" },
      categories: [{ id: 5, name: "England" }],
      championships: [{ id: 9, name: "Premier League" }],
    });
    expect(sportPath(d, "en")).toBe("/sport/premier-league/42-arsenal-chelsea-women-u21");
    expect(sportPath({ ...d, source: "liveNow" }, "en")).toBe("/sport/event/42");
    expect(sportPath(d, "ru")).toBe(
      "/ru/sport/premier-league/42-arsenal-chelsea-women-u21?categoryIds=5&championshipIds=9",
    );
  });

  it("writes categories and championships by name in English, with their ids in other locales", () => {
    const champ = detail({
      route: { page: "championship", sportId: 66, championshipId: 9 },
      sport: { id: 66, code: "soccer" },
      categories: [{ id: 5, name: "England" }],
      championships: [{ id: 9, name: "Premier League" }],
    });
    expect(sportPath(champ, "en")).toBe("/sport/soccer/england/premier-league");
    expect(sportPath(champ, "pt-br")).toBe(
      "/pt-br/sport/soccer/england/premier-league?categoryIds=5&championshipIds=9",
    );
  });

  it("takes a home carousel's odd to its event's page", () => {
    const odd = {
      eventId: 42,
      champId: 9,
      selectionId: "42:1x2:1",
      eventName: "Arsenal - Chelsea",
      championshipName: "Premier League",
      sportId: 66,
      added: true,
    };
    expect(oddPath(odd, "en")).toBe("/sport/premier-league/42-arsenal-chelsea?eventId=42");
  });

  it("tells an echo of the same page from a new one", () => {
    expect(samePage("/sport/soccer?a=1&b=2", "/sport/soccer?b=2&a=1")).toBe(true);
    expect(samePage("/sport/soccer", "/sport/soccer/england")).toBe(false);
  });
});

describe("the widget route of a sports address", () => {
  const data: SportCategoriesData = {
    Categories: [
      { CategoryId: 5, Name: "England", Championships: [{ ChampionshipId: 9, Name: "Premier League" }] },
      { CategoryId: 6, Name: "Spain", Championships: [{ ChampionshipId: 11, Name: "LaLiga" }] },
    ],
  };
  const asked: string[] = [];
  const route = (url: string) =>
    sportRoute(parseSportPath(url)!, async (code, locale) => {
      asked.push(`${code}/${locale}`);
      return code === "soccer" ? data : undefined;
    });

  it("reads the overview, the live list and events without asking for names", async () => {
    asked.length = 0;
    expect(await route("/sport")).toEqual({ page: "overview" });
    expect(await route("/sport/live")).toEqual({ page: "live" });
    expect(await route("/sport/event/42")).toEqual({ page: "event", eventId: 42 });
    expect(await route("/sport/premier-league/42-arsenal-chelsea")).toEqual({ page: "event", eventId: 42 });
    expect(asked).toEqual([]);
  });

  it("finds an English path's category and championship by name in the sport's data", async () => {
    expect(await route("/sport/soccer")).toEqual({ page: "sport", sportId: 66 });
    expect(await route("/sport/soccer/spain")).toEqual({ page: "category", sportId: 66, categoryId: 6 });
    expect(await route("/sport/soccer/england/premier-league")).toEqual({
      page: "championship",
      sportId: 66,
      championshipId: 9,
      categoryId: 5,
    });
  });

  it("takes the query's ids as they are, asking for no names", async () => {
    asked.length = 0;
    expect(await route("/ru/sport/soccer/x/y?categoryIds=5&championshipIds=123")).toEqual({
      page: "championship",
      sportId: 66,
      championshipId: 123,
      categoryId: 5,
    });
    expect(asked).toEqual([]);
  });

  it("falls back to the sport for a name it cannot find, and knows no unknown sport", async () => {
    expect(await route("/sport/soccer/atlantis")).toEqual({ page: "sport", sportId: 66 });
    expect(await route("/sport/no-such-sport")).toBeUndefined();
  });
});
