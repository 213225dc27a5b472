import { describe, expect, it } from "vitest";
import { laterPreloads } from "../../app/lib/later-preloads.server";
import { baseUrl } from "./support/base";
import { newPage, watchPageProblems } from "./support/browser";

/**
 * /betting's first screen of odds is drawn by the server (issue 41, decision 0070): a phone sees prices before the
 * sportsbook's script has arrived, kick-offs in its own time zone, and the widget then takes the place with the
 * same screen (it starts from the reads the page carried), never a skeleton between; an odd tapped on the copy goes
 * into the slip when the widget comes.
 */
const ZONE = "America/Sao_Paulo";
/** A loaded machine (the whole suite on 2 cores) can take seconds to draw. */
const WAIT = { timeout: 15_000 };

describe("the sportsbook's first screen, drawn by the server", () => {
  for (const width of [390, 1280])
    it(`shows odds before the widget's script runs, then the widget takes the place without a skeleton (${width} px)`, async () => {
      const page = await newPage({ width, isMobile: width < 1024, timezoneId: ZONE });
      const problems = watchPageProblems(page);
      // The script is held back until the server's screen has been looked at.
      let release!: () => void;
      const held = new Promise<void>((ok) => {
        release = ok;
      });
      await page.route("**/sportsbook/sdk.js", async (route) => {
        await held;
        await route.continue();
      });
      // Anything that says "loading" in the sports frame, from the first byte on.
      await page.addInitScript(() => {
        const w = window as unknown as { __skeletons: string[] };
        w.__skeletons = [];
        new MutationObserver(() => {
          const busy = document.querySelector(
            '[data-sport-widget="page"] [role="status"], [data-lsb-widget="page"] [aria-busy="true"], [data-lsb-widget="page"] .lsb-chips--loading',
          );
          if (busy) w.__skeletons.push(busy.outerHTML.slice(0, 120));
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      // Not "load": the held script is preloaded from the head, and a preload in flight can hold the load event.
      await page.goto("/betting", { waitUntil: "domcontentloaded" });

      const drawn = page.locator("[data-lsb-first-screen]");
      await expect.poll(() => drawn.locator(".lsb-odd__price").count(), WAIT).toBeGreaterThan(6);
      expect(await page.locator('[data-lsb-widget="page"]').count()).toBe(0);
      // Kick-offs as this browser's zone writes them (the server knows none: its page says UTC until its script runs).
      const kickoffs = async (root: string) =>
        page.evaluate((sel) => {
          const out: Record<string, { text: string; local: string }> = {};
          for (const el of document.querySelectorAll<HTMLTimeElement>(
            `${sel} [data-event] time.lsb-time[datetime]`,
          )) {
            const id = el.closest("[data-event]")!.getAttribute("data-event")!;
            const local = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }).format(
              new Date(el.dateTime),
            );
            out[id] = { text: el.textContent ?? "", local };
          }
          return out;
        }, root);
      const before = await kickoffs("[data-lsb-first-screen]");
      expect(Object.keys(before).length).toBeGreaterThan(3);
      for (const k of Object.values(before)) expect(k.text.endsWith(k.local)).toBe(true);
      const prices = await drawn
        .locator("[data-selection]")
        .evaluateAll((els) =>
          Object.fromEntries(els.map((e) => [e.getAttribute("data-selection"), e.textContent])),
        );

      // A tap on the copy (a phone's player does not wait for the script) is kept, and goes into the slip.
      const tapped = drawn.locator('[data-section="upcoming"] button.lsb-odd:not([disabled])').first();
      const picked = (await tapped.getAttribute("data-selection"))!;
      await tapped.click();
      expect(await tapped.getAttribute("aria-pressed")).toBe("true");

      release();
      const widget = page.locator('[data-lsb-widget="page"]');
      await widget.locator(".lsb-odd__price").first().waitFor();
      // The widget's own drawing holds the place now, and the copy with its reads is gone.
      expect(await drawn.count()).toBe(0);
      expect(await page.locator("#lsb-first-screen-seed").count()).toBe(0);
      // The same events, with the same kick-offs and (but for a live price that moved) the same prices.
      const after = await kickoffs('[data-lsb-widget="page"]');
      for (const [id, k] of Object.entries(before)) if (after[id]) expect(after[id]!.text).toBe(k.text);
      expect(Object.keys(after).filter((id) => before[id]).length).toBeGreaterThan(3);
      const now = await widget
        .locator("[data-selection]")
        .evaluateAll((els) =>
          Object.fromEntries(els.map((e) => [e.getAttribute("data-selection"), e.textContent])),
        );
      const same = Object.keys(prices).filter((id) => now[id] === prices[id]);
      expect(same.length).toBeGreaterThan(Object.keys(prices).length / 2);
      expect(await page.evaluate(() => (window as unknown as { __skeletons: string[] }).__skeletons)).toEqual(
        [],
      );
      await expect
        .poll(
          () => widget.locator(`button.lsb-odd[data-selection="${picked}"]`).getAttribute("aria-pressed"),
          WAIT,
        )
        .toBe("true");
      // And it is the live widget: another odd joins the slip.
      await widget.locator('button.lsb-odd:not([disabled]):not([aria-pressed="true"])').first().click();
      await expect.poll(() => widget.locator('button.lsb-odd[aria-pressed="true"]').count(), WAIT).toBe(2);
      expect(problems).toEqual([]);
    });

  // The first card's sport art is a phone's largest paint (bench/README.md, 2026-12-07): left to the markup it
  // queued behind the scripts and painted after the first paint. The head asks for it first, at high priority;
  // what only hydration needs (the module preloads, the sportsbook's SDK) is asked for once the stylesheet is
  // in (decision 0078), by a script that listens for it.
  it("names the first card's art in the head first, and the scripts only once the stylesheet is in", async () => {
    const html = await (await fetch(`${baseUrl()}/betting`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const art = /<img class="lsb-card__art" src="([^"]+)"/.exec(html)?.[1];
    expect(art).toMatch(/^\/sports\/cardsImages\/[a-z-]+\.svg$/);
    const preload = [...head.matchAll(/<link rel="preload"[^>]*>/g)].find((m) =>
      m[0].includes(`href="${art}"`),
    );
    expect(preload?.[0], head).toMatch(/ as="image"/);
    expect(preload?.[0]).toMatch(/ fetchPriority="high"/);
    expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(preload!.index);
    const links = head.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    for (const script of ['rel="modulepreload"', 'href="/sportsbook/sdk.js"'])
      expect(links, script).not.toContain(script);
    expect(laterPreloads(html)).toContainEqual({ rel: "preload", href: "/sportsbook/sdk.js", as: "script" });
    expect(laterPreloads(html).filter((l) => l.rel === "modulepreload").length).toBeGreaterThan(3);
  });

  it("adds the later links in the browser, under the page's policy", async () => {
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    // Hydration held back: React would add the module preloads itself as it hydrates, so only the page's own
    // script can have put them in the head.
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, () => {});
    await page.goto("/betting", { waitUntil: "domcontentloaded" });
    const hrefs = laterPreloads(await (await fetch(`${baseUrl()}/betting`)).text()).map((l) => l.href);
    expect(hrefs.length).toBeGreaterThan(3);
    await expect
      .poll(() =>
        page.evaluate((all) => all.filter((h) => !document.head.querySelector(`link[href="${h}"]`)), hrefs),
      )
      .toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(problems).toEqual([]);
  });
});
