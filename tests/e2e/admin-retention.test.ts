import { describe, expect, inject, it } from "vitest";
import type { AdminLoyaltyLevel } from "#common/api/admin-retention";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";
import { newStaffMember, signInStaffPage } from "./support/staff";

/**
 * Retention in the back office (issue #21, decision 0027): a marketing member edits the top loyalty level (no
 * other journey reaches it) and a player's loyalty page shows the new name and threshold on its next load; a
 * threshold below the level under it is refused, naming the field. Quests and referral tabs render their rows.
 */
describe("back office: retention", () => {
  it("marketing edits a loyalty level and the player's loyalty page shows the new figures; the screen reads at 390 px", {
    timeout: 150_000,
  }, async () => {
    const levels = await call<{ data: AdminLoyaltyLevel[] }>("/api/admin/retention/loyalty/levels", {
      token: inject("staffAdminToken"),
    });
    const top = levels.data.at(-1)!;
    const below = levels.data.at(-2)!;
    const member = await newStaffMember(["marketing"]);
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page, { ignore: [/422/] });
    try {
      await signInStaffPage(page, member);
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Retention" })
        .click();
      await page.getByRole("heading", { name: "Retention" }).waitFor();
      await page.getByTestId("admin-quest").first().waitFor();
      await saveScreenshot(page, "admin-retention-quests");

      await page.getByRole("button", { name: "Loyalty" }).click();
      const row = page.getByTestId("admin-level").filter({ hasText: `Level ${top.order}:` });
      await row.waitFor();
      await saveScreenshot(page, "admin-retention-loyalty");

      // A threshold at the level below's is refused, naming the field; nothing changes.
      await row.getByLabel("Points needed").fill(below.points);
      await row.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => row.getByTestId("admin-retention-error").textContent()).toContain("points");

      await row.getByLabel("Name").fill("Harbor Legend");
      await row.getByLabel("Points needed").fill("27500");
      await row.getByRole("button", { name: "Save" }).click();
      await page
        .getByTestId("admin-level")
        .filter({ hasText: `Level ${top.order}: Harbor Legend` })
        .waitFor();

      // The player's loyalty page reads the rows: the new name and threshold.
      const player = await registerPlayer("retention");
      const site = await playerPage(player.token, 1280);
      await site.goto("/loyalty");
      await hydrated(site);
      const level = site.getByTestId("loyalty-level").filter({ hasText: "Harbor Legend" });
      await level.waitFor();
      expect(await level.textContent()).toMatch(/27[,.\s\u00a0\u202f]?500/);
      await saveScreenshot(site, "admin-retention-player-loyalty");
      await site.close();

      await page.getByRole("button", { name: "Referral" }).click();
      await page.getByRole("button", { name: "Save rules" }).waitFor();
      await saveScreenshot(page, "admin-retention-referral");

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Loyalty" }).click();
      await page.getByTestId("admin-level").first().waitFor();
      await saveScreenshot(page, "admin-retention-loyalty");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Quests" }).click();
      await page.getByTestId("admin-quest").first().getByRole("button", { name: "Edit" }).click();
      await page.getByRole("button", { name: "Save quest" }).waitFor();
      await saveScreenshot(page, "admin-retention-quest-edit");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    } finally {
      // The top level as it was, for whatever runs next on this server.
      await call(`/api/admin/retention/loyalty/levels/${top.id}`, {
        method: "PATCH",
        body: { name: top.name, points: top.points },
        token: inject("staffAdminToken"),
      });
      await page.close();
    }
  });
});
