import { describe, expect, it } from "vitest";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import { hydrated, playerPage, registerPlayer, sandboxDeposit } from "./support/player";

/**
 * Dates and amounts in the player's format (issue 42; common/i18n/format-locales.ts): the interface stays in
 * its language, the format follows the choice made in the settings, at once and from the server's first paint
 * after a reload.
 */
describe("dates and numbers in the player's format", () => {
  for (const width of [1280, 390]) {
    it(`shows the balance and dates as a German reader writes them once chosen, at ${width} px`, async () => {
      const { token } = await registerPlayer("formats");
      await sandboxDeposit(token, "1234.50");
      const page = await playerPage(token, width);
      const problems = watchPageProblems(page);
      await page.goto("/profile/settings/account");
      await hydrated(page);
      const row = page.getByTestId("format-locale");
      const sample = page.getByTestId("format-sample");
      // By default, the site language's format.
      await expect.poll(() => sample.textContent()).toContain("1,234.50");
      await row.getByRole("combobox").selectOption("de");
      await expect.poll(() => sample.textContent(), { timeout: 10_000 }).toContain("1.234,50");
      expect(await sample.textContent()).toContain("24.12.2026");
      // The interface itself stays English.
      expect(await page.getByText("Dates and numbers").count()).toBe(1);
      await saveScreenshot(page, "formats-settings-de");
      // The page fits the phone (a long e-mail once made the settings' cards wider than the screen).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The server renders in it too (the cookie): the page's HTML already carries the German sample.
      const html = await (await page.context().request.get("/profile/settings/account")).text();
      expect(html).toContain("24.12.2026");
      // The history's amounts after a navigation.
      await page.goto("/wallet/history");
      await hydrated(page);
      await page.getByTestId("invoice-row").first().waitFor({ timeout: 20_000 });
      const rowText = (await page.getByTestId("invoice-row").first().textContent()) ?? "";
      expect(rowText).toMatch(/1\.234,50/);
      // Back to the language's own format.
      await page.goto("/profile/settings/account");
      await hydrated(page);
      await row.getByRole("combobox").selectOption("");
      await expect.poll(() => sample.textContent(), { timeout: 10_000 }).toContain("1,234.50");
      expect(problems).toEqual([]);
    });
  }
});
