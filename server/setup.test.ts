import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BONUS_CODE_STATUS } from "#common/constants";
import { buildApp } from "./app";
import { createCache } from "./cache";
import { loadConfig } from "./config";
import type { Database } from "./db/client";
import { seedRequired } from "./db/seed";
import { gameProviders, games } from "./modules/game/tables";
import { caller } from "./modules/player/test-support";
import { setUpSite } from "./setup";
import { dbKinds, freshPostgresDatabase, openTestDatabase } from "./test/harness";

/** A production server's settings: its secrets and address, nothing else (no sandbox, no demo data). */
const PRODUCTION = {
  APP_ENV: "production",
  PUBLIC_URL: "https://casino.example",
  JWT_SECRET: "setup-test-jwt-secret-0123456789abcdef",
  COOKIE_SECRET: "setup-test-cookie-secret-0123456789abcdef",
  DOCUMENTS_KEYS: `k1:${"ab".repeat(32)}`,
  LOG_LEVEL: "silent",
  BEHIND_CLOUDFLARE: "true",
};
const OWNER = { admin: "owner@casino.example", password: "a-long-owner-password" };

for (const kind of dbKinds()) {
  describe(`npm run setup, then a production start [${kind}]`, () => {
    let database: Database;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let firstRun: string[];
    const config = loadConfig(PRODUCTION);
    const { call, register } = caller(() => app);

    beforeAll(async () => {
      // A migrated database with nothing in it, as an operator's new PostgreSQL is after the first migration.
      database = await openTestDatabase(kind, { seed: false });
      firstRun = await setUpSite(database, config, OWNER);
      app = await buildApp({ config, db: database.db, cache: createCache({}) });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it("creates the first staff member with every role, who signs in to the back office", async () => {
      expect(firstRun.join("\n")).toMatch(/First staff member owner@casino\.example created with every role/);
      expect(firstRun.join("\n")).toContain("https://casino.example/admin");
      const signIn = await call({
        url: "/api/admin/session",
        body: { email: OWNER.admin, password: OWNER.password },
      });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      // The first sign-in enrols the second factor.
      expect(signIn.body.data.enrol).toBeDefined();
    });

    it("runs again without change, and refuses a second first administrator", async () => {
      const again = await setUpSite(database, config, { admin: "OWNER@casino.example" });
      expect(again.join("\n")).toMatch(/already a staff member: nothing changed/);
      expect(again.join("\n")).not.toMatch(/password \(shown this once/);
      await expect(setUpSite(database, config, { admin: "someone@casino.example" })).rejects.toThrow(
        /already has staff \(owner@casino\.example\)/,
      );
      const signIn = await call({
        url: "/api/admin/session",
        body: { email: OWNER.admin, password: OWNER.password },
      });
      expect(signIn.status).toBe(200);
    });

    it("serves the house games only: no made-up studio, title or market collection", async () => {
      const providers = await call({ method: "GET", url: "/api/game/providers" });
      expect(providers.body.data.map((p: { identity: string }) => p.identity)).toEqual(["lucky-harbor"]);
      const games = await call({ method: "GET", url: "/api/game/games?perPage=100" });
      expect(games.body.meta.totalRows).toBeGreaterThan(0);
      expect(games.body.data.filter((g: { isDemoContent: boolean }) => g.isDemoContent)).toEqual([]);
      const collections = await call({
        method: "GET",
        url: "/api/game/collections",
        headers: { "cf-ipcountry": "BR" },
      });
      const identities = collections.body.data.map((c: { identity: string }) => c.identity);
      expect(identities).toContain("originals");
      expect(identities).not.toContain("brazil-favourites");
    });

    it("offers no bonus, code, quest or loyalty level nobody chose, and no sandbox payment method", async () => {
      expect((await call({ method: "GET", url: "/api/game/bonuses" })).body.data).toEqual([]);
      const { accessToken: token } = await register();
      const code = await call({
        url: "/api/game/bonuses/bonuscodes/preview",
        body: { bonusCode: "WELCOME10", trigger: "manual" },
        token,
      });
      expect(code.body.data.status).toBe(BONUS_CODE_STATUS.incorrect);
      expect((await call({ method: "GET", url: "/api/retention/quests", token })).body.data).toEqual([]);
      expect((await call({ method: "GET", url: "/api/retention/levels" })).body.data).toEqual([]);
      const methods = await call({
        method: "GET",
        url: "/api/payment/methods/deposit?currency=USD&country=DE",
      });
      // The other helpers' processors are not configured here either: the cashier offers nothing at all.
      expect(methods.body).toEqual({ data: [], methods: [] });
    });

    it("a restart's seed keeps where staff offer a house game and the studios' order", async () => {
      const [game] = await database.db.select().from(games).limit(1);
      await database.db
        .update(games)
        .set({ restrictedCountries: ["TR"], countries: ["BR"] })
        .where(eq(games.id, game!.id));
      await database.db.update(gameProviders).set({ sortOrder: 7 });
      await seedRequired(database.db);
      const [after] = await database.db.select().from(games).where(eq(games.id, game!.id));
      expect([after!.countries, after!.restrictedCountries]).toEqual([["BR"], ["TR"]]);
      const providers = await database.db.select({ sortOrder: gameProviders.sortOrder }).from(gameProviders);
      expect(providers).toEqual([{ sortOrder: 7 }]);
    });

    it("keeps currencies and countries every site needs", async () => {
      const currencies = await call({ method: "GET", url: "/api/settings/currencies" });
      expect(currencies.status).toBe(200);
      expect(JSON.stringify(currencies.body)).toContain('"USD"');
      const countries = await call({ method: "GET", url: "/api/settings/countries" });
      expect(JSON.stringify(countries.body)).toContain('"BR"');
    });
  });
}

describe("a server with no payment processor", () => {
  it("starts, and warns that players can neither deposit nor withdraw", { timeout: 60_000 }, async () => {
    const database = await openTestDatabase("pglite", { seed: false });
    const logs = (env: Record<string, string>) => {
      const lines: string[] = [];
      const logStream = { write: (line: string) => void lines.push(line) };
      return {
        lines,
        build: () =>
          buildApp({ config: loadConfig(env), db: database.db, cache: createCache({}), logStream }),
      };
    };
    try {
      const production = logs({ ...PRODUCTION, LOG_LEVEL: "warn" });
      await (await production.build()).close();
      expect(production.lines.join("")).toMatch(/no payment processor is configured/);
      // With the sandbox's methods in the catalogue, nothing to warn about.
      const test = logs({ APP_ENV: "test", LOG_LEVEL: "warn" });
      await (await test.build()).close();
      expect(test.lines.join("")).not.toMatch(/no payment processor/);
    } finally {
      await database.close();
    }
  });
});

describe("the demo data, for comparison", () => {
  it("names made-up studios, codes and quests: what the production setup leaves out", async () => {
    const database = await openTestDatabase("pglite");
    const app = await buildApp({
      config: loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent" }),
      db: database.db,
      cache: createCache({}),
    });
    try {
      const providers = (await app.inject("/api/game/providers")).json().data as { isDemoContent: boolean }[];
      expect(providers.filter((p) => p.isDemoContent).length).toBeGreaterThan(0);
      expect((await app.inject("/api/game/bonuses")).json().data.length).toBeGreaterThan(0);
      expect((await app.inject("/api/retention/levels")).json().data.length).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});

/** Runs one of the server's commands as an operator would (through tsx, as `npm run dev` does), with only `env`. */
async function command(file: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", file, ...args],
      {
        env: { PATH: process.env.PATH ?? "", ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("the commands an operator runs", () => {
  it("a production start with default settings refuses, listing what is missing", {
    timeout: 60_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "prod-start-"));
    try {
      const start = await command("server/main.ts", [], { APP_ENV: "production", DATA_DIR: dataDir });
      expect(start.code).toBe(78); // EX_CONFIG
      expect(start.stderr).toContain(
        [
          "Invalid configuration:",
          "  JWT_SECRET: required in production (at least 32 characters)",
          "  COOKIE_SECRET: required in production (at least 32 characters)",
          "  PUBLIC_URL: required in production (the site's address, for links, e-mails and webhooks)",
          "  DOCUMENTS_KEYS: required in production (id:<64 hex characters>; `openssl rand -hex 32`)",
        ].join("\n"),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  for (const kind of dbKinds())
    it(`npm run setup sets up an empty database once [${kind}]`, { timeout: 120_000 }, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "setup-"));
      const postgres = kind === "postgres" ? await freshPostgresDatabase() : undefined;
      const env = {
        ...PRODUCTION,
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      };
      try {
        const usage = await command("server/setup-command.ts", [], env);
        expect([usage.code, usage.stderr]).toEqual([64, expect.stringContaining("--admin you@example.com")]);
        const first = await command("server/setup-command.ts", ["--admin", "owner@casino.example"], env);
        expect(first.code, first.stderr).toBe(0);
        expect(first.stdout).toContain(`Database (${kind}) migrated`);
        expect(first.stdout).toMatch(/password \(shown this once[^)]*\): \S{20}/);
        const second = await command("server/setup-command.ts", ["--admin", "other@casino.example"], env);
        expect(second.code).toBe(1);
        expect(second.stderr).toContain("already has staff (owner@casino.example)");
        // A production setup refuses what a production start would.
        const { JWT_SECRET: _jwt, ...noSecret } = env;
        const refused = await command(
          "server/setup-command.ts",
          ["--admin", "owner@casino.example"],
          noSecret,
        );
        expect([refused.code, refused.stderr]).toEqual([78, expect.stringContaining("JWT_SECRET: required")]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await postgres?.drop();
      }
    });
});
