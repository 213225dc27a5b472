import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { commitment } from "#common/provably-fair";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import {
  houseBalance as balanceOf,
  houseSession,
  openHouseGame,
  playHouseRound,
  type StoredHouseRound,
} from "./support/house";
import { call, hydrated } from "./support/player";

const base = () => inject("baseUrl");

type StoredRound = StoredHouseRound;

async function open(slug: string, width = 1280) {
  const game = await openHouseGame(slug, { width });
  expect(game.path).toMatch(/^\/house-games\/(slot|dice|limbo|mines|plinko)\?token=/);
  return game;
}

const playRound = (page: Page, token: string, act: () => Promise<void>) =>
  playHouseRound<StoredRound>(page, token, act, 15_000);

describe("house games", () => {
  it("says when the earlier rounds could not be loaded, instead of claiming there are none, and retries", async () => {
    const page = await newPage({ width: 1280 });
    const { data } = await call<{ data: { url: string } }>("/api/game/games/harbor-dice/play", { body: {} });
    const url = new URL(data.url);
    let refuse = true;
    await page.route(/\/api\/house\/sessions\/[^/]+\/rounds(\?|$)/, (route) =>
      refuse ? route.fulfill({ status: 503, body: "{}" }) : route.continue(),
    );
    await page.goto(`${url.pathname}${url.search}`);
    await hydrated(page);
    await page.getByTestId("house-balance").waitFor();
    await page.getByTestId("house-fairness-open").click();
    const failed = page.getByTestId("house-rounds-failed");
    await failed.waitFor();
    refuse = false;
    await failed.getByRole("button").click();
    await failed.waitFor({ state: "detached" });
    await page.getByTestId("house-fairness").getByText("Your rounds will appear here").waitFor();
    await page.close();
  });

  it("the slot spins by click and by space, and the balance follows each round", async () => {
    const { page, token, problems } = await open("harbor-fortune");
    expect(await balanceOf(page)).toBe("1000");
    const first = await playRound(page, token, () => page.getByRole("button", { name: "Spin" }).click());
    expect(first.round.engine).toBe("slot");
    expect((first.round.outcome.grid as string[][]).length).toBe(3);
    await saveScreenshot(page, "house-slot");
    // The keyboard: space anywhere but a field or button plays.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const second = await playRound(page, token, () => page.keyboard.press("Space"));
    expect(Number(second.round.id)).toBeGreaterThan(Number(first.round.id));
    expect(problems).toEqual([]);
  });

  it("dice rolls with the arrow-set target, then seeds rotate and the round verifies in the browser", async () => {
    const { page, token, problems } = await open("harbor-dice");
    const hashBefore = (await houseSession<{ seeds: { serverSeedHash: string } }>(token)).seeds
      .serverSeedHash;
    // Arrow right raises the target from 50 to 51; enter rolls.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("ArrowRight");
    const round = await playRound(page, token, () => page.keyboard.press("Enter"));
    expect(round.round.params).toEqual({ target: 51, direction: "under" });
    const roll = round.round.outcome.roll as number;
    expect((await page.getByTestId("dice-roll").textContent())?.trim()).toBe(roll.toFixed(2));
    const roll2 = await playRound(page, token, () => page.getByRole("button", { name: "Roll" }).click());
    expect(roll2.seeds.nonce).toBe(round.seeds.nonce + 1);

    // The fairness panel: the commitment shown is the server's, rotating reveals the seed behind it.
    await page.getByTestId("house-fairness-open").click();
    const panel = page.getByTestId("house-fairness");
    expect(await panel.getByTestId("house-seed-hash").textContent()).toBe(hashBefore);
    expect(await panel.getByTestId("house-verify-link").count()).toBe(2);
    await panel.getByLabel("Client seed for the next pair").fill("my-lucky-seed");
    await panel.getByRole("button", { name: "Rotate seeds" }).click();
    const revealed = panel.getByTestId("house-revealed-seed");
    await revealed.waitFor();
    const serverSeed = (await revealed.textContent())!;
    expect(commitment(serverSeed)).toBe(hashBefore);
    await page.waitForFunction(
      (h) => document.querySelector('[data-testid="house-seed-hash"]')?.textContent !== h,
      hashBefore,
    );
    expect(await panel.getByTestId("house-client-seed").textContent()).toBe("my-lucky-seed");
    expect(await panel.getByTestId("house-nonce").textContent()).toBe("0");
    await saveScreenshot(page, "house-dice-fairness");

    // The round's link opens the verification page, which recomputes it and checks the commitment.
    const href = (await panel
      .locator(`[data-testid="house-verify-link"][data-round-id="${round.round.id}"]`)
      .getAttribute("href"))!;
    expect(href).toMatch(/^\/provably-fair\?token=.+&round=\d+$/);
    const verify = await newPage({ width: 1280 });
    const verifyProblems = watchPageProblems(verify);
    await verify.goto(href);
    await verify.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const check = verify.getByTestId("verify-commitment");
    await check.waitFor({ timeout: 15_000 });
    expect(await check.getAttribute("data-matches")).toBe("true");
    expect(await verify.getByTestId("verify-outcome-match").getAttribute("data-matches")).toBe("true");
    const outcome = verify.getByTestId("verify-outcome");
    expect(await outcome.getAttribute("data-engine")).toBe("dice");
    expect(await outcome.getAttribute("data-summary")).toBe(roll.toFixed(2));
    await saveScreenshot(verify, "house-verify");
    // A wrong seed in the form no longer matches its commitment.
    await verify
      .getByLabel("Server seed", { exact: true })
      .fill(`${serverSeed.slice(0, -1)}${serverSeed.endsWith("0") ? "1" : "0"}`);
    await verify.waitForFunction(
      () =>
        document.querySelector('[data-testid="verify-commitment"]')?.getAttribute("data-matches") === "false",
    );
    expect(verifyProblems).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("limbo and plinko play a round each on a phone", async () => {
    const limbo = await open("lighthouse-limbo", 390);
    const l = await playRound(limbo.page, limbo.token, () =>
      limbo.page.getByRole("button", { name: "Bet" }).click(),
    );
    expect(l.round.params).toEqual({ target: 2 });
    expect(await limbo.page.getByTestId("limbo-result").textContent()).toBe(
      `${(l.round.outcome.result as number).toFixed(2)}×`,
    );
    await saveScreenshot(limbo.page, "house-limbo");

    const plinko = await open("plinko-tide", 390);
    await plinko.page.getByRole("button", { name: "High" }).click();
    const p = await playRound(plinko.page, plinko.token, () =>
      plinko.page.getByRole("button", { name: "Drop" }).click(),
    );
    expect(p.round.params).toEqual({ rows: 8, risk: "high" });
    const hit = plinko.page.locator('[data-testid="plinko-bucket"][data-hit="true"]');
    expect(await hit.count()).toBe(1);
    expect(
      await plinko.page
        .getByTestId("plinko-bucket")
        .nth(p.round.outcome.bucket as number)
        .getAttribute("data-hit"),
    ).toBe("true");
    await saveScreenshot(plinko.page, "house-plinko");
    expect([...limbo.problems, ...plinko.problems]).toEqual([]);
  });

  it("mines: bet, open tiles until a mine or cash out, and the stake is refused beyond the balance", async () => {
    const { page, token, problems } = await open("reef-mines");
    const round = await playRound(page, token, async () => {
      await page.getByRole("button", { name: "Bet" }).click();
      const cashOut = page.getByRole("button", { name: "Cash out" });
      await cashOut.waitFor();
      await page.getByTestId("mines-tile").first().click();
      // One tile: a mine ends the round, a gem leaves it open for the cash-out.
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="mines-tile"]')?.getAttribute("data-state") !== "hidden" &&
          !document.querySelector(
            '[data-testid="house-play"]:disabled, [data-testid="house-cashout"]:disabled',
          ),
      );
      if (await cashOut.count()) await cashOut.click();
    });
    expect(round.round.engine).toBe("mines");
    const mines = round.round.outcome.mines as number[];
    expect(mines).toHaveLength(3);
    // The board shows every mine once the round is over.
    for (const m of mines)
      expect(await page.getByTestId("mines-tile").nth(m).getAttribute("data-state")).toBe("mine");
    await saveScreenshot(page, "house-mines");

    // More than the demo balance: the server refuses and the game says why.
    const before = await balanceOf(page);
    await page.getByTestId("house-amount").fill("5000");
    await page.getByRole("button", { name: "Bet" }).click();
    const error = page.getByTestId("house-error");
    await error.waitFor();
    expect(await error.getAttribute("data-error")).toBe("notEnoughMoney");
    expect(await balanceOf(page)).toBe(before);
    expect(problems.filter((p) => !/\b402\b/.test(p))).toEqual([]);
  });

  it("a game page without a launch says so", async () => {
    const page = await newPage();
    await page.goto("/house-games/dice");
    await page.getByTestId("house-problem").waitFor();
    const res = await fetch(`${base()}/house-games/backgammon`);
    expect(res.status).toBe(404);
  });
});
