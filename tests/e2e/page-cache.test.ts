import { describe, expect, inject, it } from "vitest";
import { EXPIRY_COOKIE, TOKEN_COOKIE } from "#common/session-cookie";
import { tokenExpiry } from "../../app/lib/session/token";
import { baseUrl } from "./support/base";
import { newPage } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";

/**
 * Guests' pages are kept a few seconds and shared between guests (server/http/page-cache.ts, decision 0059). A
 * player's page is never one of them: on the home a player gets the players' shell, drawn for no one, and the
 * browser reads the rest (decision 0075). A banner changed in the back office shows on the next guest load.
 */
const guestHome = async () => {
  const res = await fetch(`${baseUrl()}/`, { headers: { "accept-encoding": "identity" } });
  expect(res.status).toBe(200);
  return { html: await res.text(), cache: res.headers.get("x-page-cache") };
};

/** How the page cache answered a player's home asked for without a browser. */
const playerHomeCache = async (token: string) => {
  const res = await fetch(`${baseUrl()}/`, {
    headers: { "accept-encoding": "identity", cookie: `${TOKEN_COOKIE}=${token}` },
  });
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).not.toContain('data-testid="header-nickname"');
  return res.headers.get("x-page-cache");
};

/**
 * A player's tab that notes whether a sign-in link was ever in the header or the phone's tab bar, from the
 * server's HTML on.
 */
const watchedPlayerPage = async (token: string, width = 1280) => {
  const page = await playerPage(token, width);
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('header a[href*="sign-in"], [data-testid="bottom-nav"] a[href*="sign-in"]'))
        (window as { sawSignIn?: boolean }).sawSignIn = true;
    }).observe(document, { subtree: true, childList: true });
  });
  return page;
};

describe("the guests' page cache", () => {
  it.each([1280, 390])(
    "never gives a guest a player's page; a player's home is the shared shell, their own part read after (%i px)",
    async (width) => {
      await guestHome();
      const alice = await registerPlayer("page-cache-a");
      const bob = await registerPlayer("page-cache-b");
      // Both open the home one after the other, well within the cache's 10 s.
      const visits = [];
      for (const player of [alice, bob]) {
        const page = await watchedPlayerPage(player.token, width);
        const res = await page.goto(`${baseUrl()}/`);
        // The home comes from the players' shell (decision 0075): shared, drawn without anyone's session.
        const html = (await res!.text()) ?? "";
        expect(html).not.toContain(player.email);
        expect(html).not.toContain(alice.email.split("@")[0]);
        visits.push({ player, page, cache: res!.headers()["x-page-cache"] });
      }
      for (const { player, page } of visits) {
        await hydrated(page);
        // Then the browser reads whose it is: this player's name and balance, and never a sign-in link between.
        await expect
          .poll(() => page.getByTestId("header-nickname").textContent())
          .toBe(player.email.split("@")[0]);
        await page.getByTestId("header-balance-amount").waitFor();
        expect(await page.evaluate(() => (window as { sawSignIn?: boolean }).sawSignIn ?? false)).toBe(false);
        // Any other page is still drawn for the player alone, with them in it.
        const games = await page.goto(`${baseUrl()}/games`);
        expect(await games!.text()).toContain(player.email);
        expect(games!.headers()["x-page-cache"]).toBeUndefined();
        await page.close();
      }
      // Both homes came through the guests' cache (a page drawn for the player alone has no such header).
      for (const { cache } of visits) expect(cache).toMatch(/^(hit|miss|shared)$/);
      // And the shell is one for all: Bob, right after Alice, is given the one her request drew or found. When
      // hers was found near the end of its 10 s, it may be gone by his, so the pair is tried again, up to thrice.
      const pairs: (string | null)[][] = [];
      for (let i = 0; i < 3 && !/^(hit|shared)$/.test(String(pairs.at(-1)?.[1])); i++)
        pairs.push([await playerHomeCache(alice.token), await playerHomeCache(bob.token)]);
      expect(pairs.at(-1)![1], JSON.stringify(pairs)).toMatch(/^(hit|shared)$/);
      // Guests, in a browser and not, get the guests' page: from the cache, and without the players.
      const guest = await newPage();
      const guestRes = await guest.goto(`${baseUrl()}/`);
      const guestHtml = await guestRes!.text();
      expect(guestRes!.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
      expect(guestHtml).not.toContain(alice.email);
      await hydrated(guest);
      await guest
        .getByRole("link", { name: /sign in/i })
        .first()
        .waitFor();
      expect(await guest.content()).not.toContain(alice.email);
      await guest.close();
      await guestHome();
      const again = await guestHome();
      expect(again.cache).toBe("hit");
      expect(again.html).not.toContain(alice.email);
    },
  );

  it("leaves a player's home a guest's when the cookie's session is over, and forgets the cookie", async () => {
    const player = await registerPlayer("page-cache-gone");
    const page = await watchedPlayerPage(player.token);
    // Both cookies, as a sign-in leaves them, so the browser reads the profile rather than refreshing.
    const expires = Math.floor(tokenExpiry(player.token)! / 1000);
    await page.context().addCookies([{ name: EXPIRY_COOKIE, value: String(expires), url: baseUrl() }]);
    // The session ends elsewhere (a logout on another device): the cookie still names it.
    await call("/api/player/sessions/logout", { body: {}, token: player.token });
    const res = await page.goto(`${baseUrl()}/`);
    expect(res!.headers()["x-page-cache"]).toMatch(/^(hit|miss|shared)$/);
    await hydrated(page);
    // The placeholder gives way to the guest's links, and the cookie is gone: the next page is a guest's.
    await page.locator('header a[href*="sign-in"]').first().waitFor({ timeout: 15_000 });
    await expect
      .poll(async () =>
        (await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith(TOKEN_COOKIE)),
      )
      .toEqual([]);
    expect(await page.getByTestId("user-menu").count()).toBe(0);
    await page.close();
  });

  it("shows a banner changed in the back office on the next guest load", async () => {
    const token = inject("staffAdminToken");
    const entry = await call<{
      data: { effective: { attributes: Record<string, string | number>; body: string } };
    }>("/api/admin/content/banner/entry?identity=welcome&locale=en", { token });
    const before = await guestHome();
    expect((await guestHome()).cache).toBe("hit");
    const text = `A changed banner ${Date.now().toString(36)}`;
    expect(before.html).not.toContain(text);
    await call("/api/admin/content/banner/entry", {
      method: "PUT",
      body: { identity: "welcome", locale: "en", attributes: entry.data.effective.attributes, body: text },
      token,
    });
    try {
      // Well within the cache's time (10 s): the change dropped the guests' pages.
      const guest = await newPage();
      await guest.goto(`${baseUrl()}/`);
      await guest.getByText(text).first().waitFor({ state: "attached", timeout: 5_000 });
      await guest.close();
      expect((await guestHome()).html).toContain(text);
    } finally {
      await call("/api/admin/content/banner/entry/revert", {
        body: { identity: "welcome", locale: "en" },
        token,
      });
    }
    expect((await guestHome()).html).not.toContain(text);
  });
});
