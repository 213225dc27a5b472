import { describe, expect, it } from "vitest";
import type { MessagesAnswer } from "#common/api/notification";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, PLAYER_PASSWORD, playerPage } from "./support/player";
import { liveUpdatesConnected } from "./support/site";
import { newStaffMember, signInStaffPage } from "./support/staff";

/** A country no other journey registers players in: the segment's count is exactly this journey's players. */
const COUNTRY = "SM";

/** A player of COUNTRY who opted in to promotional e-mail, with an account in `currency` only. */
async function consentingPlayer(prefix: string, currency: string) {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { accessToken: token } = await call<{ accessToken: string }>("/api/player/register", {
    body: {
      email,
      password: PLAYER_PASSWORD,
      password_confirmation: PLAYER_PASSWORD,
      agreements: true,
      currency,
      country: COUNTRY,
      receiveEmailPromo: true,
    },
  });
  await call("/api/wallet/accounts", { body: { currency }, token });
  return token;
}

/**
 * Messages to a segment (issue #21, decision 0029): a marketing member picks a segment (country and currency),
 * sees the live count leave out a player of the same country without the currency, sends, and the player in the
 * segment sees the message arrive live in the bell; the other player gets nothing.
 */
describe("back office: messages to a segment", () => {
  it("a marketing member sends to a country and currency; the player in it sees the message arrive live, the other does not", {
    timeout: 180_000,
  }, async () => {
    const inside = await consentingPlayer("segment-in", "USD");
    const outside = await consentingPlayer("segment-out", "EUR");
    const title = `Weekend reload ${Date.now()}`;

    // The player's page, live, with an empty bell.
    const player = await playerPage(inside, 1280);
    const playerProblems = watchPageProblems(player);
    await player.goto("/");
    await hydrated(player);
    await liveUpdatesConnected(player);
    await player.getByTestId("notification-bell").waitFor();
    await expect.poll(() => player.getByTestId("notification-unread").count()).toBe(0);

    const member = await newStaffMember(["marketing"]);
    const page = await newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await signInStaffPage(page, member);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Messages" })
      .click();
    await page.getByRole("heading", { name: "Messages" }).waitFor();
    const count = page.getByTestId("admin-segment-count");

    // The country alone counts both players; with the currency, only the one holding it.
    await page.getByLabel(/^Countries/).fill(COUNTRY);
    await expect.poll(() => count.textContent()).toBe("2");
    await page
      .getByTestId("admin-segment-currencies")
      .getByRole("button", { name: "USD", exact: true })
      .click();
    await expect.poll(() => count.textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("admin-segment-sample").locator("li").count()).toBe(1);

    await page.getByLabel("Title (English, required)").fill(title);
    await page.getByLabel("Text (English, required)").fill("Deposit on Saturday for 50% extra.");
    await page.getByLabel("Opens on the site (optional)").fill("/bonuses");
    await saveScreenshot(page, "admin-messages-compose");
    await page.getByTestId("admin-send").click();
    await page.getByTestId("admin-sent").waitFor();
    expect(await page.getByTestId("admin-sent").textContent()).toContain("Sending to 1 player.");

    // The player's bell: the alert with the title, the unread count, the text in the popover.
    await player.getByText(`New message: ${title}`).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => player.getByTestId("notification-unread").textContent()).toBe("1");
    await player.getByTestId("notification-bell").click();
    const item = player.getByTestId("notification-popover").getByTestId("notification-message").first();
    await expect.poll(() => item.textContent()).toContain("Deposit on Saturday for 50% extra.");

    // The campaign's progress: one targeted, one delivered, sent.
    const row = page.getByTestId("admin-campaign").filter({ hasText: title });
    await expect
      .poll(() => row.getByTestId("admin-campaign-progress").textContent(), { timeout: 20_000 })
      .toContain("1 / 1 delivered");
    await row.getByText("sent", { exact: true }).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, "admin-messages");

    // The player outside the segment got nothing.
    const theirs = await call<MessagesAnswer>("/api/notification/messenger/messages", { token: outside });
    expect(theirs.data.some((m) => m.content.title === title)).toBe(false);

    // The screen on a phone: nothing wider than it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("admin-campaign").first().waitFor();
    await saveScreenshot(page, "admin-messages");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(problems).toEqual([]);
    expect(playerProblems).toEqual([]);
    await player.close();
    await page.close();
  });
});
