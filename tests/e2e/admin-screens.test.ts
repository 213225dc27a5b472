import { describe, expect, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { newStaffMember, signInStaffPage } from "./support/staff";

/**
 * The back office's screens built from the admin kit (issue 40: catalogue, retention, bonuses, content,
 * staff) each show their list at 1280 and 390 px, in the dark and the light theme, without spilling sideways;
 * their pictures are kept for a person to look at.
 */
const SCREENS = [
  { path: "catalogue", heading: "Catalogue", row: "admin-game" },
  { path: "retention", heading: "Retention", row: "admin-quest" },
  { path: "bonuses", heading: "Bonuses", row: "admin-bonus" },
  { path: "content", heading: "Content", row: "admin-content-entry" },
  { path: "staff", heading: "Staff", row: "admin-status" },
] as const;

describe("back office: the kit's screens", () => {
  it("each screen shows its rows at 1280 and 390 px, dark and light, and fits the width", {
    timeout: 180_000,
  }, async () => {
    const member = await newStaffMember(["admin", "content", "marketing"]);
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    try {
      await signInStaffPage(page, member);
      for (const width of [1280, 390])
        for (const theme of ["dark", "light"] as const) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          // The colour mode a player picks in the site's settings, read again as when another tab sets it.
          await page.evaluate((t) => {
            localStorage.setItem("colorMode", t);
            dispatchEvent(new StorageEvent("storage"));
          }, theme);
          await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain(theme);
          for (const screen of SCREENS) {
            await page
              .getByRole("navigation", { name: "Back office" })
              .getByRole("link", { name: screen.heading })
              .click();
            await page.getByRole("heading", { name: screen.heading, level: 1 }).waitFor();
            await page.getByTestId(screen.row).first().waitFor();
            await saveScreenshot(page, `admin-kit-${screen.path}-${theme}`);
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
              `/admin/${screen.path} at ${width} px`,
            ).toBeLessThanOrEqual(0);
          }
        }
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
