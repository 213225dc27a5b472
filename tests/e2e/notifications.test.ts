import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";

// A busy machine takes more than vitest's default second to refetch a list after a click.
vi.setConfig({ testTimeout: 180_000 });

import type { MessagesAnswer, PushesAnswer } from "#common/api/notification";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer, sandboxDeposit } from "./support/player";
import { liveUpdatesConnected, waitHeaderBalance } from "./support/site";

const unreadBadge = (page: Page) => page.getByTestId("notification-unread");

/**
 * Messages and pushes (issue #18 part 3, decision 0016). The push arrives in the push list live; its way to a
 * browser notification through the service worker is tests/e2e/web-push.test.ts.
 */
describe.each([1280, 390])("messages and pushes at %i px", (width) => {
  it("a deposit brings a message live; the player reads and deletes it from the popover and the list, and sees the push", async () => {
    const { token } = await registerPlayer(`notify-${width}`);
    const page = await playerPage(token, width);
    const problems = watchPageProblems(page);
    await page.goto("/");
    await hydrated(page);
    await liveUpdatesConnected(page);
    const bell = page.getByTestId("notification-bell");
    await bell.waitFor();
    await expect.poll(() => unreadBadge(page).count()).toBe(0);

    // The deposit's fact becomes a message: the alert with its title, the bell's count.
    await sandboxDeposit(token, "25");
    await waitHeaderBalance(page, "25");
    await page.getByText("New message: Deposit received").first().waitFor({ timeout: 15_000 });
    await expect.poll(() => unreadBadge(page).textContent()).toBe("1");

    // The popover shows it; reading it there clears the count.
    await bell.click();
    const popover = page.getByTestId("notification-popover");
    await popover.waitFor();
    const item = popover.getByTestId("notification-message").first();
    await expect.poll(() => item.textContent()).toContain("25 USD is on your balance");
    expect(await item.getAttribute("data-state")).toBe("1");
    await saveScreenshot(page, `notifications-popover-${width}`);
    await item.getByTestId("notification-read").click();
    await expect.poll(() => item.getAttribute("data-state")).toBe("2");
    await expect.poll(() => unreadBadge(page).count()).toBe(0);

    // A second deposit: two messages; one deleted from the popover.
    await sandboxDeposit(token, "10");
    await expect.poll(() => unreadBadge(page).textContent()).toBe("1");
    await expect.poll(() => popover.getByTestId("notification-message").count()).toBe(2);
    await popover.getByTestId("notification-message").first().getByTestId("notification-delete").click();
    await expect.poll(() => popover.getByTestId("notification-message").count()).toBe(1);

    // The full list: the one left, deleted there too.
    await popover.getByTestId("notification-all").click();
    await page.waitForURL(/\/profile\/notifications$/);
    const list = page.getByTestId("notifications-list");
    await list.waitFor();
    await expect.poll(() => list.getByTestId("notification-message").count()).toBe(1);
    await saveScreenshot(page, `notifications-list-${width}`);
    await list.getByTestId("notification-message").first().getByTestId("notification-delete").click();
    await page.getByTestId("notifications-empty").waitFor();
    const messages = await call<MessagesAnswer>("/api/notification/messenger/messages", { token });
    expect(messages.meta).toMatchObject({ totalRows: 0, totalUnread: 0 });

    // The pushes: one per deposit, and a third arriving live while the list is open.
    await page.getByTestId("notifications-tab-pushes").click();
    const pushes = page.getByTestId("pushes-list");
    await pushes.waitFor();
    await expect.poll(() => pushes.getByTestId("push-item").count()).toBe(2);
    await sandboxDeposit(token, "12");
    await expect.poll(() => pushes.getByTestId("push-item").count()).toBe(3);
    await saveScreenshot(page, `notifications-pushes-${width}`);
    await pushes.getByTestId("pushes-read-all").click();
    await expect
      .poll(async () => (await call<PushesAnswer>("/api/notification/pushes", { token })).meta.totalUnread)
      .toBe(0);

    expect(problems).toEqual([]);
    await page.close();
  });
});
