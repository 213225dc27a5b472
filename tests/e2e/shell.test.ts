import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { newPage, type PageOptions, saveScreenshot, watchPageProblems } from "./support/browser";
import { playerPage, registerPlayer, sandboxDeposit } from "./support/player";
import { waitHeaderBalance } from "./support/site";

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });

/** A page whose visitor has already accepted cookies, so the cookie notice stays out of the way. */
async function visitor(opts: PageOptions = {}, storage: Record<string, string> = { cookiesAccepted: "1" }) {
  const page = await newPage(opts);
  await page.context().addInitScript((values) => {
    for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
  }, storage);
  return page;
}

/**
 * Decision 0072: a part's code held back 1.5 s, as on a slow phone, and a watch on the server's markup of the part:
 * `redrawn()` says whether it was ever removed while the page loaded and hydrated; `asked()` how often its chunk was.
 */
async function holdPart(page: Page, part: string, chunk: RegExp) {
  await page.addInitScript((name) => {
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof Element && n.matches(`[data-part="${name}"], :has([data-part="${name}"])`))
            (window as { partRedrawn?: boolean }).partRedrawn = true;
    }).observe(document, { childList: true, subtree: true });
  }, part);
  let asked = 0;
  await page.route(chunk, async (route) => {
    asked++;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  return {
    asked: () => asked,
    redrawn: () => page.evaluate(() => (window as { partRedrawn?: boolean }).partRedrawn ?? false),
  };
}

describe("the site shell", () => {
  it("opens a modal from the query parameter and closes it by removing it", async () => {
    const page = await visitor();
    const problems = watchPageProblems(page);
    await page.goto("/?geo-popup=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Your location" });
    await dialog.waitFor({ state: "visible", timeout: 30_000 });
    await saveScreenshot(page, "shell-geo-popup");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.has("geo-popup")).toBe(false);
    // Back brings the modal back: it lives in the address.
    await page.goBack();
    await dialog.waitFor({ state: "visible" });
    expect(problems).toEqual([]);
  });

  it("removes a modal a guest may not open from the address on load, keeping other parameters", async () => {
    const page = await visitor();
    // (not ?ref=: that is a referral code, which the landing takes out of the address itself)
    await page.goto("/?change-pass=true&utm_source=news");
    await hydrated(page);
    await page.waitForFunction(() => !location.search.includes("change-pass"), null, { timeout: 10_000 });
    expect(new URL(page.url()).search).toBe("?utm_source=news");
    expect(await page.getByRole("dialog").count()).toBe(0);
    // A friend's invitation link cleans its code from the address too: the modal must not come back with it.
    await page.goto("/?change-pass=true&ref=FRIEND1");
    await hydrated(page);
    await page.waitForFunction(() => location.search === "", null, { timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("shows the cookie request until it is accepted, then remembers it", async () => {
    const page = await visitor({}, {});
    await page.goto("/");
    await hydrated(page);
    const notice = page.getByTestId("modal-cookie-request");
    await notice.waitFor({ state: "visible", timeout: 10_000 });
    await notice.getByRole("button", { name: "Accept all" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(await notice.count()).toBe(0);
  });

  it("keeps the cookie request out of an open modal's way at 390 px, and shows it once the modal closes", async () => {
    const page = await visitor({ width: 390, height: 844, isMobile: true }, {});
    const problems = watchPageProblems(page);
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-in");
    await dialog.waitFor({ state: "visible", timeout: 30_000 });
    await page.waitForTimeout(500);
    // The sheet's own button is what a tap at its centre reaches: nothing lies on top of it.
    const submit = dialog.getByRole("button", { name: "Sign in" });
    const box = (await submit.boundingBox())!;
    const topmost = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-testid]")?.getAttribute("data-testid"),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(topmost).toBe("modal-sign-in");
    expect(await page.getByTestId("modal-cookie-request").count()).toBe(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByTestId("modal-cookie-request").waitFor({ state: "visible", timeout: 10_000 });
    expect(problems).toEqual([]);
  });

  it("keeps the drawer compact across a reload, applied before paint", async () => {
    const page = await visitor({ width: 1280 });
    await page.goto("/");
    await hydrated(page);
    const drawer = page.locator("#drawer");
    const wide = (await drawer.boundingBox())!.width;
    await page.locator("#drawer-compact").click();
    await page.waitForFunction(() => document.documentElement.dataset.drawer === "compact");
    await page.reload({ waitUntil: "commit" });
    // Before hydration: the paint script has already set it from localStorage.
    await page.waitForSelector("#drawer");
    expect(await page.evaluate(() => document.documentElement.dataset.drawer)).toBe("compact");
    await hydrated(page);
    const compact = (await drawer.boundingBox())!.width;
    expect(compact).toBeLessThan(100);
    expect(wide).toBeGreaterThan(200);
    expect(await page.locator("#drawer-compact").getAttribute("aria-pressed")).toBe("true");
  });

  it("applies a stored light colour mode before paint and switches from the footer", async () => {
    const page = await visitor({}, { cookiesAccepted: "1", colorMode: "light" });
    await page.goto("/", { waitUntil: "commit" });
    await page.waitForSelector("body");
    expect(await page.evaluate(() => document.documentElement.className)).toContain("light");
    await hydrated(page);
    await page.locator('[data-color-mode="dark"]').click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await page.evaluate(() => localStorage.getItem("colorMode"))).toBe("dark");
  });

  it("keeps a player's header at 1280 px on one line, the navigation clear of the balance, bell and menu", async () => {
    const { token } = await registerPlayer("header");
    const page = await playerPage(token, 1280);
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("user-menu").waitFor({ timeout: 15_000 });
    await page.locator('header [data-connection-state="connected"]').waitFor({ timeout: 15_000 });
    const measure = () =>
      page.evaluate(() => {
        const box = (el: Element | null) => el?.getBoundingClientRect();
        const links = [...document.querySelectorAll("header nav a")];
        return {
          navRight: Math.max(...links.map((a) => box(a)!.right)),
          statusLeft: box(document.querySelector("header [data-connection-state]"))!.left,
          height: box(document.querySelector("header > div"))!.height,
        };
      });
    // The settled header. (With the player's widgets memoized, reverted in d0a7092, its right group stayed 22 px
    // wider in about half the runs: the navigation ran under the connection status.)
    await expect
      .poll(async () => {
        const b = await measure();
        return b.navRight <= b.statusLeft;
      })
      .toBe(true);
    expect((await measure()).height).toBe(64);
  });

  it("hydrates a player's drawer card as the server drew it, its code fetched first (decision 0072)", async () => {
    const { token } = await registerPlayer("drawer-part");
    const page = await playerPage(token, 1280);
    // The card's code comes late: hydration waits for it rather than go on without it.
    const held = await holdPart(page, "drawer-player", /\/assets\/DrawerPlayer-[^/]*\.js$/);
    // Not the home: a player gets it as the guests' shell (decision 0075), drawn without the card.
    const answer = await page.goto("/games");
    expect(await answer!.text()).toContain('data-part="drawer-player"');
    await hydrated(page);
    expect(held.asked()).toBe(1);
    const card = page.getByTestId("drawer-account");
    expect(await card.isVisible()).toBe(true);
    expect(await card.getByRole("link", { name: "Wallet" }).isVisible()).toBe(true);
    expect(await held.redrawn()).toBe(false);
  });

  it("keeps a player's header at 390 px inside the screen: balance, deposit, bell and menu", async () => {
    const { token } = await registerPlayer("header-phone");
    // Four figures and the bell's unread count: the widest header a newcomer's balance gives.
    await sandboxDeposit(token, "1900");
    const page = await playerPage(token, 390);
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("user-menu").waitFor({ timeout: 15_000 });
    await waitHeaderBalance(page, "1900");
    const right = await page.evaluate(
      () => document.querySelector('[data-testid="user-menu"]')!.getBoundingClientRect().right,
    );
    expect(right).toBeLessThanOrEqual(390);
  });

  it("brings the open profile tab into view at 390 px (the tabs scroll sideways)", async () => {
    const { token } = await registerPlayer("profile-tabs");
    const page = await playerPage(token, 390);
    await page.goto("/profile/sessions");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "My account" });
    const tab = nav.locator('[aria-current="page"]');
    await tab.waitFor();
    await expect
      .poll(async () => {
        const [n, a] = [(await nav.boundingBox())!, (await tab.boundingBox())!];
        return a.x >= n.x && a.x + a.width <= n.x + n.width;
      })
      .toBe(true);
  });

  it("shows the bottom navigation at 390px and closes the drawer on navigation", async () => {
    const page = await visitor({ width: 390, height: 844, isMobile: true });
    await page.goto("/");
    await hydrated(page);
    const bottomNav = page.getByTestId("bottom-nav");
    expect(await bottomNav.isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Main navigation" }).isVisible()).toBe(false);
    await bottomNav.getByRole("button", { name: "Menu" }).click();
    const drawer = page.locator("#drawer");
    await page.waitForFunction(() => {
      const r = document.querySelector("#drawer")!.getBoundingClientRect();
      return r.left >= 0 && r.right > 200;
    });
    await saveScreenshot(page, "shell-drawer");
    await drawer.getByRole("link", { name: "Contact us" }).click();
    await page.waitForURL(/\/contact$/);
    await page.waitForFunction(() => document.querySelector("#drawer")!.getBoundingClientRect().right <= 0);
    expect(await drawer.getAttribute("data-open")).toBe("false");
  });

  it.each([1280, 390])(
    "shows the route transition bar at %i px while a slow page's data comes, and takes it away after",
    async (width) => {
      const page = await visitor({ width, height: 844, isMobile: width < 600 });
      await page.goto("/");
      await hydrated(page);
      // The next page's data held back until the bar has been seen, as on a slow phone network: far longer than
      // the spec's ~100 ms wait (a fixed hold was not: a page busy after hydration ran the timer late).
      let held = 0;
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      await page.route(/\.data(\?|$)/, async (route) => {
        held++;
        await gate;
        await route.continue();
      });
      const bar = page.getByTestId("route-progress");
      expect(await bar.count()).toBe(0);
      await page.evaluate(() => {
        const a = document.querySelector<HTMLAnchorElement>('footer a[href$="/contact"]');
        if (!a) throw new Error("no contact link in the footer");
        a.click();
      });
      await bar.waitFor({ state: "visible" });
      expect(await bar.getAttribute("aria-label")).toBe("Loading the page…");
      expect(page.url()).not.toMatch(/\/contact$/);
      release();
      await page.waitForURL(/\/contact$/);
      await bar.waitFor({ state: "detached" });
      expect(held).toBeGreaterThan(0);
    },
  );

  it.each([1280, 390])(
    "takes the pages its visible links lead to ahead at %i px a second after a guest's page settles",
    async (width) => {
      const page = await visitor({ width, height: 844, isMobile: width < 600 });
      const payloads: string[] = [];
      page.on("requestfinished", (r) => {
        if (new URL(r.url()).pathname.endsWith(".data")) payloads.push(r.url());
      });
      await page.goto("/");
      await hydrated(page);
      const ahead = page.locator('link[rel="prefetch"][as="fetch"]');
      await ahead.first().waitFor({ state: "attached", timeout: 15_000 });
      const pages = await page
        .locator("link[data-prefetch-page]")
        .evaluateAll((links) => [...new Set(links.map((l) => l.getAttribute("data-prefetch-page")))]);
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.length).toBeLessThanOrEqual(8);
      expect(pages).not.toContain("/");
      // The code of those pages and, for a guest, their data: the same for every guest, from the page cache.
      expect(await page.locator('link[rel="modulepreload"][data-prefetch-page]').count()).toBeGreaterThan(0);
      await expect.poll(() => payloads.length, { timeout: 10_000 }).toBeGreaterThan(0);
    },
  );

  it("takes nothing ahead on a slow-2g connection", async () => {
    const page = await visitor();
    await page.context().addInitScript(() =>
      Object.defineProperty(navigator, "connection", {
        value: { effectiveType: "slow-2g", saveData: false },
      }),
    );
    await page.goto("/");
    await hydrated(page);
    // The spec's delay is a second: three give a loaded machine room to have done it, had it been allowed.
    await page.waitForTimeout(3_000);
    expect(await page.locator("link[data-prefetch-page]").count()).toBe(0);
  });

  it("takes a player's next pages' code ahead but never their data: the data is read when the page opens", async () => {
    const { token } = await registerPlayer("prefetch");
    const page = await playerPage(token);
    const answers: { url: string; status: number; purpose: string }[] = [];
    page.on("response", async (r) => {
      if (!new URL(r.url()).pathname.endsWith(".data")) return;
      const headers = await r.request().allHeaders();
      answers.push({
        url: r.url(),
        status: r.status(),
        purpose: headers["sec-purpose"] ?? headers.purpose ?? "",
      });
    });
    await page.goto("/");
    await hydrated(page);
    await page
      .locator('link[rel="prefetch"][as="fetch"]')
      .first()
      // A player's page is busy after hydration (accounts, realtime, quests): the second's wait starts later.
      .waitFor({ state: "attached", timeout: 30_000 });
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Every payload asked ahead was answered empty and unstorable, without running a loader.
    expect(answers.every((a) => a.purpose.includes("prefetch") && a.status === 204)).toBe(true);
    // A page whose data was asked ahead opens with its data read then.
    const target = new URL(answers[0]!.url).pathname.replace(/\.data$/, "");
    const opened = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `${target === "/_root" ? "" : target}.data` && r.status() === 200,
    );
    await page.evaluate((path) => {
      const a = [...document.querySelectorAll<HTMLAnchorElement>("a[data-discover]")].find(
        (l) => new URL(l.href).pathname === path,
      );
      if (!a) throw new Error(`no link to ${path}`);
      a.click();
    }, target);
    await opened;
    await page.waitForURL((url) => url.pathname === target);
    expect(await page.locator("main").isVisible()).toBe(true);
  });

  it("answers a signed-in prefetch of a page's data with nothing storable, and a guest's with the data", async () => {
    const base = inject("baseUrl");
    const player = await fetch(`${base}/games.data`, {
      headers: { "sec-purpose": "prefetch", cookie: "access_token=whatever" },
    });
    expect(player.status).toBe(204);
    expect(player.headers.get("cache-control")).toBe("no-store");
    const guest = await fetch(`${base}/games.data`, { headers: { "sec-purpose": "prefetch" } });
    expect(guest.status).toBe(200);
    expect((await guest.text()).length).toBeGreaterThan(100);
    // Without the prefetch mark a player's data is read as ever (an expired token renders a guest's).
    const opened = await fetch(`${base}/games.data`, { headers: { cookie: "access_token=whatever" } });
    expect(opened.status).toBe(200);
  });

  it("treats a phone's user agent as mobile at any width, and keeps --vh in step with the window", async () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
    const page = await visitor({ width: 900, height: 700, userAgent: iphone });
    await page.goto("/?geo-popup=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Your location" });
    await dialog.waitFor({ state: "visible", timeout: 30_000 });
    // 900px is wider than the 528px breakpoint: only the user agent makes this a bottom sheet.
    expect(await dialog.getAttribute("data-sheet")).toBe("true");

    const units = () =>
      page.evaluate(() => {
        const style = document.documentElement.style;
        return { vh: style.getPropertyValue("--vh"), fixed: style.getPropertyValue("--vh-static") };
      });
    expect(await units()).toEqual({ vh: "7px", fixed: "7px" });
    await page.setViewportSize({ width: 900, height: 500 });
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue("--vh") === "5px");
    expect((await units()).fixed).toBe("7px");
  });

  it("opens modals as centred dialogs on a desktop browser", async () => {
    const page = await visitor({ width: 900, height: 700 });
    await page.goto("/?geo-popup=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Your location" });
    await dialog.waitFor({ state: "visible", timeout: 30_000 });
    expect(await dialog.getAttribute("data-sheet")).toBeNull();
  });

  it("shows the 404 error page with the missing path inside the shell", async () => {
    const page = await visitor();
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await hydrated(page);
    const error = page.getByTestId("error-page");
    expect(await error.getByRole("heading", { level: 1 }).textContent()).toBe("Something went wrong");
    expect(await error.textContent()).toContain("Page Not Found: /no/such/page");
    expect(await error.getByRole("link", { name: "Homepage" }).getAttribute("href")).toBe("/");
    expect(await page.locator("header").getByText("Sign in").isVisible()).toBe(true);
    await saveScreenshot(page, "shell-404");
  });

  it("sends the error page's button to the locale root and translates it", async () => {
    const page = await visitor();
    await page.goto("/ru/questions/no-such-question");
    await hydrated(page);
    const error = page.getByTestId("error-page");
    expect(await error.getByRole("heading", { level: 1 }).textContent()).toBe("Что-то пошло не так");
    expect(await error.getByRole("link", { name: "На главную" }).getAttribute("href")).toBe("/ru");
  });

  it("gives a visitor from a restricted country the geo-restricted layout", async () => {
    const page = await visitor({ extraHTTPHeaders: { "cf-ipcountry": "GB" } });
    // The layout's code is not in the first paint's scripts (issue 41): the entry fetches it before hydrating,
    // so the server's markup stays in place: hydrated without its code, the part would not match and be redrawn.
    // Its code comes late, as on a slow phone: hydration must wait for it, not go on without it.
    const held = await holdPart(page, "geo-restricted", /\/assets\/geo-restricted-[^/]*\.js$/);
    await page.goto("/");
    await hydrated(page);
    const geo = page.getByTestId("geo-restricted");
    expect(await geo.isVisible()).toBe(true);
    expect(await held.redrawn()).toBe(false);
    expect(await page.getByTestId("geo-country").textContent()).toBe("United Kingdom");
    expect(await geo.getByRole("link", { name: "Terms and conditions" }).getAttribute("href")).toBe(
      "/static/terms",
    );
    expect(await page.getByText("Sign up").count()).toBe(0);
    await saveScreenshot(page, "shell-geo-restricted");
  });

  it("speaks Russian under /ru", async () => {
    const page = await visitor();
    await page.goto("/ru");
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru-RU");
    expect(await page.locator("header").getByRole("link", { name: "Войти" }).isVisible()).toBe(true);
    expect(await page.locator("footer").getByText("Играйте ответственно").isVisible()).toBe(true);
    const ptLink = page.locator("footer").getByRole("link", { name: /Português/ });
    expect(await ptLink.getAttribute("href")).toBe("/pt-br");
  });

  it("covers no server-rendered page with the preloader", async () => {
    const page = await visitor();
    const res = await page.goto("/");
    const html = (await res?.text()) ?? "";
    expect(html).toContain("<main");
    expect(html).not.toContain('id="preloader"');
    await hydrated(page);
    expect(await page.locator("#preloader").count()).toBe(0);
  });

  it("holds the preloader on the external-login callback while code and state are present, then lets it go with them", async () => {
    const page = await visitor();
    const res = await page.goto("/auth/callback?code=abc&state=xyz");
    // Rendered held: the answer is being read.
    expect(await res?.text()).toMatch(/id="preloader"[^>]*data-held="true"/);
    await hydrated(page);
    // No login was started in this browser: the page says so, the address loses code and state, and the
    // preloader goes.
    const error = page.getByTestId("auth-callback-error");
    await error.waitFor();
    expect(await error.getAttribute("data-code")).toBe("missing_transaction");
    expect(new URL(page.url()).search).toBe("");
    await page.waitForSelector("#preloader", { state: "detached", timeout: 5_000 });
  });

  it("answers the login entry in another language too, where its language switcher leads", async () => {
    const page = await visitor();
    await page.goto("/auth/autologin?token=");
    await hydrated(page);
    const ruLink = page.locator("footer").getByRole("link", { name: /Русский/ });
    expect(await ruLink.getAttribute("href")).toBe("/ru/auth/autologin?token=");
    const res = await page.goto("/ru/auth/autologin?token=");
    expect(res?.status()).toBe(200);
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru-RU");
    // Held while a state is in the address, there as without a language.
    const held = await page.goto("/ru/auth/autologin?state=abc");
    expect(await held?.text()).toMatch(/id="preloader"[^>]*data-held="true"/);
  });
});
