import { sign } from "@telegram-apps/init-data-node";
import { buildSync } from "esbuild";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, watchPageProblems } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * The Telegram mini-app journey (issue 7): the site opened by a mocked Telegram client logs its user in by
 * itself, sets the mini-app up, shows the mini-app wallet and logs in again when the server refuses its token.
 * A server of its own knows the test bot's token, so the signed init data is valid there.
 */

const BOT_TOKEN = "7000000001:AAE_messenger-e2e-test-token_abcdefghij";
const BOT = "lucky_harbor_bot";
const CHANNEL = "lucky_harbor_news";
const LIGHT_THEME = { bg_color: "#ffffff", text_color: "#000000", button_color: "#2481cc" };

/** The browser side of the mock (support/telegram-mock.ts) as one script for `addInitScript`. */
function mockBundle(): string {
  const out = buildSync({
    entryPoints: ["tests/e2e/support/telegram-mock.ts"],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

let server: RunningServer;
let mock: string;
const url = (path: string) => `${server.baseUrl}${path}`;

beforeAll(async () => {
  mock = mockBundle();
  server = await startServer({
    env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_USERNAME: BOT, TELEGRAM_NEWS_CHANNEL: CHANNEL },
    quiet: true,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** Init data for a Telegram user, signed now with the test bot's token (what the client hands the mini-app). */
function initDataFor(id: number, username: string): string {
  return sign(
    { user: { id, first_name: "Marina", username, language_code: "en" } } as never,
    BOT_TOKEN,
    new Date(),
  );
}

interface MiniApp {
  page: Page;
  problems: string[];
  /** The mini-app methods the page called, in order, as the mocked client received them. */
  events: () => Promise<{ name: string; params: unknown }[]>;
  /** Every `POST /api/player/tg_login` the page sent. */
  logins: Request[];
}

/** A phone-sized page opened as a mini-app by the mocked Telegram client. */
async function openMiniApp(initDataRaw: string, path = "/"): Promise<MiniApp> {
  const page = await newPage({ width: 390, height: 844, isMobile: true });
  const config = { initDataRaw, version: "8.0", platform: "ios", themeParams: LIGHT_THEME };
  await page.context().addInitScript({
    content: `localStorage.setItem("cookiesAccepted","1");window.__tgMock=${JSON.stringify(config)};\n${mock}`,
  });
  // The refused token of the re-login test answers 401 once by design.
  const problems = watchPageProblems(page, { ignore: [/HTTP 401: /, /status of 401/] });
  const logins: Request[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && req.url().endsWith("/api/player/tg_login")) logins.push(req);
  });
  await page.goto(url(path));
  await hydrated(page);
  return {
    page,
    problems,
    logins,
    events: () => page.evaluate(() => (window as unknown as { __tgEvents: [] }).__tgEvents),
  };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** The header shows the player's balance: the player is logged in and the accounts are loaded. */
const waitLoggedIn = (page: Page) =>
  page.getByTestId("header-balance-amount").waitFor({ state: "visible", timeout: 20_000 });

const tokenCookie = async (page: Page) =>
  (await page.context().cookies(server.baseUrl)).find((c) => c.name === "access_token")?.value;

describe("Telegram mini-app", () => {
  it("logs the messenger user in without a form and sets the mini-app up", async () => {
    const raw = initDataFor(7_100_001, "marina_tg");
    const syncs: number[] = [];
    const app = await openMiniApp(raw);
    app.page.on("response", (res) => {
      if (res.request().method() === "PUT" && res.url().endsWith("/api/tg-bot/users"))
        syncs.push(res.status());
    });
    await waitLoggedIn(app.page);

    await expect(app.page.getByTestId("user-menu").isVisible()).resolves.toBe(true);
    await expect(app.page.getByTestId("header-balance-amount").getAttribute("data-balance")).resolves.toBe(
      "0",
    );
    expect(await app.page.getByTestId("modal-sign-in").count()).toBe(0);
    expect(app.logins).toHaveLength(1);
    expect(app.logins[0]!.postDataJSON()).toMatchObject({ tg_payload: raw });
    // The session is the one the login sequence stores: the token cookie every tab shares.
    expect(await tokenCookie(app.page)).toBeTruthy();
    // The launch is kept under the spec's keys.
    const stored = await app.page.evaluate(() => ({
      initData: localStorage.getItem("initData"),
      unsafe: localStorage.getItem("initDataUnsafe"),
    }));
    expect(stored.initData).toBe(raw);
    expect(JSON.parse(stored.unsafe!)).toMatchObject({ user: { id: 7_100_001 } });
    // The messenger user is synced with the bot's user list after the login.
    await expect.poll(() => syncs, { timeout: 10_000 }).toEqual([200]);

    const events = await app.events();
    const names = events.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining(["web_app_request_fullscreen", "web_app_expand", "web_app_ready"]),
    );
    expect(events).toContainEqual({
      name: "web_app_setup_swipe_behavior",
      params: { allow_vertical_swipe: false },
    });
    expect(events).toContainEqual({
      name: "web_app_setup_closing_behavior",
      params: { need_confirmation: true },
    });
    // The messenger's light theme stands for "system" until the player picks a mode.
    await expect
      .poll(() => app.page.evaluate(() => document.documentElement.classList.contains("light")))
      .toBe(true);
    expect(app.problems, JSON.stringify(app.problems)).toEqual([]);
  });

  it("opens the mini-app wallet instead of the site's wallet", async () => {
    const app = await openMiniApp(initDataFor(7_100_002, "wallet_tg"));
    await waitLoggedIn(app.page);
    await app.page.getByTestId("header-deposit").click();

    const wallet = app.page.getByTestId("modal-tg-wallet");
    await wallet.waitFor({ timeout: 15_000 });
    await app.page.waitForURL((u) => u.searchParams.get("tg-wallet") === "deposit");
    expect(new URL(app.page.url()).searchParams.has("wallet")).toBe(false);
    expect(await app.page.getByTestId("modal-wallet").count()).toBe(0);
    // The same wallet inside: the balance card and the deposit tab selected.
    await expect(wallet.getByTestId("tg-wallet-balance").getAttribute("data-balance")).resolves.toBe("0");
    await expect(wallet.getByRole("tab", { name: "Deposit" }).getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
    expect(app.problems, JSON.stringify(app.problems)).toEqual([]);
  });

  it("logs in again through the messenger when the server refuses the token, with no sign-in form", async () => {
    const app = await openMiniApp(initDataFor(7_100_003, "revoked_tg"));
    await waitLoggedIn(app.page);
    const before = await tokenCookie(app.page);
    expect(before).toBeTruthy();
    expect(app.logins).toHaveLength(1);

    // The session is closed server-side: the page's next call with the old token answers 401.
    const out = await fetch(url("/api/player/sessions/logout"), {
      method: "POST",
      headers: { authorization: `Bearer ${before}` },
    });
    expect(out.status).toBe(200);
    const refused: string[] = [];
    app.page.on("response", (res) => {
      if (res.status() === 401 && res.url().includes("/api/")) refused.push(res.url());
    });

    // Opening the wallet asks for the deposit methods with the player's token.
    await app.page.getByTestId("header-deposit").click();
    await expect.poll(() => app.logins.length).toBe(2);
    expect(refused.length).toBeGreaterThan(0);
    await expect.poll(() => tokenCookie(app.page), { timeout: 10_000 }).not.toBe(before);

    // The player carries on: still logged in, the wallet open, no sign-in form.
    await app.page.getByTestId("modal-tg-wallet").waitFor();
    await waitLoggedIn(app.page);
    expect(await app.page.getByTestId("modal-sign-in").count()).toBe(0);
    expect(new URL(app.page.url()).searchParams.has("sign-in")).toBe(false);
    expect(app.problems, JSON.stringify(app.problems)).toEqual([]);
  });

  it("says so when Telegram's data is refused, once, and leaves the visitor a guest who can sign in", async () => {
    // Signed by another bot: the server answers 401 telegram_auth_error.
    const forged = sign(
      { user: { id: 7_100_005, first_name: "Eve", username: "forged_tg" } } as never,
      "7000000002:AAE_some-other-bot-token_0123456789abcd",
      new Date(),
    );
    const app = await openMiniApp(forged);
    await app.page.getByText("We could not sign you in through Telegram").waitFor({ timeout: 15_000 });
    await app.page.getByRole("link", { name: "Sign in" }).first().waitFor();
    expect(await app.page.getByTestId("user-menu").count()).toBe(0);
    // A refused messenger login is never retried by itself: no loop of logins and alerts.
    await app.page.waitForTimeout(1_000);
    expect(app.logins).toHaveLength(1);
    expect(app.problems, JSON.stringify(app.problems)).toEqual([]);
  });

  it("shows the bot's news channel in the telegram-news modal", async () => {
    const app = await openMiniApp(initDataFor(7_100_004, "news_tg"), "/?tg-news=true");
    const modal = app.page.getByTestId("modal-tg-news");
    await modal.waitFor({ timeout: 15_000 });
    await modal.getByTestId("tg-news-channel").waitFor();
    expect(await modal.getByTestId("tg-news-channel").textContent()).toContain(`@${CHANNEL}`);
    expect(await modal.getByTestId("tg-news-bot").textContent()).toContain(`@${BOT}`);

    // Inside the messenger a channel opens through the client (the mini-app stays), not in a new tab.
    await modal.getByRole("button", { name: "Open the channel" }).click();
    await expect
      .poll(async () => (await app.events()).find((e) => e.name === "web_app_open_tg_link")?.params)
      .toEqual({ path_full: `/${CHANNEL}` });
    expect(app.problems, JSON.stringify(app.problems)).toEqual([]);
  });

  it("leaves the normal site alone: no messenger data, no automatic login, no SDK download", async () => {
    const page = await newPage({ width: 1280 });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    const problems = watchPageProblems(page);
    const scripts: Promise<string>[] = [];
    const logins: string[] = [];
    page.on("response", (res) => {
      if (res.url().endsWith(".js")) scripts.push(res.text().catch(() => ""));
    });
    page.on("request", (req) => {
      if (req.url().endsWith("/api/player/tg_login")) logins.push(req.url());
    });
    await page.goto(url("/"));
    await hydrated(page);
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();
    await page.waitForLoadState("networkidle");

    expect(logins).toEqual([]);
    const stored = await page.evaluate(() => [
      localStorage.getItem("initData"),
      localStorage.getItem("botURL"),
    ]);
    expect(stored).toEqual([null, null]);
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    // The SDK's method names are in its chunk only: no script the normal site loaded holds them.
    expect(bodies.filter((b) => b.includes("web_app_setup_swipe_behavior"))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
