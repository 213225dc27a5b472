import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dealRound } from "#common/house-games";
import { addAmounts, compareAmounts, negate } from "#common/money";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { houseBalance as balanceOf, houseSession, openHouseGame, storedRound } from "./support/house";
import { call } from "./support/player";

interface StoredRound {
  round: {
    id: string;
    bet: string;
    payout: string;
    status: string;
    params: { actions: string[] };
    outcome: { player: { cards: number[] }[]; dealer: number[]; drawn: number[]; first: string };
  };
  seeds: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
}

/** A demo launch of Harbor Blackjack, opened as the game screen's frame would open it. */
async function open(width: number) {
  const game = await openHouseGame("harbor-blackjack", { width, height: width < 500 ? 844 : 800 });
  expect(new URL(game.path, "http://x").pathname).toBe("/house-games/blackjack");
  return game;
}

/** Waits until the page has answered: a move to make, the insurance question, or the next deal. */
async function idle(page: Page) {
  await page.waitForFunction(
    () =>
      Boolean(
        document.querySelector(
          '[data-testid="blackjack-moves"] button:not(:disabled), [data-testid="blackjack-move-no-insurance"]:not(:disabled), [data-testid="house-play"]:not(:disabled)',
        ),
      ),
    undefined,
    { timeout: 20_000 },
  );
}
const visible = async (page: Page, testId: string) => (await page.getByTestId(testId).count()) > 0;

/**
 * Deals rounds until one deals a pair, answering insurance with no and standing (by the S key) on the others;
 * splits that pair and stands every hand. Demo seeds are the server's secret until rotated, so the pair is
 * found by playing, as a player would: about one deal in seven is a pair; sixty deals without one would be a
 * broken shoe.
 */
async function playUntilSplit(page: Page, width: number) {
  for (let deal = 0; deal < 60; deal++) {
    const before = await balanceOf(page);
    await page.getByTestId("house-play").click();
    await idle(page);
    if (await visible(page, "blackjack-move-no-insurance")) {
      await page.keyboard.press("n");
      await idle(page);
    }
    if (await visible(page, "blackjack-move-split")) {
      await page.getByTestId("blackjack-move-split").click();
      await idle(page);
      if (await visible(page, "blackjack-moves")) {
        expect(await page.getByTestId("blackjack-hand").count()).toBe(2);
        await saveScreenshot(page, "house-blackjack-split");
      }
      for (let i = 0; i < 6 && (await visible(page, "blackjack-moves")); i++) {
        await page.getByTestId("blackjack-move-stand").click();
        await idle(page);
      }
      return { before };
    }
    // No pair: stand with the keyboard until the round is over.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 6 && (await visible(page, "blackjack-moves")); i++) {
      await page.keyboard.press("s");
      await idle(page);
    }
    expect(await visible(page, "house-play"), `deal ${deal} at ${width} px ends`).toBe(true);
  }
  throw new Error("sixty deals without a pair");
}

describe("house blackjack", () => {
  for (const width of [1280, 390]) {
    it(`a hand with a split at ${width} px: each stake its own bet, the balance the server's`, async () => {
      const { page, token, problems } = await open(width);
      expect(await balanceOf(page)).toBe("1000");
      await saveScreenshot(page, "house-blackjack-start");
      const { before } = await playUntilSplit(page, width);
      await page.getByTestId("house-play").waitFor();
      const id = (await page.getByTestId("house-last-round").getAttribute("data-round-id"))!;
      const stored = await storedRound<StoredRound>(token, id);
      const actions = stored.round.params.actions.filter((a) => a !== "no-insurance");
      expect(actions[0]).toBe("split");
      expect(stored.round.status).toBe("settled");
      expect(stored.round.outcome.player).toHaveLength(2);
      // The first stake and the split's: two bets on one round.
      const first = stored.round.outcome.first;
      expect(compareAmounts(stored.round.bet, addAmounts(first, first))).toBe(0);
      // The page's balance moved by exactly the round's money, and is the server's.
      const after = await balanceOf(page);
      expect(after).toBe(addAmounts(before, negate(stored.round.bet), stored.round.payout));
      const session = await houseSession(token);
      expect(compareAmounts(session.balance, after)).toBe(0);
      // Both hands and the dealer's full hand are on the table, each card as dealt.
      const shown = await page
        .getByTestId("blackjack-card")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
      // A face-down card has no data-card.
      expect(shown).not.toContain(null);
      expect(shown).toHaveLength(stored.round.outcome.drawn.length);
      await saveScreenshot(page, "house-blackjack-settled");

      // Rotation reveals the seed: the shared engine recomputes the round from it and the recorded moves.
      const { previous } = (
        await call<{ data: { previous: { serverSeed: string } } }>(
          `/api/house/sessions/${token}/seeds/rotate`,
          {
            body: {},
          },
        )
      ).data;
      const again = dealRound(
        "blackjack",
        { serverSeed: previous.serverSeed, clientSeed: stored.seeds.clientSeed, nonce: stored.seeds.nonce },
        { actions: stored.round.params.actions as never },
      );
      expect(again.drawn).toEqual(stored.round.outcome.drawn);

      // The verifier page says the same.
      const verify = await newPage({ width });
      const verifyProblems = watchPageProblems(verify);
      await verify.goto(`/provably-fair?token=${token}&round=${id}`);
      await verify.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await verify.getByTestId("verify-outcome-match").waitFor({ timeout: 15_000 });
      expect(await verify.getByTestId("verify-outcome-match").getAttribute("data-matches")).toBe("true");
      expect(await verify.getByTestId("verify-commitment").getAttribute("data-matches")).toBe("true");
      expect(await verify.getByTestId("verify-outcome").getAttribute("data-summary")).toBe(
        again.drawn.join(","),
      );
      await verify.waitForSelector("#preloader", { state: "detached", timeout: 5_000 });
      await saveScreenshot(verify, "house-blackjack-verify");
      expect([...problems, ...verifyProblems]).toEqual([]);
    });
  }
});
