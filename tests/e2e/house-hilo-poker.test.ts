/**
 * Hilo and video poker in the browser, at 1280 and 390 px: a hilo round played by the arrow keys and the
 * buttons to a cash-out (space), then verified from its seeds; a video-poker hand with cards held by key and by
 * tap, drawn with space, the paytable's row of the result highlighted.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addAmounts, negate } from "#common/money";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { houseBalance as balanceOf, openHouseGame, storedRound } from "./support/house";

interface StoredRound {
  round: {
    id: string;
    engine: string;
    bet: string;
    payout: string;
    status: string;
    outcome: Record<string, unknown>;
  };
  seeds: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
}

const open = (slug: string, width: number) => openHouseGame(slug, { width });
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
const stored = (token: string, id: string) => storedRound<StoredRound>(token, id);
/** Waits for the last-round line to name a round other than `previous`, and answers its id. */
async function nextSettled(page: Page, previous: string | null) {
  await page.waitForFunction(
    (prev) => {
      const id = document.querySelector('[data-testid="house-last-round"]')?.getAttribute("data-round-id");
      return Boolean(id) && id !== prev;
    },
    previous,
    { timeout: 15_000 },
  );
  return (await page.getByTestId("house-last-round").getAttribute("data-round-id"))!;
}

async function hiloToCashOut(width: number) {
  const { page, token, problems } = await open("harbor-hi-lo", width);
  const cashOut = page.getByTestId("house-cashout");
  let previous: string | null = null;
  // A round may be lost before its first right guess: bet again until one is won, then cash out.
  for (let attempt = 0; attempt < 30; attempt++) {
    const before = await balanceOf(page);
    await page.getByRole("button", { name: "Bet" }).click();
    await cashOut.waitFor();
    // Both buttons say their chance and what they pay next.
    const higher = (await page.getByTestId("hilo-higher").textContent())!;
    expect(higher).toMatch(/\d+\.\d\d%.*\d\.\d+×/);
    // The first time a card is skipped, by the button.
    if (attempt === 0) {
      await page.getByTestId("hilo-skip").click();
      await page.getByTestId("hilo-trail").waitFor();
    }
    // The likelier guess (at least 7 of 13), by the arrow keys.
    const card = Number(await page.getByTestId("hilo-card").locator("[data-card]").getAttribute("data-card"));
    const rank = card % 13;
    await blur(page);
    await page.keyboard.press(rank <= 6 ? "ArrowUp" : "ArrowDown");
    await page.waitForFunction(
      () =>
        !document.querySelector('[data-testid="house-cashout"]') ||
        !(document.querySelector('[data-testid="house-cashout"]') as HTMLButtonElement).disabled,
      undefined,
      { timeout: 15_000 },
    );
    if (await cashOut.count()) {
      await saveScreenshot(page, "house-hilo-playing");
      // Space cashes out.
      await blur(page);
      await page.keyboard.press("Space");
      const id = await nextSettled(page, previous);
      const round = await stored(token, id);
      expect(round.round).toMatchObject({ engine: "hilo", status: "settled" });
      expect(Number(round.round.payout)).toBeGreaterThan(Number(round.round.bet));
      expect(await balanceOf(page)).toBe(addAmounts(before, negate(round.round.bet), round.round.payout));
      await expect.poll(async () => page.getByTestId("hilo-status").textContent()).toContain("You win");
      await saveScreenshot(page, "house-hilo");
      return { page, token, problems, id };
    }
    previous = await nextSettled(page, previous);
    expect((await stored(token, previous)).round.payout).toBe("0");
  }
  throw new Error("no hilo round won in 30 tries");
}

async function verifyLast(page: Page, id: string, engine: string) {
  await page.getByTestId("house-fairness-open").click();
  const panel = page.getByTestId("house-fairness");
  await panel.getByRole("button", { name: "Rotate seeds" }).click();
  await panel.getByTestId("house-revealed-seed").waitFor();
  const href = (await panel
    .locator(`[data-testid="house-verify-link"][data-round-id="${id}"]`)
    .getAttribute("href"))!;
  const verify = await newPage({ width: page.viewportSize()!.width });
  const problems = watchPageProblems(verify);
  await verify.goto(href);
  await verify.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const match = verify.getByTestId("verify-outcome-match");
  await match.waitFor({ timeout: 15_000 });
  expect(await verify.getByTestId("verify-commitment").getAttribute("data-matches")).toBe("true");
  expect(await match.getAttribute("data-matches")).toBe("true");
  expect(await verify.getByTestId("verify-outcome").getAttribute("data-engine")).toBe(engine);
  await saveScreenshot(verify, `house-verify-${engine}`);
  expect(problems).toEqual([]);
}

async function pokerHand(width: number) {
  const { page, token, problems } = await open("harbor-jacks-or-better", width);
  const before = await balanceOf(page);
  await blur(page);
  await page.keyboard.press("Space");
  await page.getByTestId("poker-draw").waitFor();
  const cards = page.getByTestId("poker-card");
  const dealt = await Promise.all(
    [0, 1, 2, 3, 4].map(async (i) =>
      Number(await cards.nth(i).locator("[data-card]").getAttribute("data-card")),
    ),
  );
  // Hold the first and third by keys 1 and 3, the fifth by a tap; a second tap on the second leaves it.
  await page.keyboard.press("1");
  await page.keyboard.press("3");
  await cards.nth(4).click();
  await cards.nth(1).click();
  await cards.nth(1).click();
  expect(await cards.nth(0).getAttribute("aria-pressed")).toBe("true");
  expect(await cards.nth(1).getAttribute("aria-pressed")).toBe("false");
  await saveScreenshot(page, "house-poker-held");
  await blur(page);
  await page.keyboard.press("Space");
  const id = await nextSettled(page, null);
  const round = await stored(token, id);
  expect(round.round.outcome).toMatchObject({ holds: [0, 2, 4] });
  const final = round.round.outcome.final as number[];
  expect([final[0], final[2], final[4]]).toEqual([dealt[0], dealt[2], dealt[4]]);
  expect(await balanceOf(page)).toBe(addAmounts(before, negate(round.round.bet), round.round.payout));
  const result = round.round.outcome.result as string;
  const winning = page.locator('[data-testid="poker-paytable"] tr[data-winning]');
  if (result === "nothing") expect(await winning.count()).toBe(0);
  else expect(await winning.getAttribute("data-hand")).toBe(result);
  await saveScreenshot(page, "house-poker");
  return { page, token, problems, id };
}

describe("hilo and video poker", () => {
  it("hilo: a round to cash-out at 1280 px, verified from its seeds", async () => {
    const { page, problems, id } = await hiloToCashOut(1280);
    await verifyLast(page, id, "hilo");
    expect(problems).toEqual([]);
  });

  it("hilo on a phone (390 px)", async () => {
    const { problems } = await hiloToCashOut(390);
    expect(problems).toEqual([]);
  });

  it("video poker: a hand with holds at 1280 px, verified from its seeds", async () => {
    const { page, problems, id } = await pokerHand(1280);
    await verifyLast(page, id, "videopoker");
    expect(problems).toEqual([]);
  });

  it("video poker on a phone (390 px)", async () => {
    const { problems } = await pokerHand(390);
    expect(problems).toEqual([]);
  });
});
