import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Frame,
  type Page,
  type Request,
} from "playwright-core";
import { afterAll, onTestFinished } from "vitest";
import { baseUrl } from "./base";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

export { CHROMIUM_PATH };

let browser: Promise<Browser> | undefined;
const contexts = new Set<BrowserContext>();

// Imported only by test files, so this registers on the importing file: its Chromium closes after its last test.
afterAll(closeBrowser);

/** The test file's one Chromium (each file has its own module instance), launched on first use. */
export function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const b = browser;
  browser = undefined;
  for (const context of contexts) await context.close().catch(() => {});
  contexts.clear();
  if (b) await (await b).close();
}

export interface PageOptions {
  /** Viewport width in CSS pixels; 1280 unless told. */
  width?: number;
  /** Viewport height in CSS pixels; 800 unless told. */
  height?: number;
  /** A phone: mobile viewport meta honoured, touch events on. */
  isMobile?: boolean;
  extraHTTPHeaders?: Record<string, string>;
  colorScheme?: "light" | "dark";
  /**
   * "reduce" unless told: the visitor asked for less motion (prefers-reduced-motion), so the pulsing "live"
   * dots and the banner carousel stand still. Headless Chromium draws in software, where one endless animation
   * keeps about a third of a core busy for as long as its page is open; "full" for a journey about what moves
   * or shifts (decision 0064).
   */
  motion?: "reduce" | "full";
  /** Accept-Language and `navigator.language`, e.g. "de-DE". */
  locale?: string;
  /** Headless Chromium's own user agent unless told (it says HeadlessChrome, also when isMobile). */
  userAgent?: string;
  /** The browser's time zone (IANA id); the machine's unless told. */
  timezoneId?: string;
}

/**
 * A page in a fresh context (own cookies and storage) whose relative URLs resolve against the e2e server:
 * `await page.goto("/")`. Call from a test (it closes when the test ends) or a beforeAll hook (after the file).
 */
export async function newPage(opts: PageOptions = {}): Promise<Page> {
  const b = await getBrowser();
  const context = await b.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    isMobile: opts.isMobile ?? false,
    hasTouch: opts.isMobile ?? false,
    extraHTTPHeaders: opts.extraHTTPHeaders,
    colorScheme: opts.colorScheme,
    reducedMotion: opts.motion === "full" ? "no-preference" : "reduce",
    locale: opts.locale,
    userAgent: opts.userAgent,
    timezoneId: opts.timezoneId,
  });
  contexts.add(context);
  context.once("close", () => contexts.delete(context));
  // A page opened by a test closes when that test ends: left open, every page of a file (live odds ticking,
  // carousels, sockets) kept a renderer busy until the file's last test, and a 15-test file ran up to seven of
  // them at once on a 2-core machine. One opened in a beforeAll hook has no test to follow and closes after the file.
  try {
    onTestFinished(() => context.close().catch(() => {}));
  } catch {
    // not inside a test
  }
  // What the Content-Security-Policy blocks (or, report-only, would block) reaches the console only as the
  // browser's own log, which Playwright does not pass on: say it through console.error, so that
  // watchPageProblems records it in every frame of every journey.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `CSP violation (${e.disposition}): ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return context.newPage();
}

/**
 * The page's preloader (spec point 2) has left: it covers everything until about a second after the page
 * loaded. One held on purpose (a login entry still using its query) counts as settled: it is what the page shows.
 */
export async function preloaderGone(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const el = document.getElementById("preloader");
      return !el || el.dataset.held === "true";
    },
    undefined,
    { timeout },
  );
}

/**
 * Saves a full-page PNG as `<SCREENSHOT_DIR or .cache/screenshots>/<name>-<viewport width>.png` and returns
 * its path, for a person (or a review) to look at; tests never compare pixels. Taken once the preloader has
 * left: a picture of the overlay shows nothing of the screen it is meant to show.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = process.env.SCREENSHOT_DIR ?? join(".cache", "screenshots");
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(dir, `${name}-${width}.png`);
  await preloaderGone(page);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Starts recording what a user's devtools would show in red: console errors, uncaught exceptions, requests
 * that failed on the network and responses with status 400 or above. Returns a live list; assert
 * `expect(problems).toEqual([])` after the journey. `ignore` drops entries matching any of its patterns.
 *
 * A call aborted because its document went away (the test loaded another page, or a frame was reloaded or
 * removed) is what any navigation does to calls in flight, not a fault of the page: it is not recorded; nor is
 * a prefetch the page withdrew.
 */
export function watchPageProblems(page: Page, opts: { ignore?: RegExp[] } = {}): string[] {
  const problems: string[] = [];
  const add = (line: string) => {
    if (!opts.ignore?.some((re) => re.test(line))) problems.push(line);
  };
  // Document navigations started per frame, those not yet committed, and for each request how many had
  // started in its frame and in the main frame when it began. A request begun while its document was already
  // being replaced belongs to the leaving document.
  const navigations = new WeakMap<Frame, number>();
  const pending = new WeakSet<Frame>();
  const startedAt = new WeakMap<Request, [number, number]>();
  const count = (frame: Frame) => navigations.get(frame) ?? 0;
  const before = (frame: Frame) => count(frame) - (pending.has(frame) ? 1 : 0);
  page.on("request", (req) => {
    const frame = frameOf(req);
    if (!frame) return;
    if (req.isNavigationRequest()) {
      navigations.set(frame, count(frame) + 1);
      pending.add(frame);
      // A frame's own document leaves when the frame is removed or starts another one (a game frame replaced
      // by a new launch aborts the one still loading), or when the page does.
      const main = page.mainFrame();
      startedAt.set(req, [count(frame), frame === main ? count(frame) : before(main)]);
    } else startedAt.set(req, [before(frame), before(page.mainFrame())]);
  });
  page.on("framenavigated", (frame) => pending.delete(frame));
  // A navigation that never commits (refused, or answered 204) leaves the document in place.
  page.on("requestfailed", (req) => {
    if (req.isNavigationRequest()) pending.delete(req.frame());
  });
  const leftWithItsPage = (req: Request) => {
    const frame = frameOf(req);
    const at = startedAt.get(req);
    if (!frame || !at) return false;
    return frame.isDetached() || count(frame) > at[0] || count(page.mainFrame()) > at[1];
  };
  page.on("console", (msg) => {
    if (msg.type() === "error") add(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => add(`uncaught: ${err.message}`));
  page.on("requestfailed", async (req) => {
    const error = req.failure()?.errorText;
    const line = `request failed: ${req.method()} ${req.url()} (${error})`;
    if (error !== "net::ERR_ABORTED") return add(line);
    if (leftWithItsPage(req)) return;
    // A `<link rel="prefetch">` taken off the page (the page's links changed, as after a revalidation) drops its
    // guess: the browser's own speculation withdrawn, nothing the player asked for failed (decision 0063).
    const headers = await req.allHeaders().catch(() => ({}) as Record<string, string>);
    if (headers["sec-purpose"]?.includes("prefetch")) return;
    // A frame being removed aborts its calls before Playwright reports it detached (or its next navigation
    // started): look again a moment later, and record the abort only if its document is still there.
    setTimeout(() => {
      if (!leftWithItsPage(req)) add(line);
    }, 500);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) add(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return problems;
}

/** The frame a request belongs to; none for a service worker's requests (Playwright throws there). */
function frameOf(req: Request): Frame | undefined {
  try {
    return req.frame();
  } catch {
    return undefined;
  }
}
