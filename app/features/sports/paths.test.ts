import { describe, expect, it } from "vitest";
import type { NavigationDetail } from "#common/sportsbook-widgets";
import { normaliseEventName, parseSportPath, samePage, sportPath, widgetCulture } from "./paths";

const q = (s = "") => new URLSearchParams(s);
const detail = (d: Partial<NavigationDetail> & Pick<NavigationDetail, "route">): NavigationDetail => ({
  source: "page",
  categories: [],
  championships: [],
  ...d,
});

describe("sports addresses", () => {
  it("reads every kind of sports page", () => {
    expect(parseSportPath([], q())?.page).toBe("overview");
    expect(parseSportPath([], q("eventId=77"))).toMatchObject({ page: "event", eventId: 77 });
    expect(parseSportPath(["live"], q())?.page).toBe("live");
    expect(parseSportPath(["event", "42"], q())).toMatchObject({ page: "event", eventId: 42 });
    expect(parseSportPath(["premier-league", "42-arsenal-chelsea"], q())).toMatchObject({
      page: "event",
      eventId: 42,
    });
    expect(parseSportPath(["soccer"], q())).toMatchObject({ page: "sport", sportCode: "soccer" });
    expect(parseSportPath(["soccer", "england"], q("categoryIds=5"))).toMatchObject({
      page: "category",
      categorySlug: "england",
      categoryIds: [5],
    });
    expect(parseSportPath(["soccer", "england", "premier-league"], q("championshipIds=9,10"))).toMatchObject({
      page: "championship",
      championshipSlug: "premier-league",
      championshipIds: [9, 10],
    });
    expect(parseSportPath(["a", "b", "c", "d"], q())).toBeUndefined();
    expect(parseSportPath(["event", "x"], q())).toBeUndefined();
  });

  it("writes an event as /sport/{champion}/{id}-{name}, and a live-now click as /sport/event/{id}", () => {
    const d = detail({
      route: { page: "event", eventId: 42 },
      event: { id: 42, name: "Arsenal – Chelsea (Women)" },
      championships: [{ id: 9, name: "Premier League" }],
    });
    expect(sportPath(d, "en")).toBe("/sport/premier-league/42-arsenal-chelsea-women");
    expect(sportPath({ ...d, source: "liveNow" }, "en")).toBe("/sport/event/42");
    expect(sportPath(d, "ru")).toBe("/ru/sport/premier-league/42-arsenal-chelsea-women");
  });

  it("adds category and championship ids only for other locales than English", () => {
    const cat = detail({
      route: { page: "category", sportId: 66, categoryId: 5 },
      sport: { id: 66, code: "soccer" },
      categories: [{ id: 5, name: "England" }],
    });
    expect(sportPath(cat, "en")).toBe("/sport/soccer/england");
    expect(sportPath(cat, "ru")).toBe("/ru/sport/soccer/england?categoryIds=5");
    const champ = detail({
      route: { page: "championship", sportId: 66, championshipId: 9 },
      sport: { id: 66, code: "soccer" },
      categories: [{ id: 5, name: "England" }],
      championships: [{ id: 9, name: "Premier League" }],
    });
    expect(sportPath(champ, "en")).toBe("/sport/soccer/england/premier-league");
    expect(sportPath(champ, "pt-br")).toBe("/pt-br/sport/soccer/england/premier-league?championshipIds=9");
  });

  it("round-trips what it writes", () => {
    const path = "/sport/soccer/england/premier-league";
    const parsed = parseSportPath(path.split("/").slice(2), q());
    expect(parsed).toMatchObject({ page: "championship", sportCode: "soccer", categorySlug: "england" });
    expect(sportPath(detail({ route: { page: "overview" } }), "en")).toBe("/betting");
    expect(sportPath(detail({ route: { page: "live" } }), "ru")).toBe("/ru/sport/live");
  });

  it("normalises event names as spec point 5 says", () => {
    expect(normaliseEventName("  St. Pauli (II) - Hamburg,  U23 ")).toBe("st pauli ii hamburg u23");
  });

  it("knows an echo of the same page", () => {
    expect(samePage("/sport/x?a=1&b=2", "/sport/x?b=2&a=1")).toBe(true);
    expect(samePage("/sport/x", "/sport/y")).toBe(false);
  });
});

describe("widget culture (spec point 5)", () => {
  it("maps es-MX to es-ES and en-US to en-GB, en-GB by default", () => {
    expect(widgetCulture("es-MX")).toBe("es-ES");
    expect(widgetCulture("en-US")).toBe("en-GB");
    expect(widgetCulture("en")).toBe("en-GB");
    expect(widgetCulture(undefined)).toBe("en-GB");
    expect(widgetCulture("nonsense!")).toBe("en-GB");
    expect(widgetCulture("ru")).toBe("ru-RU");
    expect(widgetCulture("pt-br")).toBe("pt-BR");
  });
});
