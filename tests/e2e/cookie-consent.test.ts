import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServer } from "./support/base";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { hydrated } from "./support/player";

/**
 * Issue 36 item 9, the cookie notice as GDPR/ePrivacy guidance asks: Accept all, Reject all and Choose
 * (necessary always on, analytics, marketing); with every integration configured, nothing of theirs is
 * requested before a choice or after a rejection, and everything after acceptance; the choice persists and the
 * footer's "Cookie settings" changes it; on a phone the notice takes at most 35 % of the first screen.
 */

const hits: string[] = [];
let collector: Server;
let collectorUrl: string;
let server: { baseUrl: string; stop: () => Promise<void> };

beforeAll(async () => {
  collector = createServer((req, res) => {
    hits.push(new URL(req.url ?? "/", "http://collector").pathname);
    req.resume();
    const script = req.url?.startsWith("/gtm.js") ? "window.__gtmLoaded = true;" : "";
    res.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" }).end(script);
  });
  await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  const { startServer } = await import("./support/server");
  // The default configuration asks for consent (ANALYTICS_REQUIRE_CONSENT is not set here).
  server = await startServer({
    quiet: true,
    env: {
      GTM_ID: "GTM-LH36TEST",
      GTM_SCRIPT_URL: `${collectorUrl}/gtm.js`,
      COUNTER_ID: "36360036",
      COUNTER_SCRIPT_URL: `${collectorUrl}/counter/tag.js`,
      RECORDER_ID: "lh36rec",
      RECORDER_SCRIPT_URL: `${collectorUrl}/recorder/`,
      PIXEL_URL: `${collectorUrl}/px`,
      FINGERPRINT_ENABLED: "true",
      FINGERPRINT_MONITORING: "false",
    },
  });
  useServer(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  // The shared browser may still hold a keep-alive connection to the collector, and close() waits for every
  // connection to end (a newcomer run's afterAll waited its whole 120 s): cut them first.
  collector?.closeAllConnections();
  await new Promise((r) => collector?.close(r));
});

/** What the page asked of the analytics hosts, and whether it stored a visitor id. */
async function analyticsTraffic(page: Page) {
  // The integrations start after the load event and an idle moment: wait past both.
  await page.waitForTimeout(3500);
  return {
    scripts: await page.evaluate(
      (host) => [...document.scripts].map((s) => s.src).filter((src) => src.startsWith(host)),
      collectorUrl,
    ),
    visitor: await page.evaluate(() => localStorage.getItem("analyticsVisitor")),
  };
}

async function visitor(width: number) {
  const mobile = width < 600;
  const page = await newPage({ width, height: mobile ? 844 : 800, isMobile: mobile });
  page.setDefaultTimeout(20_000);
  return page;
}

async function shoot(page: Page, name: string) {
  for (const mode of ["dark", "light"] as const) {
    await page.evaluate((m) => {
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(m);
    }, mode);
    await saveScreenshot(page, `${name}-${mode}`);
  }
}

describe("the cookie notice asks first", { timeout: 120_000 }, () => {
  it("loads no analytics before a choice nor after Reject all, and remembers the rejection", async () => {
    const page = await visitor(390);
    const problems = watchPageProblems(page);
    hits.length = 0;
    await page.goto("/");
    await hydrated(page);
    const notice = page.getByTestId("modal-cookie-request");
    await notice.waitFor();
    // Compact on a phone: at most 35 % of the 390×844 first screen.
    const box = (await notice.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 * 0.35);
    await shoot(page, "cookie-notice");
    expect(await analyticsTraffic(page)).toEqual({ scripts: [], visitor: null });
    expect(hits).toEqual([]);

    await notice.getByRole("button", { name: "Reject all" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await hydrated(page);
    expect(await analyticsTraffic(page)).toEqual({ scripts: [], visitor: null });
    expect(await notice.count()).toBe(0);
    expect(hits).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("loads the analytics after Accept all, and the footer's Cookie settings takes it back", async () => {
    const page = await visitor(1280);
    hits.length = 0;
    await page.goto("/");
    await hydrated(page);
    const notice = page.getByTestId("modal-cookie-request");
    await notice.waitFor();
    await shoot(page, "cookie-notice");
    expect(hits).toEqual([]);
    await notice.getByRole("button", { name: "Accept all" }).click();
    await page.waitForFunction(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded);
    // The visit's pixel request follows the scripts once the integrations' chunk is in.
    await expect
      .poll(() => hits, { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["/gtm.js", "/counter/tag.js", "/recorder/lh36rec", "/px"]));

    // Changed later: the footer opens the notice with the stored choice; analytics off, the page reloads clean.
    await page.getByTestId("footer-cookie-settings").click();
    await notice.waitFor();
    const categories = notice.getByTestId("cookie-categories");
    expect(await categories.getByRole("checkbox", { name: /Analytics/ }).isChecked()).toBe(true);
    await shoot(page, "cookie-settings");
    await categories.getByRole("checkbox", { name: /Analytics/ }).uncheck();
    await categories.getByRole("checkbox", { name: /Marketing/ }).uncheck();
    hits.length = 0;
    await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "Save" }).click()]);
    await hydrated(page);
    expect(await analyticsTraffic(page)).toMatchObject({ scripts: [] });
    expect(hits).toEqual([]);
  });

  it("lets a visitor choose analytics without marketing: the counter loads, the ad pixel does not", async () => {
    const page = await visitor(390);
    hits.length = 0;
    await page.goto("/");
    await hydrated(page);
    const notice = page.getByTestId("modal-cookie-request");
    await notice.getByRole("button", { name: "Choose" }).click();
    const categories = notice.getByTestId("cookie-categories");
    const box = (await notice.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 * 0.35);
    await shoot(page, "cookie-choose");
    await categories.getByRole("checkbox", { name: /Analytics/ }).check();
    await notice.getByRole("button", { name: "Save" }).click();
    await page.waitForFunction(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded);
    await page.waitForTimeout(1000);
    expect(hits).toEqual(expect.arrayContaining(["/gtm.js", "/counter/tag.js"]));
    expect(hits).not.toContain("/px");
  });
});
