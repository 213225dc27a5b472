import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./support/base";
import { newPage, watchPageProblems } from "./support/browser";
import { HOME_JS_BUDGET_BYTES, homeInitialJs, kb } from "./support/bundle";
import { gameFrame, spin } from "./support/games";
import { call, hydrated, sandboxDeposit } from "./support/player";
import { liveUpdatesConnected } from "./support/site";

/**
 * Issue 19, analytics (decision 0019): with every integration configured — a local collector stands in for
 * the tag manager's, the counter's and the recorder's script hosts, the ad pixel and the error-reporting DSN —
 * a visit, a registration through the form, four deposits and a bet send the pixel exactly the spec's codes
 * (point 9) in order, once each; a reload and a second tab send nothing again; the integrations are requested
 * only after the page's load (after first paint) and the home page's first-paint JavaScript stays in budget.
 */

interface Hit {
  path: string;
  query: Record<string, string>;
  at: number;
}

const hits: Hit[] = [];
let collector: Server;
let collectorUrl: string;
let server: RunningServerLike;
type RunningServerLike = { baseUrl: string; stop: () => Promise<void> };

const SCRIPTS: Record<string, string> = {
  "/gtm.js": "window.__gtmLoaded = true;",
  "/counter/tag.js": "window.__counterLoaded = true;",
  "/recorder/lh0rec": "window.__recorderLoaded = true;",
};

beforeAll(async () => {
  collector = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://collector");
    hits.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), at: Date.now() });
    req.resume();
    const script = SCRIPTS[url.pathname];
    if (script) {
      res
        .writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" })
        .end(script);
      return;
    }
    res.writeHead(url.pathname === "/px" ? 204 : 200, { "access-control-allow-origin": "*" }).end();
  });
  await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  const { startServer } = await import("./support/server");
  server = await startServer({
    quiet: true,
    env: {
      GTM_ID: "GTM-LH19TEST",
      GTM_SCRIPT_URL: `${collectorUrl}/gtm.js`,
      COUNTER_ID: "19190019",
      COUNTER_SCRIPT_URL: `${collectorUrl}/counter/tag.js`,
      RECORDER_ID: "lh0rec",
      RECORDER_SCRIPT_URL: `${collectorUrl}/recorder/`,
      PIXEL_URL: `${collectorUrl}/px`,
      FINGERPRINT_ENABLED: "true",
      // The library's 0.1 % monitoring ping would leave the machine: off in the test.
      FINGERPRINT_MONITORING: "false",
      SENTRY_DSN: `http://publickey@${collectorUrl.slice("http://".length)}/19`,
    },
  });
  useServer(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  collector?.closeAllConnections(); // (the shared browser may keep a connection alive: see cookie-consent)
  await new Promise((r) => collector?.close(r));
});

const pixelCodes = () => hits.filter((h) => h.path === "/px").map((h) => Number(h.query.event));

async function waitForCodes(expected: number[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pixelCodes().length >= expected.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(pixelCodes()).toEqual(expected);
}

/** Where the integrations' scripts started, against the page's load event and first contentful paint. */
async function scriptTiming(page: Page) {
  return page.evaluate((host) => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((r) => r.name.startsWith(host) && (r as PerformanceResourceTiming).initiatorType === "script")
      .map((r) => ({ name: r.name, start: r.startTime }));
    return { loadEnd: nav.loadEventEnd, fcp, scripts };
  }, collectorUrl);
}

describe("analytics and the ad-pixel funnel", () => {
  it("with everything configured the home page stays in its JavaScript budget, none of it in the first paint", async () => {
    const { gzipBytes, scripts } = await homeInitialJs(server.baseUrl);
    console.log(`home initial JS with every integration configured: ${kb(gzipBytes)} gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
    // The SDKs are lazy chunks: neither Sentry's nor the fingerprint library's code is in the entry.
    for (const s of scripts) {
      const body = readFileSync(join("build", "client", s.path)).toString();
      expect(body, s.path).not.toContain("sentry.javascript");
      expect(body, s.path).not.toContain("openfpcdn");
    }
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).not.toMatch(new RegExp(`<script[^>]+src="${collectorUrl}`));
  });

  it("a visit, a registration, four deposits and a bet send exactly the spec's codes in order, once each", async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    page.setDefaultTimeout(20_000);
    const problems = watchPageProblems(page);
    const registrations: Request[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/player/register")) registrations.push(r);
    });

    // The visit: 80, once the page has loaded; the integrations' scripts only after the load event.
    await page.goto("/");
    await hydrated(page);
    await waitForCodes([80]);
    await page.waitForFunction(() => {
      const w = window as unknown as Record<string, unknown>;
      return w.__gtmLoaded && w.__counterLoaded && w.__recorderLoaded;
    });
    const timing = await scriptTiming(page);
    expect(timing.scripts.map((s) => new URL(s.name).pathname).sort()).toEqual([
      "/counter/tag.js",
      "/gtm.js",
      "/recorder/lh0rec",
    ]);
    expect(timing.fcp).not.toBeNull();
    for (const s of timing.scripts) {
      expect(s.start, s.name).toBeGreaterThanOrEqual(timing.loadEnd);
      expect(s.start, s.name).toBeGreaterThan(timing.fcp!);
    }
    expect(hits.find((h) => h.path === "/gtm.js")?.query.id).toBe("GTM-LH19TEST");

    // Registration through the form: 81, with the visitor fingerprint and the pixel's visitor id.
    const email = `funnel-${Date.now().toString(36)}@example.com`;
    await page.goto("/?sign-up=true");
    const dialog = page.getByTestId("modal-sign-up");
    await dialog.waitFor({ state: "visible" });
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.locator('input[name="password"]').fill("Harbor-Tide-4821");
    await dialog.locator('input[name="password_confirmation"]').fill("Harbor-Tide-4821");
    await dialog.getByTestId("agreements").check();
    await dialog.getByRole("button", { name: "Create account" }).click();
    await dialog.waitFor({ state: "detached" });
    await waitForCodes([80, 81]);
    const body = registrations[0]!.postDataJSON() as { fingerprint?: string; frogoFingerprint?: string };
    expect(body.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const visitor = hits.find((h) => h.path === "/px")!.query.vid;
    expect(body.frogoFingerprint).toBe(visitor);
    const playerId = hits.filter((h) => h.path === "/px").at(-1)!.query.uid!;
    expect(playerId).toMatch(/^\d+$/);

    // Four paid deposits while the page listens: ftd, dep2, dep3, dep4, each followed by deposit. (A page
    // load of the player's, the same visit, so its live updates follow the player's channels from the start.)
    await page.goto("/");
    await hydrated(page);
    await liveUpdatesConnected(page);
    const token = (await page.context().cookies()).find((c) => c.name === "access_token")!.value;
    await call("/api/wallet/accounts", { body: { currency: "USD" }, token }).catch(() => undefined);
    const expected = [80, 81];
    for (const code of [83, 84, 85, 86]) {
      await sandboxDeposit(token, "25");
      expected.push(code, 89);
      await waitForCodes(expected);
    }

    // A real-money round of the house slot: bet, then bet30. The game page is a new page load: the same visit.
    await page.goto("/game/harbor-fortune?real=true");
    await hydrated(page);
    await liveUpdatesConnected(page);
    await spin(await gameFrame(page, "real"));
    expected.push(88, 90);
    await waitForCodes(expected);
    // A second round is not a new fact.
    await spin(await gameFrame(page, "real"));

    // A reload and a second tab of the same browser: nothing is sent again.
    await page.reload();
    await hydrated(page);
    const second = await page.context().newPage();
    await second.goto("/");
    await hydrated(second);
    await second.waitForFunction(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded);
    await new Promise((r) => setTimeout(r, 1500));
    expect(pixelCodes()).toEqual([80, 81, 83, 89, 84, 89, 85, 89, 86, 89, 88, 90]);
    expect(new Set(hits.filter((h) => h.path === "/px").map((h) => h.query.vid))).toEqual(new Set([visitor]));

    // The tag manager's dataLayer carries the funnel; the recorder knows the player by id, the counter the goals.
    const seen = await second.evaluate(() => {
      const w = window as unknown as {
        dataLayer: { event?: string }[];
        clarity: { q?: unknown[][] };
        ym: { a?: unknown[][] };
      };
      return {
        layer: w.dataLayer.map((e) => e.event),
        recorder: w.clarity.q,
        counter: w.ym.a?.map((a) => a[1]),
      };
    });
    expect(seen.layer).toContain("gtm.js");
    expect(seen.recorder).toContainEqual(["identify", playerId]);
    expect(seen.counter).toContain("init");
    // The reloaded page starts its tags after its first paint, as the second tab did: waited for the same way
    // (read at once, its dataLayer could still be missing: one newcomer run failed so).
    await page.waitForFunction(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded);
    const firstLayer = await page.evaluate(() =>
      (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.map((e) => e.event),
    );
    expect(firstLayer).toContain("gtm.js");
    expect(problems).toEqual([]);
    // The whole funnel in one visit (registration, four paid deposits, two rounds, a second tab): 30 s on a
    // quiet machine, past the 60 s default on a busy one.
  }, 150_000);

  it("leaving the sign-up form without registering sends regnotfin once", async () => {
    const page = await newPage({ width: 390, height: 844, isMobile: true });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    const before = pixelCodes().length;
    await page.goto("/?sign-up=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-up");
    await dialog.waitFor({ state: "visible" });
    await page.waitForFunction(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.goto("/?sign-up=true");
    await dialog.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    const deadline = Date.now() + 10_000;
    while (pixelCodes().length < before + 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    expect(pixelCodes().slice(before)).toEqual([80, 82]);
  });
});
