import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cashback, PlayerBonus } from "#common/api/bonus";
import type { PlayAnswer } from "#common/api/house-games";
import { useServer } from "./support/base";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import {
  call,
  hydrated,
  PLAYER_PASSWORD,
  playerPage,
  registerPlayer,
  sandboxDeposit,
} from "./support/player";
import { type RunningServer, startServer } from "./support/server";

/**
 * Cashback is paid on the last finished period's losses (daily in the demo set), so this journey runs on a
 * server of its own whose clock it may move a day forward (TEST_CLOCK_CONTROL): the run's shared server keeps
 * real time for everyone else.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { TEST_CLOCK_CONTROL: "true" }, reconcile: true });
  useServer(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/**
 * Real-money limbo rounds aimed at a million times the stake: a win has odds of one in a million, so each round
 * loses its 10 USD.
 */
async function lose(token: string, rounds: number) {
  const launch = await call<{ data: { url: string } }>("/api/game/games/lighthouse-limbo/play", {
    body: { real: true },
    token,
  });
  const game = new URL(launch.data.url).searchParams.get("token")!;
  for (let i = 0; i < rounds; i++) {
    const r = await call<{ data: PlayAnswer }>(`/api/house/sessions/${game}/play`, {
      body: { amount: "10", limbo: { target: 1_000_000 } },
    });
    expect(r.data.round.payout).toBe("0");
  }
}

describe.each([1280, 390])("cashback at %i px", (width) => {
  it("is offered for yesterday's losses once the day is over, claimed as a bonus, and not twice", async () => {
    const { email, token } = await registerPlayer(`cashback-${width}`);
    await sandboxDeposit(token, "50");
    await lose(token, 3);
    const today = (await call<{ data: Cashback }>("/api/game/bonuses/cashback?currency=USD", { token })).data;
    expect(today.claimable).toBe(false);

    // A day later (and a new login: the old session's token has expired with it).
    await call("/api/dev/clock", { body: { advanceHours: 24 } });
    const { accessToken } = await call<{ accessToken: string }>("/api/player/sessions", {
      body: { login: email, password: PLAYER_PASSWORD },
    });
    const offer = (
      await call<{ data: Cashback }>("/api/game/bonuses/cashback?currency=USD", { token: accessToken })
    ).data;
    expect(offer).toMatchObject({ claimable: true, netLoss: "30", amount: "3" });

    const page = await playerPage(accessToken, width);
    const problems = watchPageProblems(page);
    await page.goto("/profile/bonuses");
    await hydrated(page);
    const card = page.getByTestId("cashback");
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getAttribute("data-amount")).toBe("3");
    await saveScreenshot(page, "cashback-claimable");
    await page.getByTestId("cashback-claim").click();
    await page.locator('[data-testid="player-bonus"][data-kind="cashback"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="cashback"][data-claimable="false"]').waitFor();
    await page.getByTestId("cashback-claimed").waitFor();
    expect(await page.getByTestId("cashback-claim").count()).toBe(0);
    await saveScreenshot(page, "cashback-claimed");

    const bonuses = (await call<{ data: PlayerBonus[] }>("/api/game/player-bonuses", { token: accessToken }))
      .data;
    expect(bonuses.filter((b) => b.kind === "cashback").map((b) => b.amount)).toEqual(["3"]);
    // Claimed again (another tab, a double click): the same bonus, not a second one.
    const again = await call<{ data: PlayerBonus }>("/api/game/bonuses/cashback", {
      body: { currency: "USD" },
      token: accessToken,
    });
    expect(again.data.id).toBe(bonuses.find((b) => b.kind === "cashback")!.id);
    expect(problems).toEqual([]);
  }, 180_000);
});
