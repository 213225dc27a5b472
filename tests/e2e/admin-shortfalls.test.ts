import { describe, expect, inject, it } from "vitest";
import type { SportBet } from "#common/api/sportsbook";
import { baseUrl } from "./support/base";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call } from "./support/player";
import { openEvent, PAGE, registerPlayer, unwrap } from "./support/sportsbook";
import { newStaffMember, signInStaffPage } from "./support/staff";

/**
 * Resettlement shortfalls in the back office (issue 42): a player is paid on a market a trader settled, stakes
 * all of it on another match, and the trader corrects the first result. The correction can take back nothing,
 * so the payout is owed: the trader finds it at /admin/trading/shortfalls with the player, the bet and the
 * amount, and collects it once the player holds money again (the second match's market voided, the stake back).
 */

const admin = () => inject("staffAdminToken");

const balanceOf = async (token: string) => {
  const accounts = unwrap(
    await call<{ currency: string; balance: string }[] | { data: { currency: string; balance: string }[] }>(
      "/api/wallet/accounts",
      { token },
    ),
  );
  return accounts.find((a) => a.currency === "USD")?.balance ?? "0";
};

const bet = async (token: string, selectionId: string, stake: string) =>
  unwrap(
    await call<{ data: SportBet }>("/api/sportsbook/bets", {
      body: {
        type: "single",
        stake,
        oddsPolicy: "any",
        requestId: `shortfall-${Date.now()}-${Math.random()}`,
        selections: [{ selectionId, odds: "1.01" }],
      },
      token,
    }),
  );

/** A trader's result on a market: suspended first when still in play, then settled or corrected. */
async function result(eventId: number, marketId: string, body: unknown, verb: "settle" | "resettle") {
  if (verb === "settle")
    await call(`/api/admin/trading/events/${eventId}/markets/${encodeURIComponent(marketId)}/suspend`, {
      body: {},
      token: admin(),
    }).catch(() => undefined);
  await call(`/api/admin/trading/events/${eventId}/markets/${encodeURIComponent(marketId)}/${verb}`, {
    body,
    token: admin(),
  });
}

describe("resettlement shortfalls in the back office", () => {
  it("shows what a correction could not take back, and collects it once the player holds money", {
    timeout: 240_000,
  }, async () => {
    const [member, player] = await Promise.all([newStaffMember(["trader"]), registerPlayer("40")]);
    await expect.poll(() => balanceOf(player.token), PAGE).toBe("40");
    // Two matches not yet begun, their main markets open.
    const first = await openEvent("scheduled");
    const second = await openEvent("scheduled", [first.id]);
    // The main market's first and last selections: home and away, with or without a draw between them (a
    // two-way market, such as tennis's, has none; the away side was undefined there).
    const main = first.markets[0]!.selections;
    const home = main[0];
    const away = main.at(-1);
    const firstBet = await bet(player.token, home!.id, "40");
    await result(first.id, first.markets[0]!.id, { winners: [home!.id] }, "settle");
    await expect.poll(async () => Number(await balanceOf(player.token)), PAGE).toBeGreaterThan(40);
    const paid = await balanceOf(player.token);
    // The player stakes all of it on the second match.
    await bet(player.token, second.markets[0]!.selections[0]!.id, paid);
    expect(await balanceOf(player.token)).toBe("0");
    // The first result was wrong: the away side won. Nothing is left to take back.
    await result(first.id, first.markets[0]!.id, { winners: [away!.id] }, "resettle");
    expect(await balanceOf(player.token)).toBe("0");

    const page = await newPage({ width: 1280, height: 900 });
    const problems = watchPageProblems(page);
    try {
      await signInStaffPage(page, member);
      await page.goto(`${baseUrl()}/admin/trading`);
      await page.getByRole("link", { name: "Resettlement shortfalls" }).click();
      await page.getByRole("heading", { name: "Resettlement shortfalls", level: 1 }).waitFor(PAGE);
      const row = page.locator(`[data-testid="shortfall-row"]`).filter({ hasText: `Bet #${firstBet.id}` });
      await row.waitFor(PAGE);
      expect(await row.textContent()).toContain(`${paid} USD`);
      // The player holds nothing: nothing to collect yet.
      expect(await row.getByTestId("collect-shortfall").count()).toBe(0);
      expect(await row.textContent()).toContain("nothing to collect now");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await saveScreenshot(page, "admin-shortfalls");
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
          `/admin/trading/shortfalls at ${width} px`,
        ).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      // The second match's market is voided: the stake comes back, and the trader collects what is owed.
      await result(second.id, second.markets[0]!.id, { void: true }, "settle");
      await expect.poll(() => balanceOf(player.token), PAGE).toBe(paid);
      await page.reload();
      await row.waitFor(PAGE);
      await row.getByTestId("collect-shortfall").click();
      await row.waitFor({ state: "detached", ...PAGE });
      expect(await balanceOf(player.token)).toBe("0");
      await page.getByRole("button", { name: "collected", exact: true }).click();
      const done = page.locator(`[data-testid="shortfall-row"]`).filter({ hasText: `Bet #${firstBet.id}` });
      await done.waitFor(PAGE);
      expect(await done.textContent()).toContain("collected");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
