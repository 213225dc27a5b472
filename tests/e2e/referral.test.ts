import { describe, expect, it } from "vitest";
import type { ReferralOverview } from "#common/api/referral";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import {
  call,
  hydrated,
  PLAYER_PASSWORD,
  playerPage,
  registerPlayer,
  sandboxDeposit,
} from "./support/player";
import { liveUpdatesConnected, waitHeaderBalance } from "./support/site";

let ipCounter = 0;
/** Another visitor's address (the e2e server trusts the CDN header): the referrer's own address is refused. */
const otherAddress = () => `198.51.100.${++ipCounter + Math.floor(Math.random() * 100)}`;

async function overviewOf(token: string) {
  return (await call<{ data: ReferralOverview }>("/api/referral", { token })).data;
}

/**
 * The referral programme (issue #19): player A copies their link, player B opens it, signs up and deposits
 * through the sandbox; A sees B masked with what B brought, moves the reward to the wallet, and the header
 * balance shows it.
 */
describe("referral journey", () => {
  // Issue 42: a guest sees what the programme pays and its rules (the server's configured figures, read for the
  // first paint), and a call to sign up that opens the registration over the page; nobody's link or earnings.
  for (const width of [1280, 390]) {
    it(`at ${width} px a guest reads what the programme pays and its rules, and signs up from there`, async () => {
      const mobile = width < 600;
      const page = await newPage({ width, height: mobile ? 844 : 800, isMobile: mobile });
      await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
      const problems = watchPageProblems(page);
      const asked: string[] = [];
      page.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith("/api/referral")) asked.push(path);
      });
      const response = await page.goto("/referral");
      expect(response?.status()).toBe(200);
      // The figures are in the server's HTML: the loader read the terms.
      const html = (await response?.text()) ?? "";
      expect(html).toContain('data-testid="referral-guest-reward"');
      // A public page: indexed (no robots noindex) and described for search results.
      expect(html).not.toMatch(/<meta[^>]+name="robots"/);
      expect(html).toMatch(/<meta[^>]+name="description"/);
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe("/referral");
      expect(new URL(page.url()).searchParams.has("sign-in")).toBe(false);
      await page.getByTestId("referral-guest").waitFor();
      // The configuration's figures (USD 5 / EUR 5 for a first deposit of 10 or more, played through once;
      // 10 % of revenue per day; at most 10 rewards a day).
      expect(await page.getByTestId("referral-guest-reward").textContent()).toContain("$5.00");
      expect(await page.getByTestId("referral-guest-share").textContent()).toContain("10%");
      const rules = page.getByTestId("referral-guest-terms");
      expect(await rules.textContent()).toContain("$10.00");
      expect(await page.getByTestId("referral-guest-terms-play-through").textContent()).toContain("1×");
      expect(await page.getByTestId("referral-guest-terms-play-through").textContent()).toContain("10");
      expect(await page.getByTestId("referral-guest-terms-share").textContent()).toContain("10%");
      // Nothing of a player's own: no link, code, earnings or terms modal link.
      for (const id of ["referral-link", "referral-code", "referral-earning", "referral-terms-link"])
        expect(await page.getByTestId(id).count()).toBe(0);
      expect(asked.filter((p) => p !== "/api/referral/terms")).toEqual([]);
      await saveScreenshot(page, "referral-guest");

      await page.emulateMedia({ colorScheme: "light" });
      await page.evaluate(() => localStorage.setItem("colorMode", "light"));
      await page.reload();
      await hydrated(page);
      await page.getByTestId("referral-guest").waitFor();
      await saveScreenshot(page, "referral-guest-light");

      await page.getByTestId("referral-guest-sign-up").click();
      const dialog = page.getByTestId("modal-sign-up");
      await dialog.waitFor({ state: "visible", timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe("/referral");
      await dialog.locator('input[name="email"]').waitFor();
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("reads well in the light theme: the empty page and the terms", async () => {
    const a = await registerPlayer("referrerlight");
    const page = await playerPage(a.token, 390);
    await page.emulateMedia({ colorScheme: "light" });
    await page.context().addInitScript(() => localStorage.setItem("colorMode", "light"));
    await page.goto("/referral");
    await hydrated(page);
    await page.getByTestId("referral-empty").waitFor();
    await page.waitForSelector("#preloader", { state: "detached", timeout: 5_000 });
    await saveScreenshot(page, "referral-light");
    await page.getByTestId("referral-terms-link").click();
    await page.getByTestId("referral-terms").waitFor();
    await saveScreenshot(page, "referral-terms-light");
    await page.close();
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px: copy the link, a friend joins and deposits, the reward moves to the wallet`, {
      timeout: 120_000,
    }, async () => {
      const a = await registerPlayer(`referrer${width}`);
      const page = await playerPage(a.token, width);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      const problems = watchPageProblems(page);
      await page.goto("/referral");
      await hydrated(page);
      await page.getByTestId("referral-empty").waitFor();
      await page.waitForSelector("#preloader", { state: "detached", timeout: 5_000 });
      await saveScreenshot(page, "referral-empty");
      const link = (await page.getByTestId("referral-link").textContent())!.trim();
      const code = (await page.getByTestId("referral-code").textContent())!.trim();
      expect(link).toMatch(new RegExp(`/\\?ref=${code}$`));
      await page.getByTestId("referral-link-copy").click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByTestId("referral-terms-link").click();
      const terms = page.getByTestId("referral-terms");
      await terms.waitFor();
      // The terms say the configured rules: USD 5 for a first deposit of USD 10 or more, 10 % of revenue.
      expect(await terms.textContent()).toContain("$5.00");
      expect(await terms.textContent()).toContain("$10.00");
      expect(await page.getByTestId("referral-terms-share").textContent()).toContain("10%");
      await saveScreenshot(page, "referral-terms");
      await page.keyboard.press("Escape");
      await terms.waitFor({ state: "detached" });
      await liveUpdatesConnected(page);

      // B follows the link from another address, and signs up: the code travels with the registration.
      const mobile = width < 600;
      const b = await newPage({
        width,
        height: mobile ? 844 : 800,
        isMobile: mobile,
        extraHTTPHeaders: { "cf-connecting-ip": otherAddress() },
      });
      await b.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
      await b.goto(link);
      await hydrated(b);
      await b.waitForURL((u) => !u.searchParams.has("ref"));
      await b.goto("/?sign-up=true");
      await hydrated(b);
      const dialog = b.getByTestId("modal-sign-up");
      await dialog.waitFor({ state: "visible", timeout: 10_000 });
      const email = `friend${width}-${Date.now()}@example.com`;
      await dialog.locator('input[name="email"]').fill(email);
      await dialog.locator('input[name="password"]').fill(PLAYER_PASSWORD);
      await dialog.locator('input[name="password_confirmation"]').fill(PLAYER_PASSWORD);
      await dialog.getByTestId("agreements").check();
      await dialog.getByRole("button", { name: "Create account" }).click();
      await dialog.waitFor({ state: "detached", timeout: 15_000 });
      const bToken = (await b.context().cookies()).find((c) => c.name === "access_token")!.value;
      await b.close();
      await sandboxDeposit(bToken, "20");
      // The reward waits until the deposit is played through (1× by default, decision 0017): B stakes its 20 USD
      // in two real-money limbo rounds aimed at a million times the stake (a win is one in a million).
      const launch = await call<{ data: { url: string } }>("/api/game/games/lighthouse-limbo/play", {
        body: { real: true },
        token: bToken,
      });
      const game = new URL(launch.data.url).searchParams.get("token")!;
      for (let i = 0; i < 2; i++)
        await call(`/api/house/sessions/${game}/play`, {
          body: { amount: "10", limbo: { target: 1_000_000 } },
        });

      // The first-deposit reward follows the fact of the bet that played it through, and A's open page hears of
      // it: no reload.
      const friend = page.getByTestId("referral-friend");
      await friend.waitFor({ timeout: 20_000 });
      const name = (await page.getByTestId("referral-friend-name").textContent())!;
      expect(name).toMatch(/^f•••.$/);
      expect(name).not.toContain("friend");
      expect(await page.getByTestId("referral-friend-brought").textContent()).toContain("$5.00");
      expect(await page.getByTestId("referral-available").textContent()).toContain("$5.00");
      await page.waitForSelector("#preloader", { state: "detached", timeout: 5_000 });
      await saveScreenshot(page, "referral-earned");

      await page.getByTestId("referral-move").click();
      const modal = page.getByTestId("modal-referral-transfer");
      await modal.waitFor();
      expect(await page.getByTestId("referral-transfer-amount").inputValue()).toBe("5");
      await saveScreenshot(page, "referral-transfer");
      await page.getByTestId("referral-transfer-confirm").click();
      const done = page.getByTestId("referral-transfer-done");
      await done.waitFor();
      expect(await done.textContent()).toContain("$5.00");
      await waitHeaderBalance(page, "5");
      await saveScreenshot(page, "referral-transfer-done");
      await done.getByRole("button").click();
      await modal.waitFor({ state: "detached" });
      await page.getByTestId("referral-earning").getByText("All moved to your wallet").waitFor();
      const after = await overviewOf(a.token);
      expect(after.earnings).toEqual([{ currency: "USD", earned: "5", available: "0" }]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
