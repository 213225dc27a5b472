import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { newPage, saveScreenshot } from "./support/browser";
import { hydrated, playerPage, registerPlayer, sandboxDeposit } from "./support/player";

/**
 * Issue #20: cumulative layout shift on the main pages, at 1280 and 390 px, stays at or below 0.05 (Google's
 * "good" is 0.1). A first-time visitor: no cookies accepted, so the cookie notice shows as it does for anyone
 * landing here; a player's pages with a signed-in, funded player.
 *
 * CLS as Chromium and web-vitals define it: layout-shift entries without recent input (buffered, so shifts
 * before the observer count too), grouped into session windows (a shift less than 1 s after the previous
 * one and at most 5 s after the window's first joins it), the largest window's sum. The plain sum of every
 * shift is printed beside it.
 */
const CLS_LIMIT = 0.05;

// A page is let settle twice (networkidle, up to 30 s each): a loaded CI machine took /game/harbor-fortune past
// the default 60 s, the measurement itself unfinished rather than failed.
vi.setConfig({ testTimeout: 120_000 });

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Records every layout shift of the page (with what moved, for the failure message) from its first byte. */
function recordShifts() {
  const shifts: Shift[] = [];
  window.__shifts = shifts;
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node ? node.nodeName : "?";
    const testid = node.getAttribute("data-testid");
    const cls = typeof node.className === "string" ? node.className.split(/\s+/).slice(0, 4).join(".") : "";
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${testid ? `[${testid}]` : ""}${cls ? `.${cls}` : ""}`;
  };
  type LayoutShiftSource = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
  type LayoutShift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: LayoutShiftSource[];
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        startTime: entry.startTime,
        sources: entry.sources.map(
          (s) =>
            `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
        ),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** The largest session window's sum (web-vitals' CLS). */
function sessionWindowCls(shifts: Shift[]): number {
  let max = 0;
  let sum = 0;
  let first = 0;
  let last = 0;
  for (const s of shifts) {
    if (sum > 0 && s.startTime - last < 1000 && s.startTime - first < 5000) sum += s.value;
    else {
      sum = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    max = Math.max(max, sum);
  }
  return max;
}

/** Waits until nothing has been fetched for half a second (the lazy parts after the first paint included). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
  // The sportsbook's lists load after the page and say so with aria-busy: the lab visitor scrolls once they are
  // in, as a player reads the page (on a loaded CI machine the scroll reached the footer before they came).
  await page
    .waitForFunction(() => !document.querySelector('.lsb [aria-busy="true"]'), null, { timeout: 15_000 })
    .catch(() => {});
  await page.waitForTimeout(500);
}

/**
 * Loads the page, waits for it to settle, scrolls through it a screen at a time (lazy images load as they
 * come near), settles again and answers the shifts seen.
 */
async function measure(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
  await hydrated(page);
  await settle(page);
  const screens = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight / innerHeight));
  for (let i = 0; i < Math.min(screens, 12); i++) {
    await page.evaluate(() => window.scrollBy(0, innerHeight * 0.8));
    await page.waitForTimeout(300);
  }
  await settle(page);
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  const sum = shifts.reduce((a, s) => a + s.value, 0);
  return { cls: sessionWindowCls(shifts), sum, shifts };
}

const report = (path: string, width: number, m: Awaited<ReturnType<typeof measure>>) =>
  [
    `${path} at ${width} px: CLS ${m.cls.toFixed(4)} (sum ${m.sum.toFixed(4)})`,
    ...m.shifts.map(
      (s) => `  ${s.value.toFixed(4)} at ${Math.round(s.startTime)} ms: ${s.sources.join("; ")}`,
    ),
  ].join("\n");

const GUEST_PAGES = [
  "/",
  "/games",
  "/games/providers",
  "/game/harbor-fortune",
  "/betting",
  "/bonuses",
  "/loyalty",
  "/welcome-package",
  "/static/terms",
  "/questions",
];
const PLAYER_PAGES = ["/wallet", "/profile"];
const WIDTHS = [1280, 390];

describe.each(WIDTHS)("layout shift at %i px", (width) => {
  const mobile = width < 600;

  it.each(GUEST_PAGES)(`%s stays within its CLS limit for a first-time guest`, async (path) => {
    // /betting's places are held from the sports' counts; on the e2e feed's fast clock (a match a minute and a
    // half) a live match may end between the counts and the lists, and a loaded machine widens that gap, so
    // that page gets a second look on a new page. A layout that really shifts fails both.
    const attempts = path === "/betting" ? 2 : 1;
    let m: Awaited<ReturnType<typeof measure>> | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const page = await newPage({ width, height: mobile ? 844 : 800, isMobile: mobile, motion: "full" });
      await page.context().addInitScript(recordShifts);
      m = await measure(page, path);
      console.log(report(path, width, m));
      if (m.cls <= CLS_LIMIT) break;
    }
    expect(m!.cls, report(path, width, m!)).toBeLessThanOrEqual(CLS_LIMIT);
  });

  describe("a signed-in player", () => {
    let token: string;
    beforeAll(async () => {
      ({ token } = await registerPlayer("cls"));
      await sandboxDeposit(token, "25");
    });

    it.each(PLAYER_PAGES)(`%s stays within its CLS limit`, async (path) => {
      const page = await playerPage(token, width);
      await page.context().addInitScript(recordShifts);
      const m = await measure(page, path);
      console.log(report(path, width, m));
      expect(m.cls, report(path, width, m)).toBeLessThanOrEqual(CLS_LIMIT);
    });
  });
});

/**
 * The sportsbook overview's lists come after the page when the player arrives from another page (seen in a full run: they came after the page had been
 * scrolled to the footer, and a short skeleton growing into the page pushed the footer out of view, CLS 0.53 at
 * 390 px). While they come, the overview holds their places at full size: here they are held back on purpose,
 * and the footer must be where it will be once they are drawn.
 */
describe.each(WIDTHS)("the /betting overview while its lists load, at %i px", (width) => {
  it("keeps the footer where the drawn lists put it", async () => {
    const mobile = width < 600;
    // The widget gives up on an answer after 10 s (widgets/api.ts) and shows the list's error: a loaded machine
    // that took longer than that to get from the held requests to the measurement tries again on a new page.
    for (let attempt = 1; ; attempt++) {
      const page = await newPage({ width, height: mobile ? 844 : 800, isMobile: mobile, motion: "full" });
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      let heldSince: number | undefined;
      await page.route(/\/api\/sportsbook\/events\?/, async (route) => {
        heldSince ??= Date.now();
        await released;
        await route.continue();
      });
      // A page's own request for /betting comes with the lists drawn by the server and read into the widget
      // (decision 0070); the widget reads them itself when the player comes to sports from another page.
      await page.goto("/", { waitUntil: "load" });
      await hydrated(page);
      const sports = mobile ? page.getByTestId("bottom-nav") : page.locator("header");
      await sports.locator('a[href="/betting"]').first().click();
      await page.locator('.lsb-stack[aria-busy="true"], .lsb-stack [aria-busy="true"]').first().waitFor();
      // The sports' counts (not held back) size the lists' places.
      await page.locator(".lsb-chips:not(.lsb-chips--loading)").waitFor();
      const footerTop = () =>
        page.evaluate(() =>
          Math.round(document.querySelector("footer")!.getBoundingClientRect().top + scrollY),
        );
      const waiting = await footerTop();
      await saveScreenshot(page, "betting-overview-loading");
      const heldFor = Date.now() - (heldSince ?? Date.now());
      release();
      if (heldFor > 8_000 && attempt < 3) {
        console.log(`/betting overview at ${width} px: the lists were held ${heldFor} ms, trying again`);
        await page.close();
        continue;
      }
      // A held list can still time out after its release (the widget gives up 10 s after the request, and a loaded
      // server can take the rest to answer: seen in CI, three pages in a row at both widths). The list then shows
      // its error with a Retry, as a player would see it: the measurement presses Retry, which asks again without the
      // hold, and the footer is measured where the drawn lists put it all the same.
      const rows = page.locator('[data-section="upcoming"] .lsb-row[data-event]');
      const failed = page.locator('[data-section] .lsb-empty[role="alert"]');
      for (let retry = 0; retry < 5; retry++) {
        await rows.or(failed).first().waitFor({ timeout: 60_000 });
        if ((await failed.count()) === 0) break;
        console.log(`/betting overview at ${width} px: a list timed out after its release, pressing Retry`);
        await failed.first().getByRole("button").click();
      }
      await rows.first().waitFor({ timeout: 60_000 });
      const drawn = await footerTop();
      console.log(
        `/betting overview at ${width} px: footer at ${waiting} px while loading, ${drawn} px drawn`,
      );
      // The counts and the lists are a moment apart: matches may have started or ended in between, a row each (65 px
      // at 1280, 145 at 390; 146 px seen at 390). Two rows at most; before the places were held the footer moved a
      // screen or more (1,151 and 3,263 px). On the e2e feed's fast clock (a match a minute and a half) a loaded
      // machine can stretch that moment over more matches (260 px, four rows, seen once at 1280 in a newcomer run):
      // as the CLS check of /betting above, a new page gets another look, and a layout that really moves fails all.
      const limit = mobile ? 300 : 140;
      if (Math.abs(drawn - waiting) > limit && attempt < 3) {
        console.log(`/betting overview at ${width} px: more than two rows apart, trying again on a new page`);
        await page.close();
        continue;
      }
      expect(
        Math.abs(drawn - waiting),
        `footer at ${waiting} px while loading, ${drawn} px drawn`,
      ).toBeLessThanOrEqual(limit);
      return;
    }
  }, 240_000);
});
