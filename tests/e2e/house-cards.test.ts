/**
 * Baccarat and keno in the browser, at 1280 and 390 px: a baccarat round with stakes on two spots and a keno
 * round with picks, each showing the server's result, the balance moving by exactly the round's net, and the
 * verification page recomputing the round from its seeds. Launches as house-games.test.ts does.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import {
  houseBalance as balanceOf,
  openHouseGame,
  playHouseRound,
  type StoredHouseRound,
} from "./support/house";
import { call } from "./support/player";

type StoredRound = StoredHouseRound;

/** A demo launch of a game, as the game screen makes it, opened at `width`. */
async function open(slug: string, engine: string, width: number) {
  const game = await openHouseGame(slug, { width });
  expect(game.path.startsWith(`/house-games/${engine}?`)).toBe(true);
  return game;
}

const playRound = (page: Page, token: string, act: () => Promise<void>) =>
  playHouseRound<StoredRound>(page, token, act);

/** Rotates the seeds (revealing the round's), then the round's Verify link must recompute the same outcome. */
async function verifies(page: Page, token: string, round: StoredRound, summary: string) {
  await call(`/api/house/sessions/${token}/seeds/rotate`, { body: {} });
  const href = (await page.getByTestId("house-last-round").getByRole("link").getAttribute("href"))!;
  const verify = await newPage({ width: page.viewportSize()!.width });
  const problems = watchPageProblems(verify);
  await verify.goto(href);
  await verify.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const match = verify.getByTestId("verify-outcome-match");
  await match.waitFor({ timeout: 15_000 });
  expect(await match.getAttribute("data-matches")).toBe("true");
  expect(await verify.getByTestId("verify-commitment").getAttribute("data-matches")).toBe("true");
  expect(await verify.getByTestId("verify-outcome").getAttribute("data-summary")).toBe(summary);
  await saveScreenshot(verify, `house-verify-${round.round.engine}`);
  expect(problems).toEqual([]);
}

/** The page shows the hands the server dealt, card for card, and its winner. */
async function showsHand(page: Page, stored: StoredRound) {
  const o = stored.round.outcome as { player: number[]; banker: number[]; winner: string };
  expect(await page.getByTestId("baccarat-player").getAttribute("data-cards")).toBe(o.player.join(","));
  expect(await page.getByTestId("baccarat-banker").getAttribute("data-cards")).toBe(o.banker.join(","));
  expect(await page.getByTestId("baccarat-result").getAttribute("data-winner")).toBe(o.winner);
}

describe("baccarat and keno", () => {
  it("baccarat at 1280 px: chips on player and tie, one deal, the server's hands, and the round verifies", async () => {
    const { page, token, problems } = await open("harbor-baccarat", "baccarat", 1280);
    expect(await balanceOf(page)).toBe("1000");
    const amount = page.getByTestId("house-amount");
    await amount.fill("2");
    await page.getByTestId("baccarat-spot-player").click();
    await amount.fill("0.5");
    await page.getByTestId("baccarat-spot-tie").click();
    expect(await page.getByTestId("baccarat-total").textContent()).toContain("2.50");
    const stored = await playRound(page, token, () => page.getByRole("button", { name: "Deal" }).click());
    expect(stored.round).toMatchObject({
      engine: "baccarat",
      bet: "2.5",
      params: { bets: { player: "2", tie: "0.5" } },
    });
    await showsHand(page, stored);
    await saveScreenshot(page, "house-baccarat");
    const o = stored.round.outcome as { player: number[]; banker: number[]; winner: string };
    await verifies(page, token, stored, `P${o.player.join(",")} B${o.banker.join(",")} ${o.winner}`);
    expect(problems).toEqual([]);
  });

  it("baccarat at 390 px by keyboard: → banker, ↑ tie, enter deals", async () => {
    const { page, token, problems } = await open("northwind-baccarat-royale", "baccarat", 390);
    await page.getByTestId("house-amount").fill("3");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowUp");
    expect(await page.getByTestId("baccarat-spot-banker").getAttribute("data-stake")).toBe("3");
    expect(await page.getByTestId("baccarat-spot-tie").getAttribute("data-stake")).toBe("3");
    const stored = await playRound(page, token, () => page.keyboard.press("Enter"));
    expect(stored.round.params).toEqual({ bets: { banker: "3", tie: "3" } });
    await showsHand(page, stored);
    await saveScreenshot(page, "house-baccarat");
    expect(problems).toEqual([]);
  });

  it("keno at 1280 px: three picks on high risk, the draw and hits shown, and the round verifies", async () => {
    const { page, token, problems } = await open("tide-keno", "keno", 1280);
    for (const n of [5, 12, 27]) await page.locator(`[data-testid="keno-cell"][data-number="${n}"]`).click();
    await page.getByRole("button", { name: "High", exact: true }).click();
    // The paytable for 3 picks on high risk: only 3 hits pay, 81.5×.
    const table = page.getByTestId("keno-paytable");
    expect(await table.locator("li").count()).toBe(4);
    expect(await table.locator('li[data-hits="3"]').textContent()).toContain("81.50×");
    await page.getByTestId("house-amount").fill("1.5");
    const stored = await playRound(page, token, () => page.getByRole("button", { name: "Bet" }).click());
    expect(stored.round.params).toEqual({ picks: [5, 12, 27], risk: "high" });
    const o = stored.round.outcome as { drawn: number[]; hits: number[] };
    for (const n of o.drawn)
      expect(
        await page.locator(`[data-testid="keno-cell"][data-number="${n}"]`).getAttribute("data-state"),
      ).toBe(o.hits.includes(n) ? "hit" : "drawn");
    expect(await page.getByTestId("keno-result").getAttribute("data-hits")).toBe(String(o.hits.length));
    await saveScreenshot(page, "house-keno");
    await verifies(page, token, stored, o.drawn.join(","));
    expect(problems).toEqual([]);
  });

  it("keno at 390 px: auto-pick ten numbers and bet with the space bar", async () => {
    const { page, token, problems } = await open("aurora-keno", "keno", 390);
    await page.getByTestId("keno-auto").click();
    expect(await page.locator('[data-testid="keno-cell"][aria-pressed="true"]').count()).toBe(10);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const stored = await playRound(page, token, () => page.keyboard.press("Space"));
    expect((stored.round.params.picks as number[]).length).toBe(10);
    expect(stored.round.params.risk).toBe("classic");
    await saveScreenshot(page, "house-keno");
    expect(problems).toEqual([]);
  });
});
