import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameProvider } from "#common/api/game";
import { SITE_LOCALES } from "#common/i18n/locales";
import { homeCtaText, lobbySize } from "../../app/features/games/lobby-size";
import { createI18n } from "../../app/lib/i18n";
import { buildApp } from "../../server/app";
import { createCache } from "../../server/cache";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { seedRequired } from "../../server/db/seed";
import { openTestDatabase } from "../../server/test/harness";

/**
 * Texts that count games or studios, or list payment methods, say what this server's catalogue holds (decision
 * 0047): the demo's figures on a demo site, the house games' on a production site without demo data, and the
 * configured processors' methods in the FAQ, or no such question at all when none is configured.
 */
type App = Awaited<ReturnType<typeof buildApp>>;

const catalogues = {
  demo: { env: { APP_ENV: "test" }, demo: true },
  production: {
    env: {
      APP_ENV: "production",
      PUBLIC_URL: "https://casino.example",
      JWT_SECRET: "claims-test-jwt-secret-0123456789abcdef",
      COOKIE_SECRET: "claims-test-cookie-secret-0123456789abcdef",
      DOCUMENTS_KEYS: `k1:${"ab".repeat(32)}`,
    },
    demo: false,
  },
};

for (const [name, c] of Object.entries(catalogues)) {
  describe(`texts on a ${name} catalogue`, () => {
    let database: Database;
    let app: App;
    let providers: GameProvider[];
    const get = async (url: string) => {
      const res = await app.inject(url);
      return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : undefined };
    };

    beforeAll(async () => {
      database = await openTestDatabase("pglite", { seed: c.demo });
      if (!c.demo) await seedRequired(database.db);
      app = await buildApp({
        config: loadConfig({ ...c.env, LOG_LEVEL: "silent" }),
        db: database.db,
        cache: createCache({}),
      });
      providers = (await get("/api/game/providers")).body.data;
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it("the casino's line counts the games and studios the lobby has, in every locale", async () => {
      const games = await get("/api/game/games?perPage=1");
      const size = lobbySize(providers)!;
      expect(size.games).toBe(games.body.meta.totalRows);
      expect(size.studios).toBe(c.demo ? 13 : 1);
      for (const { code: locale } of SITE_LOCALES) {
        const dictionaries = (await get(`/api/content/directories?locale=${locale}`)).body.data;
        const t = createI18n(locale, dictionaries).getFixedT(locale, "layout");
        const line = homeCtaText(t, providers);
        expect(line.match(/\d+/g)).toEqual([String(size.games), String(size.studios)]);
        // Not loaded: no figure at all.
        expect(homeCtaText(t, null)).not.toMatch(/\d/);
      }
    });

    it("the FAQ lists the configured deposit methods, or leaves the question out", async () => {
      for (const { code: locale } of SITE_LOCALES) {
        const question = await get(`/api/content/questions/deposit-methods?locale=${locale}`);
        const listed = (await get(`/api/content/questions?locale=${locale}`)).body.categories.flatMap(
          (g: { questions: { identity: string }[] }) => g.questions.map((q) => q.identity),
        );
        const teaser = (await get(`/api/content/home?locale=${locale}`)).body.sections
          .filter((s: { type: string }) => s.type === "faq")
          .flatMap((s: { questions: { identity: string }[] }) => s.questions.map((q) => q.identity));
        if (c.demo) {
          expect(question.status).toBe(200);
          for (const label of ["Visa / Mastercard", "PIX", "Bitcoin", "Cash agent"])
            expect(question.body.html).toContain(label);
          expect(question.body.html).not.toContain("{depositMethods}");
          expect(question.body.excerpt).not.toContain("{");
          expect(listed).toContain("deposit-methods");
          expect(teaser).toContain("deposit-methods");
        } else {
          expect(question.status).toBe(404);
          expect(listed).not.toContain("deposit-methods");
          expect(teaser).not.toContain("deposit-methods");
        }
        // The welcome package's question only while there is one.
        expect(listed.includes("welcome-package")).toBe(c.demo);
        expect((await get(`/api/content/questions/welcome-package?locale=${locale}`)).status).toBe(
          c.demo ? 200 : 404,
        );
      }
    });
  });
}

it("no content file states a number of games, studios or sports", () => {
  const root = join(import.meta.dirname, "../../content");
  // "300 games", "13 studios", "Более 300 игр", "mais de 100 esportes", "hundreds of slots".
  // Cyrillic needs the Unicode flag and letter classes: \b knows only ASCII letters.
  const claim =
    /(?<![\p{L}\d])(\d+\+?\s+(games?|studios?|providers?|slots?|sports?|jogos|estúdios|provedores|esportes|игр|студи|провайдер|видам спорта)|hundreds|dozens|centenas|dezenas|сотни|десятки)/iu;
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        for (const [i, line] of readFileSync(path, "utf8").split("\n").entries())
          if (claim.test(line))
            offenders.push(`${path.slice(root.length + 1)}:${i + 1}: ${line.trim().slice(0, 120)}`);
    }
  };
  walk(root);
  expect(offenders).toEqual([]);
});
