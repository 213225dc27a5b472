import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_GAMES } from "../../server/modules/game/demo-catalogue";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { gameFrame, spinUntilBalanceMoves } from "./support/games";
import { call, PLAYER_PASSWORD, registerPlayer, sandboxDeposit } from "./support/player";
import { liveUpdatesConnected, submitSignIn, waitHeaderBalance } from "./support/site";

const SLOT = "harbor-fortune";
const DEPOSIT = "50";

const base = () => inject("baseUrl");

/**
 * A player with money: registered through the API, a USD account opened, and a deposit paid through the
 * sandbox checkout, as the wallet journey does it.
 */
async function fundedPlayer(): Promise<{ email: string; token: string }> {
  const player = await registerPlayer("casino");
  await sandboxDeposit(player.token, DEPOSIT);
  const accounts = await call<{ data: { balance: string }[] }>("/api/wallet/accounts", {
    token: player.token,
  });
  expect(accounts.data[0]?.balance).toBe(DEPOSIT);
  return player;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe("casino journey", () => {
  let player: { email: string; token: string };
  beforeAll(async () => {
    player = await fundedPlayer();
  });

  it("a guest browses the lobby: collection rows, every game paged, a filtered list and the providers", async () => {
    const page = await newPage({ width: 1280 });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    // Leaving a page cancels the art still on its way: aborted, not failed.
    const problems = watchPageProblems(page, { ignore: [/\/games\/(art|providers)\/.*ERR_ABORTED/] });
    await page.goto("/games");
    await hydrated(page);
    const rows = page.getByTestId("game-row");
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    const originals = page.locator(
      '[data-testid="game-row"][data-collection="originals"] [data-testid="game-card"]',
    );
    // A row shows up to 16 of its collection: here every original of the demo catalogue.
    const originalsCount = Math.min(16, DEMO_GAMES.filter((g) => !g.isDemoContent).length);
    await originals.nth(originalsCount - 1).waitFor();
    expect(await originals.count()).toBe(originalsCount);
    // Every game, 24 at a time: "Load more" adds the next page below.
    const list = page.getByTestId("games-list");
    await list.waitFor();
    const total = Number(await list.getAttribute("data-total"));
    expect(total).toBeGreaterThan(300);
    expect(await list.getByTestId("game-card").count()).toBe(24);
    // Images wait until they come within 400px of the viewport: the grid's last card, far below, has none yet.
    expect(await list.getByTestId("game-card").last().locator("img").count()).toBe(0);
    await page.getByTestId("games-more").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="games-list"] [data-testid="game-card"]').length === 48,
    );
    await saveScreenshot(page, "casino-lobby");

    // A collection's list, ordered by name through the filter modal, which writes the list's address.
    await page.goto("/games/slots");
    await hydrated(page);
    await page.getByTestId("games-list").waitFor();
    const slotCount = Number(await page.getByTestId("games-list").getAttribute("data-total"));
    expect(slotCount).toBeGreaterThan(10);
    expect(slotCount).toBeLessThan(total);
    await page.getByTestId("lobby-filter").click();
    const filter = page.getByTestId("modal-games-filter");
    await filter.waitFor();
    await filter.getByText("A–Z", { exact: true }).click();
    await filter.getByTestId("filter-apply").click();
    await page.waitForURL(/\/games\/slots\?sort=name$/);
    await page.waitForFunction(() => {
      const names = [
        ...document.querySelectorAll('[data-testid="games-list"] [data-testid="game-card"] h3'),
      ].map((h) => h.textContent ?? "");
      return names.length === 24 && names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n) <= 0);
    });
    expect(await page.locator('[data-testid="lobby-filter"] span.rounded-full').textContent()).toBe("1");

    // Providers: the list, then one studio's games only.
    await page.goto("/games/providers");
    await hydrated(page);
    await page.locator('[data-testid="provider-card"][data-identity="lucky-harbor"]').click();
    await page.waitForURL(/\/games\/providers\/lucky-harbor$/);
    await page.getByTestId("games-list").waitFor();
    expect(await page.getByTestId("games-list").getAttribute("data-total")).toBe(
      String(DEMO_GAMES.filter((g) => g.provider === "lucky-harbor").length),
    );

    expect(problems).toEqual([]);
    const missing = await page.goto("/games/no-such-collection");
    expect(missing?.status()).toBe(404);
  });

  it("a guest finds the built-in slot by a misspelt search and plays it in demo", async () => {
    const page = await newPage({ width: 1280 });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    await page.goto("/games");
    await hydrated(page);
    await page.getByTestId("header-search").click();
    const search = page.getByTestId("modal-global-search");
    await search.waitFor();
    await search.getByTestId("search-input").fill("harbr fortun");
    const result = search.locator(`[data-testid="search-result"][data-slug="${SLOT}"]`);
    await result.waitFor();
    // A guest choosing a game is offered the demo or to sign in.
    await result.getByRole("button").click();
    const offer = page.getByTestId("modal-demo-game");
    await offer.waitFor();
    expect(new URL(page.url()).searchParams.get("demo-game")).toBe(SLOT);
    // The modal shows a skeleton until the game's details arrive; then a guest is offered both ways.
    await offer.getByTestId("offer-sign-in").waitFor();
    expect(await offer.getByTestId("offer-demo").isVisible()).toBe(true);
    await offer.getByTestId("offer-demo").click();
    await page.waitForURL(new RegExp(`/game/${SLOT}$`));
    const frameEl = page.locator('[data-testid="game-frame"][data-mode="demo"]');
    await frameEl.waitFor({ timeout: 15_000 });
    expect(await frameEl.getAttribute("src")).toMatch(/\/house-games\/slot\?token=/);
    expect(await page.getByTestId("game-screen").getAttribute("data-mode")).toBe("demo");
    await saveScreenshot(page, "casino-demo");

    const round = await spinUntilBalanceMoves(await gameFrame(page, "demo"));
    expect(round.after).not.toBe(round.before);
  });

  it("the game page's art is an image of high priority, sized, that the head preloads", async () => {
    const res = await fetch(`${base()}/game/${SLOT}`, { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const art = /<img\b[^>]*data-testid="game-art"[^>]*>/.exec(html)?.[0] ?? "";
    const src = /\bsrc="([^"]+)"/.exec(art)?.[1];
    expect(src).toMatch(/^\/games\/art\/.+\.svg$/);
    expect(art).toMatch(/\bfetchPriority="high"/i);
    expect(art).toMatch(/\bwidth="\d+"/);
    expect(art).toMatch(/\bheight="\d+"/);
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link\b[^>]*rel="preload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.filter((l) => /as="image"/.test(l) && l.includes(`href="${src}"`))).toHaveLength(1);
    // No CSS background paints it any more: the browser would find that only after the styles.
    expect(html).not.toContain(`url(${src})`);
  });

  it("a game frame from another site (third-party storage blocked there) plays without an uncaught error", async () => {
    // The site opened as localhost while games launch from PUBLIC_URL (127.0.0.1): the frame is another site's,
    // as in the messenger's web client, and the browser refuses it sessionStorage and localStorage.
    const page = await newPage({ width: 1280 });
    await page.context().addInitScript(() => {
      // Init scripts run in the game frame too, where storage is refused before the page's own shim.
      if (window === window.top) localStorage.setItem("cookiesAccepted", "1");
    });
    const problems = watchPageProblems(page);
    await page.goto(`${base().replace("127.0.0.1", "localhost")}/?demo-game=${SLOT}`);
    await hydrated(page);
    const offer = page.getByTestId("modal-demo-game");
    await offer.getByTestId("offer-demo").click();
    const frame = await gameFrame(page, "demo");
    expect(new URL(frame.url()).hostname).toBe("127.0.0.1");
    expect(await frame.evaluate(() => sessionStorage.getItem("nothing"))).toBeNull();
    const round = await spinUntilBalanceMoves(frame);
    expect(round.after).not.toBe(round.before);
    expect(problems).toEqual([]);
  });

  it("a guest asking for real money signs in, plays, and the header balance, spins, favourites and recent games follow", async () => {
    const page = await newPage({ width: 1280 });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    const problems = watchPageProblems(page);
    // Each launch opens a game session: signing in over the game must launch it for real money once, not again
    // when the accounts arrive after the session.
    const realLaunches: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/api/game/games/${SLOT}/play`) && r.postDataJSON()?.real)
        realLaunches.push(r.url());
    });
    await page.goto(`/game/${SLOT}`);
    await hydrated(page);
    await page.getByTestId("mode-real").click();
    // Real money needs an account: the sign-in modal opens over the game.
    const signIn = page.getByTestId("modal-sign-in");
    await signIn.waitFor();
    expect(await page.getByTestId("game-problem").getAttribute("data-problem")).toBe("sign-in");
    await submitSignIn(signIn, player.email, PLAYER_PASSWORD);
    await signIn.waitFor({ state: "detached", timeout: 15_000 });
    await waitHeaderBalance(page, DEPOSIT);
    // Signed in, the game starts for real money in the current account's currency.
    const frameEl = page.locator('[data-testid="game-frame"][data-mode="real"]');
    await frameEl.waitFor({ timeout: 15_000 });
    expect(page.url()).toMatch(new RegExp(`/game/${SLOT}\\?real=true$`));

    // The heart on the game's bar marks it a favourite.
    const heart = page.getByTestId("game-screen").getByTestId("favorite-toggle");
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await heart.click();
    await page.waitForFunction(() =>
      document.querySelector(
        '[data-testid="game-screen"] [data-testid="favorite-toggle"][aria-pressed="true"]:not([disabled])',
      ),
    );

    await liveUpdatesConnected(page);
    const { roundId, after } = await spinUntilBalanceMoves(await gameFrame(page, "real"));
    expect(after).not.toBe(DEPOSIT);
    // The stake left the wallet (and any win came back): the header follows live, without a reload.
    await waitHeaderBalance(page, after);
    expect(realLaunches).toHaveLength(1);

    // A player's searches are kept: the search modal lists them before typing, and clears them.
    await page.getByTestId("header-search").click();
    const search = page.getByTestId("modal-global-search");
    await search.getByTestId("search-input").fill("reef mine");
    await search.locator('[data-testid="search-result"][data-slug="reef-mines"]').waitFor();
    await search.getByTestId("search-input").fill("");
    const recent = search.getByTestId("recent-searches");
    await recent.getByText("reef mine").waitFor();
    await search.getByTestId("recent-clear").click();
    await recent.waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await search.waitFor({ state: "detached" });

    await page.goto("/favorites");
    await hydrated(page);
    await page
      .locator(`[data-testid="games-favorites"] [data-testid="game-card"][data-slug="${SLOT}"]`)
      .waitFor();
    await page.goto("/recently-played");
    await hydrated(page);
    const played = page.locator('[data-testid="games-played"] [data-testid="game-card"]');
    await played.first().waitFor();
    expect(await played.first().getAttribute("data-slug")).toBe(SLOT);
    expect(problems, problems.join("\n")).toEqual([]);

    await page.goto("/wallet/spins");
    await hydrated(page);
    // The casino keeps the provider's round id, which the house provider sends as `house-{its round id}`.
    const row = page.locator(`[data-testid="spin-row"][data-round-id="house-${roundId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain("Harbor Fortune");
  });

  it("logging out over a real-money game leaves it for its demo, without asking to sign in again", async () => {
    // The spec's logout clears the return-game: here the address is it (a guest is brought back to the game
    // once signed in), so a logout drops `real=true` rather than leave a screen that asks for a sign-in at once.
    const page = await newPage({ width: 1280 });
    await page
      .context()
      .addCookies([{ name: "access_token", value: (await fundedPlayer()).token, url: base() }]);
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    const problems = watchPageProblems(page);
    await page.goto(`/game/${SLOT}?real=true`);
    await page.locator('[data-testid="game-frame"][data-mode="real"]').waitFor({ timeout: 15_000 });
    await hydrated(page);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByTestId("header-nickname").waitFor({ state: "detached", timeout: 15_000 });
    await page.locator('[data-testid="game-frame"][data-mode="demo"]').waitFor({ timeout: 15_000 });
    // Settled: no late prompt replaces the demo's address with a sign-in over the real-money game.
    await page.waitForTimeout(1_500);
    expect(page.url()).toMatch(new RegExp(`/game/${SLOT}$`));
    expect(await page.getByTestId("modal-sign-in").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("on a phone a card opens the game's sheet, and a player's empty spins history says so", async () => {
    const page = await newPage({ width: 390, height: 844, isMobile: true });
    await page
      .context()
      .addCookies([{ name: "access_token", value: (await fundedPlayer()).token, url: base() }]);
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    await page.goto("/games/originals");
    await hydrated(page);
    await page.locator(`[data-testid="game-card"][data-slug="${SLOT}"] a`).first().click();
    const sheet = page.getByTestId("modal-mobile-game");
    await sheet.waitFor();
    expect(await sheet.getAttribute("data-sheet")).toBe("true");
    expect(await sheet.getByTestId("offer-real").getAttribute("href")).toBe(`/game/${SLOT}?real=true`);
    expect(await sheet.getByTestId("offer-demo").getAttribute("href")).toBe(`/game/${SLOT}`);
    await saveScreenshot(page, "casino-mobile-sheet");

    await page.goto("/wallet/spins");
    await hydrated(page);
    await page.getByTestId("spins-empty").waitFor();
  });
});
