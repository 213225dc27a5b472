import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type RouletteBet, rouletteCovers } from "#common/house-games";
import { addAmounts } from "#common/money";
import { commitment } from "#common/provably-fair";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { openHouseGame, playHouseRound, type StoredHouseRound } from "./support/house";

type StoredRound = StoredHouseRound<{ bets: RouletteBet[] }, { pocket: number; wins: string[] }>;

/** A demo launch of a roulette title as the game screen makes it, opened at `width`, the page hydrated. */
async function open(slug: string, width: number) {
  const game = await openHouseGame(slug, { width });
  expect(game.path.startsWith("/house-games/roulette?")).toBe(true);
  return game;
}

/** Places one chip of `chip` on each named spot of the board (its accessible name, e.g. "Split 17/20"). */
async function place(page: Page, chip: string, spots: string[]) {
  await page.getByRole("button", { name: `Chip of ${chip}`, exact: true }).click();
  for (const name of spots) await page.getByRole("button", { name, exact: true }).click();
}

/**
 * Spins with `act` and checks the page against the server's round: the stake is the bets' sum, each bet pays
 * amount × its return exactly when the pocket is one of its numbers, the balance moved by payout − stake, and
 * the board shows the pocket with the winning chips lit.
 */
async function spin(page: Page, token: string, act: () => Promise<void>): Promise<StoredRound> {
  const stored = await playHouseRound<StoredRound>(page, token, act, 30_000);
  const { bets } = stored.round.params;
  const pocket = stored.round.outcome.pocket;
  expect(stored.round.engine).toBe("roulette");
  expect(stored.round.bet).toBe(addAmounts("0", ...bets.map((b) => b.amount)));
  const returns = { straight: 36, split: 18, street: 12, trio: 12, corner: 9, basket: 9, line: 6 } as Record<
    string,
    number
  >;
  const expected = bets.map((b) =>
    rouletteCovers(b)!.includes(pocket)
      ? String(Number(b.amount) * (returns[b.kind] ?? (b.kind === "dozen" || b.kind === "column" ? 3 : 2)))
      : "0",
  );
  expect(stored.round.payout).toBe(addAmounts("0", ...expected));
  expect(await page.getByTestId("roulette-result").getAttribute("data-pocket")).toBe(String(pocket));
  // The winning chips are lit, the others not; the same in the list of bets.
  const chips = page.locator('[data-testid="roulette-chip"]:visible');
  const lit: string[] = [];
  for (let i = 0; i < (await chips.count()); i++)
    if ((await chips.nth(i).getAttribute("data-won")) === "true")
      lit.push((await chips.nth(i).getAttribute("data-spot"))!);
  const winners = expected.filter((paid) => paid !== "0").length;
  expect(lit).toHaveLength(winners);
  expect(await page.locator('[data-testid="roulette-bets"] li[data-won="true"]').count()).toBe(winners);
  return stored;
}

describe("roulette", () => {
  it("several bets on the classic table at 1280, spun with the keyboard, then verified from the seeds", async () => {
    const { page, token, problems } = await open("harbor-roulette", 1280);
    expect(await page.getByTestId("roulette-board-horizontal").isVisible()).toBe(true);
    await place(page, "1", [
      "Straight 17",
      "Split 17/20",
      "Corner 1/2/4/5",
      "Street 34/35/36",
      "Six line 13/14/15/16/17/18",
    ]);
    await place(page, "5", ["Red", "Dozen 2"]);
    await place(page, "0.5", ["Column 3", "First four 0/1/2/3"]);
    expect(await page.getByTestId("roulette-total").textContent()).toBe("16");
    // U takes the last chip off again; R later puts a whole spin back.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("u");
    expect(await page.getByTestId("roulette-total").textContent()).toBe("15.5");
    const first = await spin(page, token, () => page.keyboard.press("Space"));
    expect(first.round.params.bets).toEqual([
      { kind: "straight", numbers: [17], amount: "1" },
      { kind: "column", target: 3, amount: "0.5" },
      { kind: "dozen", target: 2, amount: "5" },
      { kind: "red", amount: "5" },
      { kind: "split", numbers: [17, 20], amount: "1" },
      { kind: "street", numbers: [34, 35, 36], amount: "1" },
      { kind: "corner", numbers: [1, 2, 4, 5], amount: "1" },
      { kind: "line", numbers: [13, 14, 15, 16, 17, 18], amount: "1" },
    ]);
    await saveScreenshot(page, "house-roulette");

    // Clear, then repeat the last spin: the same bets again, spun by the button.
    await page.getByRole("button", { name: "Clear", exact: true }).click();
    expect(await page.getByTestId("roulette-total").textContent()).toBe("0");
    await page.getByRole("button", { name: "Repeat", exact: true }).click();
    const second = await spin(page, token, () => page.getByRole("button", { name: "Spin" }).click());
    expect(second.round.params.bets).toEqual(first.round.params.bets);
    expect(second.seeds.nonce).toBe(first.seeds.nonce + 1);

    // After a rotation the verifier recomputes the pocket and every bet's payout from the seeds alone.
    await page.getByTestId("house-fairness-open").click();
    const panel = page.getByTestId("house-fairness");
    const hash = (await panel.getByTestId("house-seed-hash").textContent())!;
    await panel.getByRole("button", { name: "Rotate seeds" }).click();
    const revealed = panel.getByTestId("house-revealed-seed");
    await revealed.waitFor();
    expect(commitment((await revealed.textContent())!)).toBe(hash);
    const href = (await panel
      .locator(`[data-testid="house-verify-link"][data-round-id="${first.round.id}"]`)
      .getAttribute("href"))!;
    const verify = await newPage({ width: 1280 });
    const verifyProblems = watchPageProblems(verify);
    await verify.goto(href);
    await verify.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await verify.getByTestId("verify-commitment").waitFor({ timeout: 15_000 });
    expect(await verify.getByTestId("verify-commitment").getAttribute("data-matches")).toBe("true");
    expect(await verify.getByTestId("verify-outcome-match").getAttribute("data-matches")).toBe("true");
    expect(await verify.getByTestId("verify-outcome").getAttribute("data-summary")).toBe(
      String(first.round.outcome.pocket),
    );
    expect(await verify.getByTestId("verify-roulette-payout").textContent()).toBe(first.round.payout);
    expect(await verify.locator('[data-testid="verify-roulette-bets"] tr').count()).toBe(8);
    await saveScreenshot(verify, "house-roulette-verify");
    expect(verifyProblems).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a phone's standing board takes several bets and spins", async () => {
    const { page, token, problems } = await open("northwind-roulette", 390);
    expect(await page.getByTestId("roulette-board-vertical").isVisible()).toBe(true);
    expect(await page.getByTestId("roulette-board-horizontal").isVisible()).toBe(false);
    await place(page, "1", ["Straight 0", "Split 0/2", "Trio 0/1/2", "Odd", "19 to 36"]);
    await place(page, "5", ["Black", "Column 1"]);
    expect(await page.getByTestId("roulette-total").textContent()).toBe("15");
    await saveScreenshot(page, "house-roulette-bets");
    const round = await spin(page, token, () => page.getByRole("button", { name: "Spin" }).click());
    expect(round.round.params.bets).toHaveLength(7);
    await saveScreenshot(page, "house-roulette-spun");
    expect(problems).toEqual([]);
  });
});

describe("wheel", () => {
  it("spins a medium wheel of 30 segments and lands on the segment the server dealt", async () => {
    for (const width of [1280, 390]) {
      const { page, token, problems } = await openHouseGame("helm-wheel", { width });
      await page.getByRole("button", { name: "30", exact: true }).click();
      await page.getByRole("button", { name: "Medium", exact: true }).click();
      expect(await page.getByTestId("wheel-segment").count()).toBe(30);
      const { round } = await playHouseRound<StoredHouseRound<unknown, { segment: number }>>(
        page,
        token,
        () => page.getByRole("button", { name: "Spin" }).click(),
        30_000,
      );
      expect(round.params).toEqual({ segments: 30, risk: "medium" });
      expect(await page.getByTestId("wheel-result").getAttribute("data-segment")).toBe(
        String(round.outcome.segment),
      );
      expect(
        await page.getByTestId("wheel-segment").nth(round.outcome.segment).getAttribute("data-hit"),
      ).toBe("true");
      await saveScreenshot(page, "house-wheel");
      expect(problems).toEqual([]);
    }
  });
});
