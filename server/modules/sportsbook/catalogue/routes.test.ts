import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";

// The catalogue keeps no rows: one PGlite app is enough to see the calls as the site and widgets make them.
describe("sport catalogue calls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: false });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: "GET", url, headers });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  describe("GET /altenar-data/{sport}-categories.json and -champs.json", () => {
    it("answers a sport's categories with their championships in the spec's shape, by code or id", async () => {
      const byCode = await get("/altenar-data/soccer-categories.json");
      expect(byCode.status).toBe(200);
      expect(byCode.headers["cache-control"]).toBe("public, max-age=3600, stale-while-revalidate=86400");
      expect(byCode.headers.vary).toMatch(/accept-language/i);
      expect(byCode.body.Categories[0]).toEqual({
        CategoryId: 6601,
        Name: "England",
        Championships: [
          { ChampionshipId: 66011, Name: "Premier Division England" },
          { ChampionshipId: 66012, Name: "First Division England" },
          { ChampionshipId: 66019, Name: "England Cup" },
        ],
      });
      expect(byCode.body.Categories.length).toBeGreaterThanOrEqual(12);
      expect((await get("/altenar-data/66-categories.json")).body).toEqual(byCode.body);
      expect((await get("/altenar-data/soccer-champs.json")).body).toEqual(byCode.body);
    });

    it("reads sport codes with hyphens", async () => {
      const hockey = await get("/altenar-data/ice-hockey-champs.json");
      expect(hockey.status).toBe(200);
      expect(hockey.body.Categories.map((c: { Name: string }) => c.Name)).toContain("North America");
      const esports = await get("/altenar-data/e-sports-plus-categories.json");
      expect(esports.body.Categories.map((c: { CategoryId: number }) => c.CategoryId)).toEqual([
        1706, 1533, 1330, 1307,
      ]);
    });

    it("translates names by ?locale, else by Accept-Language, else English", async () => {
      const ru = await get("/altenar-data/soccer-categories.json?locale=ru");
      expect(ru.body.Categories[0]).toMatchObject({
        Name: "Англия",
        Championships: [{ Name: "Англия. Премьер-дивизион" }, expect.anything(), expect.anything()],
      });
      const pt = await get("/altenar-data/tennis-champs.json", { "accept-language": "pt-BR,pt;q=0.9" });
      expect(pt.body.Categories[0]).toMatchObject({
        Name: "Circuito masculino",
        Championships: expect.arrayContaining([
          { ChampionshipId: 68011, Name: "Melbourne. Aberto em quadra dura" },
        ]),
      });
      const asked = await get("/altenar-data/tennis-champs.json?locale=ru-RU", {
        "accept-language": "pt-BR",
      });
      expect(asked.body.Categories[0].Name).toBe("Мужской тур");
      const unknown = await get("/altenar-data/tennis-champs.json?locale=de", { "accept-language": "fr" });
      expect(unknown.body.Categories[0].Name).toBe("Men's Tour");
    });

    it.each([
      "/altenar-data/curling-categories.json",
      "/altenar-data/lotteries-champs.json",
      "/altenar-data/179-champs.json",
    ])("serves every sport: %s", async (url) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.body.Categories[0].Championships.length).toBeGreaterThan(0);
    });

    it.each([
      "/altenar-data/cricket-balls.json",
      "/altenar-data/quidditch-champs.json",
      "/altenar-data/65-champs.json",
      "/altenar-data/soccer-champs.xml",
    ])("answers 404 in the one error shape for %s", async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found", message: expect.any(String) });
      expect(res.headers["cache-control"]).toBeUndefined();
    });
  });

  describe("GET /api/sport/sports", () => {
    it("lists every sport with its images, names in the locale", async () => {
      const en = await get("/api/sport/sports");
      expect(en.status).toBe(200);
      expect(en.headers["cache-control"]).toMatch(/public, max-age=3600/);
      expect(en.body.data.length).toBe(114);
      expect(en.body.data[0]).toEqual({
        id: 66,
        code: "soccer",
        name: "Soccer",
        widgetBgUrl: "/sports/widgetBackgrounds/soccer.svg",
        cardBgUrl: "/sports/cardsBackgrounds/soccer.svg",
        cardImgUrl: "/sports/cardsImages/soccer.svg",
        colour: "#22a35a",
        format: "match",
        featured: true,
      });
      const ru = await get("/api/sport/sports?locale=ru");
      expect(ru.body.data.find((s: { id: number }) => s.id === 69).name).toBe("Хоккей");
    });
  });

  describe("GET /api/sport/info", () => {
    it("names a championship with its category and sport", async () => {
      const res = await get("/api/sport/info?championshipId=66011&locale=pt-br");
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        locale: "pt-br",
        sport: { id: 66, code: "soccer", name: "Futebol" },
        category: { id: 6601, code: "england", name: "Inglaterra" },
        championship: { id: 66011, name: "Inglaterra. Divisão Principal" },
      });
    });

    it("names a category, or a sport alone", async () => {
      expect((await get("/api/sport/info?categoryId=1706", { "accept-language": "ru" })).body.data).toEqual({
        locale: "ru",
        sport: { id: 145, code: "e-sports-plus", name: "Киберспорт+" },
        category: { id: 1706, code: "cs2", name: "Counter-Strike 2" },
      });
      expect((await get("/api/sport/info?sportId=68")).body.data).toEqual({
        locale: "en",
        sport: { id: 68, code: "tennis", name: "Tennis" },
      });
    });

    it("accepts all three ids when they belong together", async () => {
      const res = await get("/api/sport/info?sportId=66&categoryId=6601&championshipId=66012");
      expect(res.body.data.championship).toEqual({ id: 66012, name: "First Division England" });
    });

    it.each([
      ["an unknown championship", "championshipId=5"],
      ["an unknown category", "categoryId=5"],
      ["an unknown sport", "sportId=5"],
      ["a championship of another category", "categoryId=6602&championshipId=66011"],
      ["a category of another sport", "sportId=67&categoryId=6601"],
    ])("answers 404 for %s", async (_what, query) => {
      const res = await get(`/api/sport/info?${query}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    });

    it("answers 422 without an id or with a bad one", async () => {
      const none = await get("/api/sport/info?locale=en");
      expect(none.status).toBe(422);
      expect(none.body).toMatchObject({
        code: "validation_error",
        errors: { sportId: [expect.any(String)] },
      });
      const bad = await get("/api/sport/info?categoryId=abc");
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toHaveProperty("categoryId");
    });
  });
});
