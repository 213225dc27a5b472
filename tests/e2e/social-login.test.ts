import type { Server } from "node:http";
import Provider from "oidc-provider";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { freePort, type RunningServer, startServer } from "./support/server";

/**
 * External login against a real OpenID provider (issue 7): `oidc-provider` runs in this process with a public
 * client (code flow, PKCE) and its development login pages, and the site has a server of its own configured
 * with it. Nothing about the provider is faked: discovery, the authorization code, the token endpoint's CORS,
 * the RS256-signed ID token and the server's own check of it are all real.
 */

const CLIENT_ID = "lucky-harbor-e2e";
const PROVIDER = { id: "harbor-id", name: "Harbor ID" };
const PASSWORD = "harbor-lights-7";

let site: RunningServer;
let issuer: string;
let idp: Server;
const url = (path: string) => `${site.baseUrl}${path}`;

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  site = await startServer({
    env: {
      OIDC_PROVIDERS: JSON.stringify([{ ...PROVIDER, issuer, clientId: CLIENT_ID, scope: "openid email" }]),
    },
  });
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        token_endpoint_auth_method: "none",
        redirect_uris: [`${site.baseUrl}/auth/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // Whatever login the development form is given is an account whose provider vouches for its e-mail.
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@players.example`, email_verified: true }),
    }),
    cookies: { keys: ["social-login-e2e-cookie-key"] },
    // Put the e-mail in the ID token itself, as Google does (the site reads nothing else).
    conformIdTokenClaims: false,
  });
  idp = oidc.listen(port);
});

afterAll(async () => {
  idp?.close();
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
  const login = `ada-${Date.now().toString(36)}`;
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

    // Signing out ends the site's session (the provider's is its own).
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();
    expect((await page.context().cookies()).find((c) => c.name === "access_token")).toBeUndefined();
  });

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
    await logInAtProvider(popup, `bea-${Date.now().toString(36)}`);
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
  });
});
