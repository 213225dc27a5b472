import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { caller } from "../modules/player/test-support";
import { openTestDatabase } from "../test/harness";
import { guestPageKey, guestPages, hasSessionCookie } from "./guest-pages";
import { sitePagePolicy } from "./security-headers";
import { BUILD_DIR, registerSite } from "./ssr";

// Builds an app with the site: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const hasBuild = existsSync(resolve(BUILD_DIR, "server/index.js"));
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** The nonce every script of a page carries, and the one its policy allows. */
const scriptNonces = (html: string) =>
  new Set([...html.matchAll(/<script nonce="([^"]+)"/g)].map((m) => m[1]));
const policyNonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe("guest page key", () => {
  const req = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    ({ method, url, headers }) as unknown as Parameters<typeof guestPageKey>[0];

  it("shares only GET requests for the home route without the session cookie", () => {
    for (const url of ["/", "/ru", "/main", "/ru/main", "/?stag=aff"])
      expect(guestPageKey(req(url)), url).toBeDefined();
    for (const url of [
      "/games",
      "/profile",
      "/vip-club",
      "/ru/games",
      "/main/x",
      "//main",
      "/ru/verify/abc",
      "/wallet/history",
      "/redirect?to=x",
    ])
      expect(guestPageKey(req(url)), url).toBeUndefined();
    expect(guestPageKey(req("/", {}, "POST"))).toBeUndefined();
    expect(guestPageKey(req("/", { cookie: "theme=dark; access_token=abc" }))).toBeUndefined();
    expect(guestPageKey(req("/", { cookie: "access_token=" }))).toBeUndefined();
    expect(guestPageKey(req("/", { cookie: "my_access_token=1" }))).toBeDefined();
  });

  it("keys on everything the render reads from the request", () => {
    const base = { "user-agent": FIREFOX, "accept-language": "en", "cf-ipcountry": "DE", host: "a" };
    const key = guestPageKey(req("/", base));
    expect(guestPageKey(req("/", { ...base, cookie: "_ga=1" }))).toBe(key);
    expect(guestPageKey(req("/", { ...base, "accept-language": "en-US,en;q=0.9" }))).toBe(key);
    for (const other of [
      req("/ru", base),
      req("/?x=1", base),
      req("/", { ...base, "cf-ipcountry": "GB" }),
      req("/", { ...base, "accept-language": "ru" }),
      req("/", { ...base, "user-agent": IPHONE }),
      req("/", { ...base, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
      req("/", { ...base, host: "b" }),
    ])
      expect(guestPageKey(other)).not.toBe(key);
  });

  it("reads the session cookie by name", () => {
    expect(hasSessionCookie("a=1; access_token=x")).toBe(true);
    expect(hasSessionCookie("access_token_old=x; b=access_token")).toBe(false);
  });
});

describe("guest pages over a real server", () => {
  let server: Server;
  let base = "";
  let renders = 0;
  let clock = 0;
  const pages = guestPages({ ttlMs: 5_000, maxEntries: 2, now: () => clock });
  const nonces: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const nonce = `nonce${nonces.length}+/=`;
      nonces.push(nonce);
      const key = guestPageKey(req);
      if (key !== undefined) {
        if (pages.serve(key, nonce, res)) return;
        pages.capture(key, nonce, res);
      }
      renders++;
      const url = req.url ?? "/";
      const status = url.includes("missing") ? 404 : 200;
      const headers = ["content-type", "text/html"];
      if (url.includes("cookie")) headers.push("set-cookie", "a=1");
      res.writeHead(status, headers);
      res.write(`<script nonce="${nonce}">1</script>`);
      res.end(`<p>${url} ${req.headers["cf-ipcountry"] ?? ""} render ${renders}</p>`);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("serves a stored page with a nonce of its own, until it is too old", async () => {
    const first = await (await fetch(`${base}/`)).text();
    const second = await (await fetch(`${base}/`)).text();
    expect(renders).toBe(1);
    expect(second).toContain("render 1");
    expect(scriptNonces(first)).toEqual(new Set([nonces[0]]));
    expect(scriptNonces(second)).toEqual(new Set([nonces[1]]));
    expect(second).not.toContain(nonces[0]);
    clock += 5_000;
    expect(await (await fetch(`${base}/`)).text()).toContain("render 2");
  });

  it("keeps another country's page apart", async () => {
    const gb = await (await fetch(`${base}/ru`, { headers: { "cf-ipcountry": "GB" } })).text();
    const de = await (await fetch(`${base}/ru`, { headers: { "cf-ipcountry": "DE" } })).text();
    expect(gb).toContain("GB");
    expect(de).toContain("DE");
    expect(de).not.toBe(gb.replace(/nonce\d+/, ""));
  });

  it("never stores an error, a page setting a cookie, or a player's page", async () => {
    const before = renders;
    await fetch(`${base}/missing`);
    await fetch(`${base}/missing`);
    await fetch(`${base}/cookie`);
    await fetch(`${base}/cookie`);
    const player = { cookie: "access_token=t" };
    await fetch(`${base}/main`, { headers: player });
    await fetch(`${base}/main`, { headers: player });
    expect(renders - before).toBe(6);
  });
});

describe.skipIf(!hasBuild)("guest pages of the built site", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const page = (headers: Record<string, string> = {}, url = "/") =>
    app.inject({ url, headers: { "user-agent": FIREFOX, "accept-language": "en", ...headers } });

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", BEHIND_CLOUDFLARE: "true" });
    app = await buildApp({ config, db: database.db });
    await registerSite(app, {
      dev: false,
      // Nothing listens there: the pages must reach the API in process.
      apiBaseUrl: () => "http://127.0.0.1:9",
      redirectHosts: [],
      buildCheckSeconds: 300,
      guestPageSeconds: 60,
      pagePolicy: sitePagePolicy(config),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("gives every copy of a guest's page a nonce of its own, the one its policy allows", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await page({ "cf-ipcountry": "DE" });
      expect(res.statusCode).toBe(200);
      const nonce = policyNonce(res.headers["content-security-policy"]);
      expect(nonce).toBeTruthy();
      expect(scriptNonces(res.body)).toEqual(new Set([nonce]));
      seen.add(nonce as string);
    }
    expect(seen.size).toBe(3);
  });

  it("never gives a guest a player's page nor a player the guests' page", async () => {
    const { register } = caller(() => app);
    const player = await register();
    const guestBefore = await page({ "cf-ipcountry": "DE" });
    const signedIn = await page({ "cf-ipcountry": "DE", cookie: `access_token=${player.accessToken}` });
    const guestAfter = await page({ "cf-ipcountry": "DE" });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain(player.email);
    expect(guestBefore.body).not.toContain(player.email);
    expect(guestAfter.body).not.toContain(player.email);
    expect(guestAfter.body).not.toContain(player.accessToken);
  });

  it("keeps the restricted country's layout to that country", async () => {
    const restricted = await page({ "cf-ipcountry": "GB" }, "/main");
    const allowed = await page({ "cf-ipcountry": "DE" }, "/main");
    const restrictedAgain = await page({ "cf-ipcountry": "GB" }, "/main");
    expect(restricted.body).toContain('data-testid="geo-restricted"');
    expect(restrictedAgain.body).toContain('data-testid="geo-restricted"');
    expect(allowed.body).not.toContain('data-testid="geo-restricted"');
  });

  it("keeps a locale's page to its locale and a phone's page to phones", async () => {
    const ru = await page({ "cf-ipcountry": "DE", "accept-language": "ru" }, "/ru");
    const en = await page({ "cf-ipcountry": "DE" }, "/");
    expect(ru.body).toContain('lang="ru');
    expect(en.body).toContain('lang="en');
    const phone = await page({ "cf-ipcountry": "DE", "user-agent": IPHONE });
    const desktop = await page({ "cf-ipcountry": "DE" });
    expect(phone.body).toContain('\\"mobileAgent\\",true');
    expect(desktop.body).not.toContain('\\"mobileAgent\\",true');
  });
});
