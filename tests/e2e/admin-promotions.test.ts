import { describe, expect, it } from "vitest";
import type { PlayerBonus } from "#common/api/bonus";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";
import { newStaffMember, signInStaffPage } from "./support/staff";

/**
 * Promotions in the back office (issue #21, decision 0024), as a marketing manager uses them: create a bonus
 * code for the 10 USD bonus with its limits, then a player types it on their bonuses page and gets the bonus;
 * the code's row counts the redemption. A batch of random codes is generated alongside. Both screens read at
 * 390 px.
 */
describe("back-office promotions journey", () => {
  it("creates a bonus code a player redeems on the site and sees the bonus; generates a batch; reads at 390 px", {
    timeout: 150_000,
  }, async () => {
    const marketing = await newStaffMember(["marketing"]);
    const player = await registerPlayer("promo");
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await signInStaffPage(page, marketing);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Promotions" })
      .click();
    await page.getByRole("heading", { name: "Promotions" }).waitFor();
    const form = page.getByTestId("admin-new-code");
    await form.getByLabel("Bonus").selectOption({ label: "10 USD bonus (fixed bonus)" });
    await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await form.getByLabel(/Uses in total/).fill("50");
    await form.getByRole("button", { name: "Create code" }).click();
    await page.getByTestId("admin-code-created").waitFor();
    const row = page.getByTestId("admin-code").filter({ hasText: code });
    await row.waitFor();
    expect(await row.getByTestId("admin-code-used").textContent()).toBe("0 / 50");

    // A batch of single-use codes with a prefix, ready to download.
    await form.getByRole("button", { name: "Batch of random codes" }).click();
    await form.getByLabel("Prefix").fill("e2e-");
    await form.getByLabel("How many codes").fill("25");
    await form.getByRole("button", { name: "Generate codes" }).click();
    expect(await page.getByTestId("admin-batch-created").textContent()).toBe("25 codes generated.");
    await form.getByRole("button", { name: "Download CSV" }).waitFor();
    await saveScreenshot(page, "admin-promotions");

    // The player types the code on their bonuses page and gets the bonus.
    const site = await playerPage(player.token);
    await site.goto("/profile/bonuses");
    await hydrated(site);
    const codeForm = site.getByTestId("bonus-code-form");
    await codeForm.getByTestId("bonus-code-input").fill(code.toLowerCase());
    await codeForm.getByTestId("bonus-code-submit").click();
    await codeForm.getByTestId("bonus-code-apply").click();
    await site.locator('[data-testid="bonus-code-answer"][data-kind="ok"]').waitFor();
    expect(await codeForm.getByTestId("bonus-code-answer").textContent()).toContain(code);
    await site.locator('[data-testid="player-bonus"][data-kind="code"]').waitFor({ timeout: 10_000 });
    const theirs = (
      await call<{ data: PlayerBonus[] }>("/api/game/player-bonuses?status[]=1&status[]=2", {
        token: player.token,
      })
    ).data;
    expect(theirs.map((b) => b.name)).toContain("10 USD bonus");
    await saveScreenshot(site, "admin-promotions-player");
    await site.close();

    // Back office: the redemption is counted.
    await page.reload();
    await page.getByTestId("admin-code").filter({ hasText: code }).waitFor();
    expect(
      await page
        .getByTestId("admin-code")
        .filter({ hasText: code })
        .getByTestId("admin-code-used")
        .textContent(),
    ).toBe("1 / 50");

    // The same screen on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole("heading", { name: "Promotions" }).waitFor();
    await page.getByTestId("admin-code").first().waitFor();
    await page.waitForSelector("#preloader", { state: "detached", timeout: 5_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, "admin-promotions");
    expect(problems).toEqual([]);
    await page.close();

    const phone = await playerPage(player.token, 390);
    await phone.goto("/profile/bonuses");
    await hydrated(phone);
    await phone.locator('[data-testid="player-bonus"][data-kind="code"]').waitFor({ timeout: 10_000 });
    await saveScreenshot(phone, "admin-promotions-player");
    await phone.close();
  });
});
