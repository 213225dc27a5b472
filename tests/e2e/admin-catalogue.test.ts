import { describe, expect, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated } from "./support/player";
import { newStaffMember, signInStaffPage } from "./support/staff";

/** A studio no other journey looks at: hiding one of its games for a moment disturbs nobody. */
const STUDIO = "samba-slots";

/**
 * The catalogue in the back office (issue #21, decision 0025): a content editor hides a game and the player's
 * lobby leaves it out on its next load (the lobby's cache is invalidated by the change), then shows it again.
 */
describe("back office: the catalogue", () => {
  it("a content editor hides a game and the player's lobby drops it at once; shown again, it is back; the screen reads at 390 px", {
    timeout: 120_000,
  }, async () => {
    const lobby = await call<{ data: { id: string; slug: string; name: string }[] }>(
      `/api/game/games?provider=${STUDIO}&perPage=1`,
    );
    const game = lobby.data[0]!;
    const editor = await newStaffMember(["content"]);
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await signInStaffPage(page, editor);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Catalogue" })
      .click();
    await page.getByRole("heading", { name: "Catalogue" }).waitFor();
    await expect
      .poll(() => page.getByTestId("admin-catalogue-cache").textContent())
      .toMatch(/within \d+ seconds/);

    // The player's lobby (a guest's) shows the game.
    const player = await newPage({ width: 1280 });
    const cards = player.getByTestId("game-card");
    const theGame = () => player.locator(`[data-testid="game-card"][data-slug="${game.slug}"]`).count();
    await player.goto(`/games/providers/${STUDIO}`);
    await hydrated(player);
    await cards.first().waitFor();
    expect(await theGame()).toBe(1);

    // Found by name and hidden.
    await page.getByLabel("Search by name").fill(game.name);
    await page.getByLabel("Search by name").press("Enter");
    const row = page
      .getByTestId("admin-game")
      .filter({ has: page.getByText(game.name, { exact: true }) })
      .first();
    await row.waitFor();
    await saveScreenshot(page, "admin-catalogue");
    await row.getByRole("button", { name: "Hide" }).click();
    await row.getByText("hidden", { exact: true }).waitFor();

    await player.reload();
    await hydrated(player);
    await cards.first().waitFor();
    expect(await theGame()).toBe(0);

    // The editor opens the game's form; shown again, the player sees it on the next load.
    await row.getByRole("button", { name: "Edit" }).click();
    await row.getByRole("form").waitFor();
    await saveScreenshot(page, "admin-catalogue-edit");
    await row.getByLabel("Shown in the lobby").check();
    await row.getByRole("button", { name: "Save" }).click();
    await row.getByRole("form").waitFor({ state: "detached" });
    await expect.poll(() => row.getByText("hidden", { exact: true }).count()).toBe(0);
    await player.reload();
    await hydrated(player);
    await cards.first().waitFor();
    expect(await theGame()).toBe(1);
    await player.close();

    // Collections and providers tabs, then the screen on a phone: nothing wider than it.
    await page.getByRole("button", { name: "Collections" }).click();
    await page.getByTestId("admin-collection").first().waitFor();
    await saveScreenshot(page, "admin-catalogue-collections");
    await page.getByRole("button", { name: "Providers" }).click();
    await page.getByTestId("admin-provider").first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Games", exact: true }).click();
    await page.getByTestId("admin-game").first().waitFor();
    await saveScreenshot(page, "admin-catalogue");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
