import { describe, expect, it } from "vitest";
import { parseSportPath } from "./paths";
import { resolveSportRoute } from "./resolve";

const sports = [{ id: 66, code: "soccer", name: "Soccer" }];
const events = [
  { categoryId: 5, categoryName: "England", championshipId: 9, championshipName: "Premier League" },
  { categoryId: 6, categoryName: "Spain", championshipId: 11, championshipName: "LaLiga" },
];
const api = {
  get: async (path: string) => ({ data: path === "/sportsbook/sports" ? sports : events }),
} as never;
const resolve = (path: string, search = "") =>
  resolveSportRoute(parseSportPath(path.split("/").filter(Boolean), new URLSearchParams(search))!, api, "en");

describe("resolving a sports address", () => {
  it("finds a sport by its code and answers nothing for an unknown one", async () => {
    expect(await resolve("soccer")).toEqual({ page: "sport", sportId: 66 });
    expect(await resolve("curling")).toBeUndefined();
  });

  it("finds categories and championships by name, or takes the ids of the query", async () => {
    expect(await resolve("soccer/spain")).toEqual({ page: "category", sportId: 66, categoryId: 6 });
    expect(await resolve("soccer/england/premier-league")).toEqual({
      page: "championship",
      sportId: 66,
      championshipId: 9,
      categoryId: 5,
    });
    expect(await resolve("soccer/whatever/anything", "championshipIds=123")).toEqual({
      page: "championship",
      sportId: 66,
      championshipId: 123,
    });
  });

  it("falls back to the sport when a name has nothing on now", async () => {
    expect(await resolve("soccer/atlantis")).toEqual({ page: "sport", sportId: 66 });
  });

  it("needs no calls for events, live and the overview", async () => {
    expect(await resolve("event/42")).toEqual({ page: "event", eventId: 42 });
    expect(await resolve("live")).toEqual({ page: "live" });
  });
});
