import { describe, expect, it } from "vitest";
import { baseUrl } from "./support/base";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import {
  FOOTBALL,
  openEvent,
  PAGE,
  pickOnEventPage,
  place,
  registerPlayer,
  slip,
  visitorPage,
} from "./support/sportsbook";
import { newStaffMember, signInStaffPage } from "./support/staff";

/**
 * Sportsbook trading (issue #21, decision 0022): a trader suspends a market of a live match in /admin/trading;
 * the site shows it suspended at once and refuses a bet on it, whatever the feed says; the trader resumes it
 * and the bet is taken. The e2e feed runs on a fast clock (a football match lasts about a minute and a half) and
 * suspends markets itself for two seconds around each goal, so the journey waits on what the pages say and
 * checks the trader's hold by the market staying suspended while the feed has it open.
 */

const WIDTH = 1280;
// Refusals met on purpose: the bet refused on the suspended market.
const EXPECTED = [/status of 409/, /HTTP 409/];

describe("sportsbook trading in the back office", () => {
  it("suspends a live market the site then refuses, and resumes it for the bet to be taken", {
    timeout: 240_000,
  }, async () => {
    // Everything that takes time first: the match is short on the e2e clock.
    const [member, player] = await Promise.all([newStaffMember(["trader"]), registerPlayer("50")]);
    const trader = await newPage({ width: WIDTH, height: 900 });
    const traderProblems = watchPageProblems(trader, { ignore: EXPECTED });
    await signInStaffPage(trader, member);
    const sportsToken = await player.sportsToken();
    const site = await visitorPage(WIDTH, player.token);
    const siteProblems = watchPageProblems(site, { ignore: EXPECTED });
    await trader.goto(`${baseUrl()}/admin/trading`);
    await trader.getByTestId("trading-event").first().waitFor(PAGE);

    // A live football match just begun, its main market (the match result) open.
    const live = await openEvent("live", [], { lasting: true, sportId: FOOTBALL, before: 8 });
    const selectionId = await pickOnEventPage(site, live.id);
    const marketId = selectionId.split(":").slice(1, -1).join(":");
    const box = await slip(site, WIDTH);
    const leg = box.locator(`[data-leg="${selectionId}"]`);
    await leg.waitFor();
    // Live prices move all the time: the player takes whatever price is on offer when the bet is placed.
    await box.locator("[data-odds-policy]").selectOption("any");
    // The trader finds the match by a team's name and opens it.
    await trader.getByLabel("Team or championship").fill(live.home);
    await trader.getByRole("button", { name: "Search" }).click();
    const row = trader.getByTestId("trading-event").filter({ hasText: live.home }).first();
    await expect.poll(() => row.textContent(), PAGE).toContain("Live");
    await saveScreenshot(trader, "admin-trading-list");
    await row.getByRole("link").click();
    const market = trader.locator(`[data-testid="trading-market"][data-market="${marketId}"]`);
    await market.waitFor(PAGE);
    expect(await market.getByTestId("trading-selection").count()).toBeGreaterThan(1);
    await market.getByRole("button", { name: "Suspend market" }).click();
    await market.getByText("held by a trader").waitFor(PAGE);
    await expect
      .poll(() => market.getByTestId("trading-market-status").textContent(), PAGE)
      .toBe("suspended");
    await saveScreenshot(trader, "admin-trading-event");
    // The site: the odds show suspended live (no reload), the slip says so and will not place it.
    const oddsOnPage = site.locator(`[data-lsb-widget="page"] [data-market="${marketId}"]`).first();
    await expect.poll(() => oddsOnPage.getAttribute("data-market-status"), PAGE).toBe("suspended");
    await expect.poll(() => leg.getAttribute("data-leg-state"), PAGE).toBe("suspended");
    await expect.poll(() => leg.textContent(), PAGE).toContain("Market suspended");
    expect(await box.locator("[data-place-bet]").isEnabled()).toBe(false);
    // The hold is the trader's, not the feed's suspension around a goal: it lasts while the feed has the market
    // open again (the trader's page shows the feed's own status beside it).
    await market.getByText("feed: open").waitFor({ timeout: 30_000 });
    expect(await leg.getAttribute("data-leg-state")).toBe("suspended");
    // And the server refuses a bet on it, as the slip would be told.
    const refused = await fetch(`${baseUrl()}/api/sportsbook/bets`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${sportsToken}` },
      body: JSON.stringify({
        type: "single",
        stake: "5",
        currency: "USD",
        oddsPolicy: "any",
        requestId: `trading-${Date.now()}`,
        selections: [{ selectionId, odds: "2.00" }],
      }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("market_suspended");

    // The trader resumes: the slip's leg comes back (unless the feed itself is suspending it around a goal)
    // and the bet is taken.
    await market.getByRole("button", { name: "Resume market" }).click();
    await market.getByRole("button", { name: "Suspend market" }).waitFor(PAGE);
    await expect
      .poll(() => leg.getAttribute("data-leg-state"), { timeout: 30_000 })
      .toMatch(/^(ok|changed)$/);
    await place(
      site,
      WIDTH,
      async (b) => {
        await b.locator("[data-stake]").first().fill("5");
      },
      async () => {
        await pickOnEventPage(site, live.id);
      },
    );
    const bets = (await (
      await fetch(`${baseUrl()}/api/sportsbook/bets?status=open`, {
        headers: { authorization: `Bearer ${sportsToken}` },
      })
    ).json()) as { data: { legs: { eventId: number }[] }[] } | { legs: { eventId: number }[] }[];
    const list = Array.isArray(bets) ? bets : bets.data;
    expect(list.some((b) => b.legs.some((l) => l.eventId === live.id))).toBe(true);

    // The trader's screens at a phone's width: nothing wider than the screen.
    await trader.setViewportSize({ width: 390, height: 844 });
    await market.waitFor();
    expect(await trader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(trader, "admin-trading-event");
    await trader.goto(`${baseUrl()}/admin/trading`);
    await trader.getByTestId("trading-event").first().waitFor(PAGE);
    expect(await trader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(trader, "admin-trading-list");

    expect(traderProblems).toEqual([]);
    expect(siteProblems).toEqual([]);
    await Promise.all([trader.close(), site.close()]);
  });
});
