import { describe, expect, inject, it } from "vitest";
import { baseUrl } from "./support/base";
import { newPage } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";

/**
 * Guests' pages are kept a few seconds and shared between guests (server/http/page-cache.ts, decision 0059). A
 * player's page is never one of them, and a banner changed in the back office shows on the next guest load.
 */
const guestHome = async () => {
  const res = await fetch(`${baseUrl()}/`, { headers: { "accept-encoding": "identity" } });
  expect(res.status).toBe(200);
  return { html: await res.text(), cache: res.headers.get("x-page-cache") };
};

describe("the guests' page cache", () => {
  it("never gives a guest a player's page, nor a player a guest's", async () => {
    await guestHome();
    const player = await registerPlayer("page-cache");
    const page = await playerPage(player.token);
    const res = await page.goto(`${baseUrl()}/`);
    const playerHtml = (await res!.text()) ?? "";
    // The player's page carries the player (their e-mail in the session the page was rendered with) and was
    // rendered for them alone.
    expect(playerHtml).toContain(player.email);
    expect(res!.headers()["x-page-cache"]).toBeUndefined();
    await hydrated(page);
    await page.close();
    // Guests, in a browser and not, get the guests' page: from the cache, and without the player.
    const guest = await newPage();
    const guestRes = await guest.goto(`${baseUrl()}/`);
    const guestHtml = await guestRes!.text();
    expect(guestRes!.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    expect(guestHtml).not.toContain(player.email);
    await hydrated(guest);
    expect(await guest.content()).not.toContain(player.email);
    await guest.close();
    await guestHome();
    const again = await guestHome();
    expect(again.cache).toBe("hit");
    expect(again.html).not.toContain(player.email);
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
