import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalIdp, ORGANIZATION, startLocalIdp } from "../support/local-idp";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { freePort, type RunningServer, startServer } from "./support/server";

/**
 * External login against a real OpenID provider (issue 7, decision 0060): `oidc-provider` runs in this process
 * with a public client (code flow, PKCE, rotating refresh tokens) and its development login pages, and the site
 * has a server of its own configured with it as spec point 7 describes: offline_access with refresh tokens and
 * the hidden-frame fallback, an organization, the v2 logout with the federated flag. Nothing about the
 * provider is faked: discovery, the authorization code, the token endpoint's CORS, the RS256-signed ID token,
 * the refresh_token grant and the server's own check of the token are all real.
 */

const CLIENT_ID = "lucky-harbor-e2e";
const PROVIDER = { id: "harbor-id", name: "Harbor ID" };
const PASSWORD = "harbor-lights-7";

let site: RunningServer;
let idp: LocalIdp;
let issuer: string;
const url = (path: string) => `${site.baseUrl}${path}`;

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  site = await startServer({
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          ...PROVIDER,
          issuer,
          clientId: CLIENT_ID,
          scope: "openid profile email",
          organization: ORGANIZATION,
          refreshTokens: true,
          refreshTokensFallback: true,
          logout: { federated: true },
        },
      ]),
    },
  });
  idp = await startLocalIdp({
    port,
    clientId: CLIENT_ID,
    redirectUris: [`${site.baseUrl}/auth/callback`],
    postLogoutRedirectUris: [`${site.baseUrl}/`],
  });
});

afterAll(async () => {
  await idp?.close();
  await site?.stop();
});

/** A fresh browser context on the site, cookie notice accepted. */
async function visitor(opts: { phone?: boolean } = {}): Promise<Page> {
  const page = await newPage(
    opts.phone ? { width: 390, height: 844, isMobile: true } : { width: 1280, height: 800 },
  );
  await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
  return page;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** The provider's development pages: any login, then consent to the client. */
async function logInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The signed-in player's profile, with the page's own token. */
async function profileOf(page: Page): Promise<{ id: string; email: string | null }> {
  const token = (await page.context().cookies()).find((c) => c.name === "access_token")?.value;
  expect(token, "the page holds a session").toBeTruthy();
  const res = await fetch(url("/api/player/profile"), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; email: string | null };
}

/** Opens `path` with the sign-in modal, continues with the provider by redirect and logs `login` in there. */
async function continueByRedirect(page: Page, path: string, login: string) {
  await page.goto(url(path));
  await hydrated(page);
  await page
    .getByTestId("modal-sign-in")
    .getByRole("button", { name: `Continue with ${PROVIDER.name}` })
    .click();
  await page.waitForURL((u) => u.origin === issuer);
  await logInAtProvider(page, login);
}

const loggedIn = (page: Page) => page.getByTestId("user-menu").waitFor({ timeout: 20_000 });

describe("external login with an OpenID provider", () => {
  // The site asks for an organization: the provider's accounts named org-… belong to it.
  const login = `org-ada-${Date.now().toString(36)}`;
  let playerId: string;

  it("signs in through the provider's popup: the player is created with the provider's e-mail", async () => {
    const page = await visitor();
    const problems = watchPageProblems(page);
    await page.goto(url("/?sign-in=true"));
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-in");
    const button = dialog.getByRole("button", { name: `Continue with ${PROVIDER.name}` });
    await button.waitFor();
    await saveScreenshot(page, "social-sign-in");
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    // Spec point 9: the popup is 400 by 600.
    await popup.locator('input[name="login"]').waitFor();
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([400, 600]);
    await logInAtProvider(popup, login);
    await popup.waitForEvent("close", { timeout: 20_000 });
    await loggedIn(page);
    await dialog.waitFor({ state: "detached" });
    const profile = await profileOf(page);
    expect(profile.email).toBe(`${login}@players.example`);
    playerId = profile.id;
    expect(problems).toEqual([]);

    // Signing out ends the site's session, then the provider's through its v2 logout, and comes back home.
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL((u) => u.origin === site.baseUrl && u.pathname === "/", { timeout: 20_000 });
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();
    expect((await page.context().cookies()).find((c) => c.name === "access_token")).toBeUndefined();
  }, 150_000);

  it("signs in again by redirect on a phone and lands on the same player, where it started", async () => {
    const page = await visitor({ phone: true });
    await continueByRedirect(page, "/games?sign-in=true", login);
    await page.waitForURL((u) => u.origin === site.baseUrl && u.pathname === "/games", { timeout: 20_000 });
    await loggedIn(page);
    expect((await profileOf(page)).id).toBe(playerId);
  });

  it("refuses an answer whose state was not sent from here with 'Invalid state', and logs nobody in", async () => {
    const page = await visitor({ phone: true });
    // The provider is asked with a state this browser never made; its answer carries that state back.
    await page.route(`${issuer}/auth?**`, (route) => {
      const asked = new URL(route.request().url());
      asked.searchParams.set("state", "tampered-state");
      return route.continue({ url: asked.toString() });
    });
    await continueByRedirect(page, "/?sign-in=true", login);
    const error = page.getByTestId("auth-callback-error");
    await error.waitFor({ timeout: 20_000 });
    expect(await error.getAttribute("data-code")).toBe("state_mismatch");
    expect(await error.textContent()).toBe("Invalid state");
    // The code and state leave the address, and with them the preloader; no session was made.
    expect(new URL(page.url()).search).toBe("");
    await page.locator("#preloader").waitFor({ state: "detached" });
    await saveScreenshot(page, "social-invalid-state");
    expect((await page.context().cookies()).find((c) => c.name === "access_token")).toBeUndefined();
  });

  it("links the provider to a password account and unlinks it; a player cannot unlink their only way in", async () => {
    // A player with a password links the provider, then unlinks it.
    const email = `linker-${Date.now().toString(36)}@example.com`;
    const res = await fetch(url("/api/player/register"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, password_confirmation: PASSWORD, agreements: true }),
    });
    expect(res.status).toBe(201);
    const { accessToken } = (await res.json()) as { accessToken: string };
    const page = await visitor();
    await page.context().addCookies([{ name: "access_token", value: accessToken, url: site.baseUrl }]);
    await page.goto(url("/profile/settings/account"));
    await hydrated(page);
    const row = page.getByTestId("linked-account").filter({ hasText: PROVIDER.name });
    await row.getByTestId("link").waitFor();
    const [popup] = await Promise.all([page.waitForEvent("popup"), row.getByTestId("link").click()]);
    await logInAtProvider(popup, `org-bea-${Date.now().toString(36)}`);
    await row.getByTestId("unlink").waitFor({ timeout: 20_000 });
    await saveScreenshot(page, "social-linked");
    await row.getByTestId("unlink").click();
    await row.getByTestId("unlink-confirm").click();
    await row.getByTestId("link").waitFor();
    expect(await row.textContent()).toContain("Not linked");

    // The player made by the provider has no password: its link is the only way in.
    const social = await visitor({ phone: true });
    await continueByRedirect(social, "/?sign-in=true", login);
    await loggedIn(social);
    await social.goto(url("/profile/settings/account"));
    const own = social.getByTestId("linked-account").filter({ hasText: PROVIDER.name });
    await own.getByTestId("unlink").click();
    await own.getByTestId("unlink-confirm").click();
    await social.getByTestId("linked-problem").waitFor();
    expect(await social.getByTestId("linked-problem").textContent()).toMatch(/only way to sign in/);
    // Still linked: the unlink button is there again once the refusal is shown.
    expect(await own.getByTestId("link").count()).toBe(0);
  }, 150_000);

  for (const phone of [false, true]) {
    it(`${phone ? 390 : 1280}: renews a refused session with the refresh token, then logs out at the provider`, async () => {
      const page = await visitor({ phone });
      const problems = watchPageProblems(page);
      const who = `org-kai-${phone ? "p" : "d"}-${Date.now().toString(36)}`;
      if (phone) await continueByRedirect(page, "/?sign-in=true", who);
      else {
        await page.goto(url("/?sign-in=true"));
        await hydrated(page);
        const button = page
          .getByTestId("modal-sign-in")
          .getByRole("button", { name: `Continue with ${PROVIDER.name}` });
        const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
        await logInAtProvider(popup, who);
      }
      await loggedIn(page);
      expect((await profileOf(page)).email).toBe(`${who}@players.example`);

      // Spec point 9: the session is marked by is-authenticated for one day; offline access gave a refresh token.
      const marker = (await page.context().cookies()).find((c) => c.name === "is-authenticated");
      expect(marker?.value).toBe("true");
      const lifetimeS = (marker?.expires ?? 0) - Date.now() / 1000;
      expect(lifetimeS).toBeGreaterThan(86_400 - 120);
      expect(lifetimeS).toBeLessThanOrEqual(86_400);
      const stored = await page.evaluate(() =>
        JSON.parse(localStorage.getItem("externalLoginTokens") ?? "{}"),
      );
      expect(stored.refreshToken).toEqual(expect.any(String));

      // The site's session is closed on the server: the page's next call is refused, and the provider renews it.
      const token = (await page.context().cookies()).find((c) => c.name === "access_token")?.value;
      const out = await fetch(url("/api/player/sessions/logout"), {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.status).toBe(200);
      const refreshes = idp.tokenCalls.refresh_token ?? 0;
      await page.getByTestId("header-deposit").click();
      await expect.poll(() => idp.tokenCalls.refresh_token ?? 0).toBe(refreshes + 1);
      await expect
        .poll(async () => (await page.context().cookies()).find((c) => c.name === "access_token")?.value, {
          timeout: 15_000,
        })
        .not.toBe(token);
      await loggedIn(page);
      expect(await page.getByTestId("modal-sign-in").count()).toBe(0);
      expect((await profileOf(page)).email).toBe(`${who}@players.example`);
      const rotated = await page.evaluate(() =>
        JSON.parse(localStorage.getItem("externalLoginTokens") ?? "{}"),
      );
      expect(rotated.refreshToken).not.toBe(stored.refreshToken);
      await saveScreenshot(page, `social-renewed-${phone ? 390 : 1280}`);

      // Log out: the provider's v2 logout with client_id, the way back and the federated flag, then home.
      await page.keyboard.press("Escape");
      const seen = idp.logouts.length;
      await page.getByTestId("user-menu").click();
      await page.getByRole("menuitem", { name: "Log out" }).click();
      await expect.poll(() => idp.logouts.length).toBeGreaterThan(seen);
      const asked = idp.logouts[seen]!;
      expect(asked.get("client_id")).toBe(CLIENT_ID);
      expect(asked.get("returnTo")).toBe(`${site.baseUrl}/`);
      expect(asked.has("federated")).toBe(true);
      await page.waitForURL((u) => u.origin === site.baseUrl && u.pathname === "/", { timeout: 20_000 });
      await page.getByRole("link", { name: "Sign in" }).first().waitFor({ timeout: 20_000 });
      const left = (await page.context().cookies()).map((c) => c.name);
      expect(left).not.toContain("access_token");
      expect(left).not.toContain("is-authenticated");
      expect(await page.evaluate(() => localStorage.getItem("externalLoginTokens"))).toBeNull();
      // Expected on the way: the calls refused after the session was closed on purpose, and the provider's
      // development pages asking for a web font this machine cannot reach.
      const expected = /HTTP 401: GET .*\/api\/|status of 401|fonts\.googleapis\.com|ERR_NAME_NOT_RESOLVED/;
      expect(problems.filter((p) => !expected.test(p))).toEqual([]);
    }, 150_000);
  }
});
