import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";
import { liveUpdatesConnected } from "./support/site";
import { newStaffMember, signInStaffPage } from "./support/staff";

vi.setConfig({ testTimeout: 240_000 });
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

/** Both themes of the same screen: the site is dark until told otherwise; light is the other class on <html>. */
async function bothThemes(page: Page, name: string) {
  await saveScreenshot(page, `${name}-dark`);
  await page.evaluate(() => {
    document.documentElement.classList.remove("dark");
    document.documentElement.classList.add("light");
  });
  await saveScreenshot(page, `${name}-light`);
  await page.evaluate(() => {
    document.documentElement.classList.remove("light");
    document.documentElement.classList.add("dark");
  });
}

/**
 * The support desk (issue 42, decision 0054): a player opens the chat from the site and writes; a support
 * member sees it arrive in the back office without a reload, takes it and answers; the player sees the answer
 * live. A contact message arrives the same way and is answered by e-mail (the mailbox shows the e-mail).
 */
describe.each([1280, 390])("support desk at %i px", (width) => {
  it("a chat from the site is answered from the back office and the player sees it live; a contact message is answered by e-mail", async () => {
    const member = await newStaffMember(["support"]);
    // Signed in at desk width (the sign-in ends on the sidebar's name), then the screen at the journey's width.
    const staff = await newPage({ width: 1280 });
    const staffProblems = watchPageProblems(staff);
    await signInStaffPage(staff, member);
    await staff.setViewportSize({ width, height: 800 });
    await staff.goto("/admin/support");
    await hydrated(staff);
    await staff.getByRole("heading", { name: "Support" }).waitFor();
    const counts = staff.getByTestId("support-counts");
    await counts.waitFor();
    const before = (await counts.textContent()) ?? "";

    // The player writes from the site's chat.
    const { token } = await registerPlayer(`desk-${width}`);
    const player = await playerPage(token, width);
    const playerProblems = watchPageProblems(player);
    await player.goto("/");
    await hydrated(player);
    await liveUpdatesConnected(player);
    await player.getByTestId("chat-launcher").click();
    const panel = player.getByTestId("chat-panel");
    await panel.waitFor();
    const question = `My deposit has not arrived (${width})`;
    await panel.getByTestId("chat-input").fill(question);
    await panel.getByTestId("chat-send").click();

    // The inbox hears it without a reload: the counts move and the conversation is in the list, unread.
    await poll(() => counts.textContent()).not.toBe(before);
    const row = staff.getByTestId("support-chats").getByRole("button").filter({ hasText: question });
    await row.first().waitFor({ timeout: 20_000 });
    await poll(() => row.first().getByTestId("chat-unread").count()).toBe(1);
    await bothThemes(staff, "support-desk-chats");
    await row.first().click();
    const view = staff.getByTestId("support-chat");
    await view.getByText(question).waitFor();
    await view.getByTestId("chat-player-link").waitFor();
    await view.getByRole("button", { name: "Assign to me" }).click();
    await poll(() => view.getByTestId("chat-assignee").textContent()).toBe("Taken by you");
    const answer = `It is on its way, the bank confirmed it (${width}).`;
    await view.getByTestId("reply-text").fill(answer);
    await view.getByRole("button", { name: "Send", exact: true }).click();
    await view.getByTestId("chat-messages").getByText(answer).waitFor();
    await bothThemes(staff, "support-desk-conversation");

    // The player sees the answer live, without a reload.
    const theirs = panel.locator('[data-testid="chat-message"][data-author="operator"]');
    await poll(() => theirs.count()).toBe(1);
    expect(await theirs.first().textContent()).toContain(answer);

    // A contact message: the Messages tab counts it live; staff answer it by e-mail and mark it done.
    const email = `desk-contact-${width}-${Date.now()}@example.com`;
    const subject = `Verification question ${width}`;
    await call("/api/notification/communications", {
      body: {
        name: "Ana Silva",
        email,
        subject,
        message: "Which documents do you need from me?",
        locale: "en",
      },
    });
    await poll(() => staff.getByTestId("tab-contact-new").count()).toBe(1);
    await staff.getByTestId("tab-contact").click();
    const message = staff.getByTestId("contact-message").filter({ hasText: subject });
    await message.waitFor();
    await bothThemes(staff, "support-desk-messages");
    const reply = "An identity document and a proof of address, uploaded in Profile → Documents.";
    await message.getByTestId("reply-text").fill(reply);
    await message.getByRole("button", { name: "Send e-mail" }).click();
    await message.getByTestId("contact-reply").waitFor();
    const mailbox = await call<{ data: { subject: string; text: string }[] }>(
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    expect(mailbox.data).toHaveLength(1);
    expect(mailbox.data[0]!.subject).toBe(`Re: ${subject}`);
    expect(mailbox.data[0]!.text).toContain(reply);
    await message.getByRole("button", { name: "Mark done" }).click();
    await poll(() => staff.getByTestId("contact-message").filter({ hasText: subject }).count()).toBe(0);

    // Canned answers: added once, inserted into a reply.
    await staff.getByTestId("tab-canned").click();
    await staff.getByRole("button", { name: "Add a canned answer" }).click();
    const title = `Documents ${width} ${Date.now()}`;
    await staff.getByLabel("Title").fill(title);
    await staff.getByLabel("Answer").fill("We need an identity document and a proof of address.");
    await staff.getByRole("button", { name: "Add", exact: true }).click();
    await staff.getByTestId("canned-answers").getByText(title).waitFor();
    await bothThemes(staff, "support-desk-canned");
    await staff.getByTestId("tab-chats").click();
    await staff.getByTestId("support-chats").getByRole("button").filter({ hasText: answer }).first().click();
    await staff.getByTestId("canned-picker").selectOption({ label: title });
    await poll(() => staff.getByTestId("reply-text").inputValue()).toContain("proof of address");

    // The hours: support reads them (round the clock by default); only an administrator sets them.
    await staff.getByTestId("tab-hours").click();
    await staff.getByTestId("support-hours").getByText("An administrator sets the hours.").waitFor();
    expect(await staff.getByTestId("support-hours-text").textContent()).toBe("24/7");
    await bothThemes(staff, "support-desk-hours");

    expect(staffProblems).toEqual([]);
    expect(playerProblems).toEqual([]);
  });
});
