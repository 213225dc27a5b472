import { describe, expect, it } from "vitest";
import type { Quest } from "#common/api/quests";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import { gameFrame, spin } from "./support/games";
import { call, hydrated, playerPage, registerPlayer, sandboxDeposit } from "./support/player";
import { liveUpdatesConnected, waitHeaderBalance } from "./support/site";

const SLOT = "harbor-fortune";

const questsOf = async (token: string) =>
  (await call<{ data: Quest[] }>("/api/retention/quests", { token })).data;

/**
 * Issue #18: a player activates the warm-up quest in the quests hub, plays the house slot for real money, sees
 * the task move live in the quest-tasks modal of another tab, and the quest completes with its reward.
 */
describe.each([1280, 390])("quests journey at %i px", (width) => {
  it("activates a quest, plays the house slot until its task completes and collects the reward", async () => {
    const { token } = await registerPlayer(`quests-${width}`);
    await sandboxDeposit(token, "50");
    const page = await playerPage(token, width);
    const problems = watchPageProblems(page);

    // The hub from the menu's entry point: the modal by its query parameter.
    await page.goto("/?quests-hub=true");
    await hydrated(page);
    const hub = page.getByTestId("modal-quests-hub");
    const card = hub.locator('[data-testid="quest-card"]', { hasText: "Harbor warm-up" });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getAttribute("data-state")).toBe("1");
    await saveScreenshot(page, `quests-hub-${width}`);
    await card.getByRole("button", { name: "Activate" }).click();
    await hub.locator('[data-testid="quest-card"][data-state="2"]', { hasText: "Harbor warm-up" }).waitFor();
    const quest = (await questsOf(token)).find((q) => q.name === "Harbor warm-up")!;
    expect(quest.state).toBe(2);

    // A second tab follows the tasks live while the first one plays.
    const watcher = await page.context().newPage();
    await watcher.goto(`/?quest-tasks=${quest.id}`);
    await hydrated(watcher);
    await liveUpdatesConnected(watcher);
    const progress = watcher.getByTestId("quest-task-progress");
    await progress.waitFor();
    expect(await progress.textContent()).toBe("0 / 3");

    await page.goto(`/game/${SLOT}?real=true`);
    await hydrated(page);
    await waitHeaderBalance(page, "50");
    await liveUpdatesConnected(page);
    const frame = await gameFrame(page, "real");
    await spin(frame);
    await watcher.waitForFunction(
      () => document.querySelector('[data-testid="quest-task-progress"]')?.textContent === "1 / 3",
      null,
      { timeout: 15_000 },
    );
    await saveScreenshot(watcher, `quest-tasks-${width}`);
    await spin(frame);
    await spin(frame);

    // The task completes and the quest rewards: the rewards modal opens over the game.
    const rewards = page.getByTestId("modal-quest-rewards");
    await rewards.waitFor({ timeout: 15_000 });
    await rewards.locator('[data-testid="quest-rewards"][data-state="3"]').waitFor({ timeout: 15_000 });
    expect(await rewards.getByTestId("quest-reward").textContent()).toContain("$10.00");
    await saveScreenshot(page, `quest-rewards-${width}`);
    await watcher.locator('[data-testid="quest-task"][data-completed="true"]').waitFor({ timeout: 15_000 });

    const done = (await questsOf(token)).find((q) => q.id === quest.id)!;
    expect(done.state).toBe(3);
    expect(done.rewards[0]).toMatchObject({ kind: "bonus", playerBonusId: expect.any(String) });
    await watcher.close();
    expect(problems).toEqual([]);
  }, 360_000);
});
