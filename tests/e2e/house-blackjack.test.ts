import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { dealRound } from "#common/house-games";
import { addAmounts, compareAmounts, negate } from "#common/money";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";

const base = () => inject("baseUrl");

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

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
  const page = await newPage({ width, height: width < 500 ? 844 : 800 });
  const problems = watchPageProblems(page);
  const { data } = await call<{ data: { url: string } }>("/api/game/games/harbor-blackjack/play", {});
  const url = new URL(data.url);
  expect(url.pathname).toBe("/house-games/blackjack");
  await page.goto(`${url.pathname}${url.search}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByTestId("house-balance").waitFor();
  return { page, token: url.searchParams.get("token")!, problems };
}

const balanceOf = async (page: Page) =>
  (await page.getByTestId("house-balance").getAttribute("data-balance"))!;

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
      const stored = (await call<{ data: StoredRound }>(`/api/house/sessions/${token}/rounds/${id}`)).data;
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
      const session = (await call<{ data: { balance: string } }>(`/api/house/sessions/${token}`)).data;
      expect(compareAmounts(session.balance, after)).toBe(0);
      // Both hands and the dealer's full hand are on the table, each card as dealt.
      const shown = await page
        .getByTestId("blackjack-card")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
      expect(shown).not.toContain("hidden");
      expect(shown).toHaveLength(stored.round.outcome.drawn.length);
      await saveScreenshot(page, "house-blackjack-settled");

      // Rotation reveals the seed: the shared engine recomputes the round from it and the recorded moves.
      const { previous } = (
        await call<{ data: { previous: { serverSeed: string } } }>(
          `/api/house/sessions/${token}/seeds/rotate`,
          {},
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
