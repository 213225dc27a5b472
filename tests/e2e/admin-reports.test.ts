import { readFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import type { Profile } from "#common/api/player";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, registerPlayer, sandboxDeposit } from "./support/player";
import { newStaffMember, signInStaffPage } from "./support/staff";

/** Real-money limbo rounds aimed at a million times the stake: each one loses its 10 USD (as cashback's journey). */
async function lose(token: string, rounds: number) {
  const launch = await call<{ data: { url: string } }>("/api/game/games/lighthouse-limbo/play", {
    body: { real: true },
    token,
  });
  const game = new URL(launch.data.url).searchParams.get("token")!;
  for (let i = 0; i < rounds; i++) {
    const r = await call<{ data: { round: { payout: string } } }>(`/api/house/sessions/${game}/play`, {
      body: { amount: "10", limbo: { target: 1_000_000 } },
    });
    expect(r.data.round.payout).toBe("0");
  }
}

/**
 * The reports (decision 0023), as a risk analyst reads them: today a player deposited and lost two rounds; the
 * analyst opens Reports, sees the tiles and the chart, and downloads the days as CSV (fetched with the staff
 * token). The page reads on a phone too.
 */
describe("back-office reports journey", () => {
  it("shows a risk analyst the KPI tiles, the per-day chart and the breakdowns, downloads a CSV; reads at 390 px", {
    timeout: 120_000,
  }, async () => {
    const player = await registerPlayer("reports");
    await sandboxDeposit(player.token, "50");
    await lose(player.token, 2);
    const analyst = await newStaffMember(["risk"]);
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await signInStaffPage(page, analyst);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Reports" })
      .click();
    await page.getByRole("heading", { name: "Reports" }).waitFor();
    await page.getByTestId("report-tiles").waitFor();
    // Other journeys play on the same server: today's GGR is at least this player's 20 USD.
    const ggr = (await page.getByTestId("tile-ggr").textContent())!;
    expect(ggr).toMatch(/GGR[\d,.-]+ USD/);
    expect(Number(/GGR([\d,.-]+) USD/.exec(ggr)![1]!.replaceAll(",", ""))).toBeGreaterThanOrEqual(20);
    await page.getByTestId("report-chart").waitFor();
    expect(await page.getByTestId("report-chart").locator("rect").count()).toBe(30);
    await page.getByTestId("table-games").waitFor();
    expect(await page.getByTestId("table-games").textContent()).toContain("Lighthouse Limbo");
    await saveScreenshot(page, "admin-reports");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("csv-days").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-days-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^day,stakes \(USD\),wins \(USD\),ggr \(USD\),/);
    expect(lines).toHaveLength(32); // the header, 30 days, the total
    expect(lines.at(-1)).toMatch(/^total,\d+(\.\d+)?,/);

    // The audit trail (risk reads it) names targets in the staff's words; a player's row leads to their page.
    const { id: playerId } = await call<Profile>("/api/player/profile", { token: player.token });
    await call(`/api/admin/players/${playerId}/notes`, {
      body: { body: "Asked about the weekly report." },
      token: inject("staffAdminToken"),
    });
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Audit trail" })
      .click();
    const trail = page.getByTestId("admin-audit");
    await trail
      .getByRole("link", { name: `Player ${playerId}` })
      .first()
      .waitFor();
    expect(await trail.textContent()).not.toMatch(/\bplayer \d/);
    await saveScreenshot(page, "admin-audit");
    await trail
      .getByRole("link", { name: `Player ${playerId}` })
      .first()
      .click();
    await page.getByTestId("admin-player-name").waitFor();
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Reports" })
      .click();

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("report-chart").waitFor();
    await saveScreenshot(page, "admin-reports");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
