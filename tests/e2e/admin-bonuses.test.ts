import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { hydrated } from "./support/player";
import { newStaffMember, signInStaffPage } from "./support/staff";

/** A bonus no other journey reads: changing its figures for a moment disturbs nobody. */
const BONUS = "high-roller";

async function setMatch(page: Page, percent: string, cap: string) {
  await page
    .locator(`[data-testid="admin-bonus"][data-page="${BONUS}"]`)
    .getByRole("button", { name: "Edit" })
    .click();
  const editor = page.getByTestId("admin-bonus-editor");
  await editor.waitFor();
  await editor.getByLabel("Match, %").fill(percent);
  await editor.getByLabel("Cap", { exact: true }).fill(`USD ${cap}`);
  await editor.getByLabel("Cap, other currencies (in USD)").fill(cap);
  await editor.getByRole("button", { name: "Save" }).click();
  await editor.getByRole("status").filter({ hasText: "Saved" }).waitFor();
  return editor;
}

/**
 * Bonuses in the back office (issue #21, decision 0026): a marketing member changes a deposit bonus's match
 * and cap, and the bonus's page on the site quotes the new figures — its name and description are templates
 * filled from the rule, so no text is left saying the old ones.
 */
describe("back office: bonuses", () => {
  it("a marketing member changes a deposit bonus's percentage and cap, and the player's bonus page shows them; the screen reads at 390 px", {
    timeout: 120_000,
  }, async () => {
    const member = await newStaffMember(["marketing"]);
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await signInStaffPage(page, member);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Bonuses" })
      .click();
    await page.getByRole("heading", { name: "Bonuses", exact: true }).waitFor();
    const row = page.locator(`[data-testid="admin-bonus"][data-page="${BONUS}"]`);
    await row.getByText("High roller: 25% up to 1000 USD").waitFor();
    await saveScreenshot(page, "admin-bonuses");

    const player = await newPage({ width: 1280 });
    await player.goto(`/bonus/${BONUS}`);
    await hydrated(player);
    expect(await player.getByRole("heading", { level: 1 }).textContent()).toBe(
      "High roller: 25% up to 1000 USD",
    );

    try {
      const editor = await setMatch(page, "30", "1200");
      await expect
        .poll(() => editor.getByTestId("admin-bonus-preview").textContent())
        .toContain("High roller: 30% up to 1200 USD");
      await saveScreenshot(page, "admin-bonuses-edit");
      await row.getByText("High roller: 30% up to 1200 USD").waitFor();

      // The player's page on its next load: the name, the description and the terms all say 30% and 1200.
      await player.reload();
      await hydrated(player);
      expect(await player.getByRole("heading", { level: 1 }).textContent()).toBe(
        "High roller: 30% up to 1200 USD",
      );
      const page_ = await player.getByTestId("bonus-page").textContent();
      expect(page_).toContain("30% of a deposit of at least 500 USD, up to 1200 USD, wagered 20×");
      expect(page_).not.toContain("25%");
      expect(await player.getByTestId("bonus-terms").textContent()).toContain("30%");
      await saveScreenshot(player, "admin-bonuses-player-page");

      // A figure typed into a text is refused, naming the field, and nothing changes.
      await editor.getByLabel("Description (English)").fill("30% up to 1200 USD");
      await editor.getByRole("button", { name: "Save" }).click();
      await editor.getByText(/Write figures as placeholders/).waitFor();
      await editor.getByRole("button", { name: "Close" }).click();

      await page.setViewportSize({ width: 390, height: 844 });
      await row.getByRole("button", { name: "Edit" }).click();
      await page.getByTestId("admin-bonus-editor").waitFor();
      await saveScreenshot(page, "admin-bonuses-390");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByTestId("admin-bonus-editor").getByRole("button", { name: "Close" }).click();
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
      await setMatch(page, "25", "1000");
    }
    await player.reload();
    await hydrated(player);
    expect(await player.getByRole("heading", { level: 1 }).textContent()).toBe(
      "High roller: 25% up to 1000 USD",
    );
    await player.close();
    expect(problems.filter((p) => !/422/.test(p))).toEqual([]);
    await page.close();
  });
});
