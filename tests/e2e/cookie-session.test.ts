import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, watchPageProblems } from "./support/browser";
import { hydrated, PLAYER_PASSWORD, registerPlayer, sandboxDeposit } from "./support/player";
import { liveUpdatesConnected, submitSignIn, waitHeaderBalance } from "./support/site";

/**
 * Decision 0037: the session token is an HttpOnly cookie the server sets. A player signs in through the form;
 * nothing a script on the page can reach (document.cookie, local and session storage, the page's HTML) holds the
 * token, yet the player stays signed in across a reload and the realtime connection brings their balance.
 */

const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;

/** Everything a script on the page could read that might hold a token. */
const scriptVisible = (page: Page) =>
  page.evaluate(() => {
    const dump = (s: Storage) =>
      Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)]));
    return {
      cookie: document.cookie,
      local: JSON.stringify(dump(localStorage)),
      session: JSON.stringify(dump(sessionStorage)),
      html: document.documentElement.outerHTML,
    };
  });

describe("the session cookie in the browser", { timeout: 120_000 }, () => {
  it("keeps the token out of every script's reach while the player stays signed in and live", async () => {
    const { email } = await registerPlayer("cookie");
    const page = await newPage();
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    page.setDefaultTimeout(20_000);
    const problems = watchPageProblems(page);
    const frames: string[] = [];
    page.on("websocket", (ws) => ws.on("framesent", (f) => frames.push(String(f.payload))));

    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-in");
    await dialog.waitFor({ state: "visible" });
    await submitSignIn(dialog, email, PLAYER_PASSWORD);
    await dialog.waitFor({ state: "detached", timeout: 15_000 });
    await page.getByTestId("header-nickname").waitFor();

    // The browser holds the token, set by the server: HttpOnly, SameSite=Lax, the whole site, about a year.
    const jar = await page.context().cookies();
    const token = jar.find((c) => c.name === "access_token");
    expect(token).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(token!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    const marker = jar.find((c) => c.name === "access_token_expires");
    expect(marker).toMatchObject({ httpOnly: false });
    expect(Number(marker!.value)).toBeGreaterThan(Date.now() / 1000);

    const check = async () => {
      const seen = await scriptVisible(page);
      expect(seen.cookie).not.toContain("access_token=");
      expect(seen.cookie).toContain("access_token_expires=");
      for (const where of [seen.cookie, seen.local, seen.session, seen.html]) {
        expect(where).not.toContain(token!.value);
        expect(where).not.toMatch(JWT);
      }
    };
    await check();

    // A reload renders the player from the cookie (server rendering) and keeps them signed in.
    await page.reload();
    await hydrated(page);
    await page.getByTestId("header-nickname").waitFor();
    await check();

    // The realtime connection is the player's: a deposit made elsewhere shows in the header without a reload.
    await liveUpdatesConnected(page);
    await waitHeaderBalance(page, "0");
    const current = (await page.context().cookies()).find((c) => c.name === "access_token")!.value;
    await sandboxDeposit(current, "25");
    await waitHeaderBalance(page, "25");
    // It connected with a connection token of its own, never the session's.
    expect(frames.some((f) => f.includes('"connect"'))).toBe(true);
    for (const f of frames) {
      expect(f).not.toContain(token!.value);
      expect(f).not.toContain(current);
    }
    await check();
    expect(problems).toEqual([]);
  });

  it("refuses a form another site posts with the player's cookie", async () => {
    const { email } = await registerPlayer("cookie-csrf");
    const page = await newPage();
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-in");
    await submitSignIn(dialog, email, PLAYER_PASSWORD);
    await page.getByTestId("header-nickname").waitFor({ timeout: 20_000 });
    // A script of the page itself can still call (it is the site), but a call without the site's header, as
    // a form posted from elsewhere would be, is refused.
    const status = await page.evaluate(async () => {
      const res = await fetch("/api/player/sessions/close-other", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      return { status: res.status, body: await res.json() };
    });
    expect(status).toMatchObject({ status: 403, body: { code: "cross_site_request" } });
  });
});
