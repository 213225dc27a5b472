import { describe, expect, it } from "vitest";
import { extraFilterCount, gamesPath, gamesQuery, parseGamesPath, toggleValue } from "./filters";

const q = (s = "") => new URLSearchParams(s);

describe("game list addresses", () => {
  it("reads a collection, every game and a feature from the path", () => {
    expect(parseGamesPath("slots", q())).toEqual({
      collection: "slots",
      features: [],
      providers: [],
      sort: "popular",
    });
    expect(parseGamesPath("all", q())).toEqual({ features: [], providers: [], sort: "popular" });
    expect(parseGamesPath("feature/bonus-buy", q())).toEqual({
      features: ["bonus-buy"],
      providers: [],
      sort: "popular",
    });
  });

  it("adds the query's providers, features and sort; drops invalid and repeated values", () => {
    expect(
      parseGamesPath(
        "Popular",
        q("provider=Aurora-Gaming,,red-lantern,aurora-gaming&feature=x%20y,wild&sort=new"),
      ),
    ).toEqual({
      collection: "popular",
      providers: ["aurora-gaming", "red-lantern"],
      features: ["wild"],
      sort: "new",
    });
    expect(parseGamesPath("feature/wild", q("feature=wild,slots&sort=cheapest"))).toEqual({
      features: ["wild", "slots"],
      providers: [],
      sort: "popular",
    });
  });

  it("names no list for an empty, deep or odd path", () => {
    expect(parseGamesPath("", q())).toBeNull();
    expect(parseGamesPath("a/b/c", q())).toBeNull();
    expect(parseGamesPath("slots/extra", q())).toBeNull();
    expect(parseGamesPath("../etc", q())).toBeNull();
  });

  it("gives one address per filter, and reading it back gives the filter", () => {
    const filters = [
      { collection: "new", features: ["wild"], providers: ["frostbyte"], sort: "rtp" as const },
      { features: ["mines", "instant-win"], providers: [], sort: "popular" as const },
      { features: [], providers: ["a", "b"], sort: "name" as const },
    ];
    expect(gamesPath(filters[0]!)).toBe("/games/new?provider=frostbyte&feature=wild&sort=rtp");
    expect(gamesPath(filters[1]!)).toBe("/games/feature/mines?feature=instant-win");
    expect(gamesPath(filters[2]!)).toBe("/games/all?provider=a,b&sort=name");
    for (const f of filters) {
      const url = new URL(gamesPath(f), "http://x");
      expect(parseGamesPath(url.pathname.replace(/^\/games\//, ""), url.searchParams)).toEqual(f);
    }
  });

  it("asks the API with bracket lists only when there are values", () => {
    expect(gamesQuery({ features: [], providers: [], sort: "popular" }, 2, 24)).toEqual({
      collection: undefined,
      provider: undefined,
      feature: undefined,
      sort: "popular",
      page: 2,
      perPage: 24,
    });
    expect(
      gamesQuery({ collection: "slots", features: ["wild"], providers: ["x"], sort: "new" }, 1, 24),
    ).toMatchObject({ collection: "slots", provider: ["x"], feature: ["wild"] });
  });

  it("counts the filter modal's choices, not the list's own feature", () => {
    expect(extraFilterCount({ features: ["wild"], providers: [], sort: "popular" })).toBe(0);
    expect(extraFilterCount({ collection: "new", features: ["wild"], providers: ["a"], sort: "new" })).toBe(
      3,
    );
    expect(toggleValue(["a", "b"], "a")).toEqual(["b"]);
    expect(toggleValue(["a"], "b")).toEqual(["a", "b"]);
  });
});
