import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiOperations, operationName } from "../../server/test/openapi";
import { type RunningServer, startServer } from "./support/server";

/**
 * What ships, checked on the built server (`node build/server-app/main.js`, as `npm start` runs it), where the
 * API and the site's server-rendering bundle live in one process: issue #35 found holes there that the tests
 * from source could not see.
 */
const baseUrl = inject("baseUrl");

/** The served document read through the same helper the API fuzz uses, from a live server instead of inject. */
const overHttp = (url: string) =>
  ({
    inject: async ({ url: path }: { url: string }) => {
      const res = await fetch(`${url}${path}`);
      const text = await res.text();
      return { statusCode: res.status, json: () => JSON.parse(text) };
    },
  }) as unknown as FastifyInstance;

describe("the API document on the built server", () => {
  it("answers 200 with OpenAPI 3.1 listing every operation the source declares, every $ref resolved", async () => {
    const res = await fetch(`${baseUrl}/api/docs/json`);
    const body = await res.text();
    // It answered 500 "Duplicate schema id AdminNote": the site's bundle registers its own copy of the contract.
    expect(res.status, body.slice(0, 300)).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ openapi: "3.1.0", info: { title: "Lucky Harbor API" } });
    const built = (await apiOperations(overHttp(baseUrl))).map(operationName).sort();

    const { createTestApp } = await import("../../server/test/harness");
    const source = await createTestApp("pglite", { seed: false });
    try {
      const declared = (await apiOperations(source.app)).map(operationName).sort();
      expect(declared.length).toBeGreaterThan(150);
      expect(built).toEqual(declared);
    } finally {
      await source.app.close();
      await source.database.close();
    }
  });
});

describe("errors before any route on the built server", () => {
  const expectApiError = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["code", "errors", "message"]);
    expect(text).not.toMatch(/FST_|statusCode/);
  };

  it("a path that does not decode answers 400 in the one error shape", async () => {
    await expectApiError(await fetch(`${baseUrl}/%ff`), 400);
    await expectApiError(await fetch(`${baseUrl}/api/%ff`), 400);
  });

  it("a 20 KB header answers 431 in the one error shape", async () => {
    await expectApiError(
      await fetch(`${baseUrl}/api/settings/currencies`, { headers: { "x-big": "x".repeat(20_000) } }),
      431,
    );
  });
});

describe("the site's icon on the built server", () => {
  // A page that names no icon (the payment sandbox's checkout) made the browser ask for /favicon.ico, which
  // rendered the site's 404 page and logged a console error on the checkout (issue 36's first-session journey).
  it("sends /favicon.ico to the SVG icon, which is served", async () => {
    const res = await fetch(`${baseUrl}/favicon.ico`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([301, "/favicon.svg"]);
    const icon = await fetch(`${baseUrl}/favicon.svg`);
    expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
  });
});

describe("/redirect on the built site", () => {
  for (const to of [
    "/.//evil.example/phish",
    "/..//evil.example",
    "/%2e//evil.example",
    "/././/evil.example",
    "/%2e%2e//evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
  ]) {
    it(`writes no link off the site for ${JSON.stringify(to)}`, async () => {
      const res = await fetch(`${baseUrl}/redirect?to=${encodeURIComponent(to)}`);
      const html = await res.text();
      expect(res.status, html.slice(0, 300)).toBe(200);
      expect(html).toContain("<main");
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
      for (const href of hrefs) {
        const where = new URL(href, baseUrl);
        expect(where.origin, href).toBe(new URL(baseUrl).origin);
        expect(href, href).not.toMatch(/^\/[/\\]/);
      }
    });
  }
});

describe("a production build started with NODE_ENV=production and no APP_ENV", () => {
  let server: RunningServer;
  beforeAll(async () => {
    const secret = "built-server-test-secret-0123456789abcdef";
    server = await startServer({
      env: {
        NODE_ENV: "production",
        JWT_SECRET: secret,
        COOKIE_SECRET: secret,
        DOCUMENTS_KEYS: `k1:${"ab".repeat(32)}`,
      },
      without: ["APP_ENV"],
      quiet: true,
    });
  });
  afterAll(() => server?.stop());

  it("runs as production: the dev outbox (reset links, codes) answers 404", async () => {
    const res = await fetch(`${server.baseUrl}/api/dev/outbox`);
    const text = await res.text();
    expect(res.status, text).toBe(404);
    expect(JSON.parse(text)).toMatchObject({ code: "not_found" });
  });
});

describe("a production build after npm run setup (decision 0047)", () => {
  const secrets = {
    JWT_SECRET: "built-setup-test-jwt-secret-0123456789abcdef",
    COOKIE_SECRET: "built-setup-test-cookie-secret-0123456789ab",
    DOCUMENTS_KEYS: `k1:${"ab".repeat(32)}`,
  };
  const built = (file: string, args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [file, ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      encoding: "utf8",
    });
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "built-setup-"));
    const setup = built("build/server-app/setup-command.js", ["--admin", "owner@casino.example"], {
      APP_ENV: "production",
      PUBLIC_URL: "http://127.0.0.1",
      DATA_DIR: dataDir,
      ...secrets,
    });
    expect(setup.status, setup.stderr).toBe(0);
    server = await startServer({
      env: { APP_ENV: "production", DATA_DIR: dataDir, ...secrets },
      quiet: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to start with default settings, listing what is missing", () => {
    const start = built("build/server-app/main.js", [], { APP_ENV: "production", DATA_DIR: dataDir });
    expect(start.status).toBe(78);
    expect(start.stderr).toMatch(
      /JWT_SECRET: required[^\n]*\n {2}COOKIE_SECRET: required[^\n]*\n {2}PUBLIC_URL: required/,
    );
  });

  it("serves the site without demo data: the house games counted, no made-up studio, bonus or method", async () => {
    const home = await fetch(`${server.baseUrl}/`);
    const html = await home.text();
    expect(home.status).toBe(200);
    const providers = (await (await fetch(`${server.baseUrl}/api/game/providers`)).json()).data;
    expect(providers.map((p: { identity: string }) => p.identity)).toEqual(["lucky-harbor"]);
    expect(html).toContain(`${providers[0].gamesCount} games from 1 studio`);
    expect(html).not.toMatch(/Northwind|300 games|13 studios/);
    expect((await (await fetch(`${server.baseUrl}/api/game/bonuses`)).json()).data).toEqual([]);
    const methods = await fetch(`${server.baseUrl}/api/payment/methods/deposit?currency=USD&country=DE`);
    expect(await methods.json()).toEqual({ data: [], methods: [] });
  });
});
