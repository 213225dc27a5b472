import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OperatorConversation } from "#common/api/chat";
import type { Profile } from "#common/api/player";
import { baseUrl, useServer } from "./support/base";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";
import { type RunningServer, startServer } from "./support/server";
import { liveUpdatesConnected } from "./support/site";

vi.setConfig({ testTimeout: 180_000 });

const OPERATOR = "e2e-chat-operator-token-0123456789";

/**
 * The built-in support chat (issue #19, decision 0018): a player's browser and the operator's API exchange
 * messages live; a guest, with guest chat off (the default), is told the chat needs sign-in. The journey runs on
 * a server of its own: the operator API exists only with its token.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { CHAT_OPERATOR_TOKEN: OPERATOR }, reconcile: true });
  useServer(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function operator<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/chat/operator${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${OPERATOR}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`operator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe.each([1280, 390])("support chat at %i px", (width) => {
  it("a player writes, the operator sees it and answers, and the answer appears live without a reload", async () => {
    const { token } = await registerPlayer(`chat-${width}`);
    const profile = await call<Profile>("/api/player/profile", { token });
    const page = await playerPage(token, width);
    const problems = watchPageProblems(page);
    await page.goto("/");
    await hydrated(page);
    await liveUpdatesConnected(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await page.getByTestId("chat-launcher").click();
    const panel = page.getByTestId("chat-panel");
    await panel.waitFor();
    await panel.getByTestId("chat-empty").waitFor();
    await saveScreenshot(page, `chat-empty-${width}`);
    await panel.getByTestId("chat-input").fill("Hello, my deposit of 50 USD has not arrived");
    await panel.getByTestId("chat-send").click();
    const mine = panel.locator('[data-testid="chat-message"][data-author="visitor"]');
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => panel.getByTestId("chat-input").inputValue()).toBe("");

    // The operator finds it first in the queue (unread), reads it and answers.
    const queue = await operator<{ data: OperatorConversation[] }>("/conversations");
    const conversation = queue.data.find((c) => c.playerId === String(profile.id))!;
    expect(conversation).toMatchObject({ unread: 1, guest: false });
    expect(conversation.lastMessage?.text).toBe("Hello, my deposit of 50 USD has not arrived");
    await operator(`/conversations/${conversation.id}/messages`, { text: "Thanks, we are checking it now." });

    const answer = panel.locator('[data-testid="chat-message"][data-author="operator"]');
    await expect.poll(() => answer.count()).toBe(1);
    expect(await answer.first().textContent()).toContain("Thanks, we are checking it now.");
    await saveScreenshot(page, `chat-conversation-${width}`);

    // Closed, the panel gives way to the button; a second answer shows as its unread badge, cleared on opening.
    await panel.getByTestId("chat-close").click();
    await operator(`/conversations/${conversation.id}/messages`, {
      text: "Found it: it is on your balance.",
    });
    await expect.poll(() => page.getByTestId("chat-unread").textContent()).toBe("1");
    await page.getByTestId("chat-launcher").click();
    await expect
      .poll(() => panel.locator('[data-testid="chat-message"][data-author="operator"]').count())
      .toBe(2);
    await expect
      .poll(
        async () =>
          (await operator<{ data: OperatorConversation }>(`/conversations/${conversation.id}`)).data
            .visitorUnread,
      )
      .toBe(0);
    await panel.getByTestId("chat-close").click();
    await expect.poll(() => page.getByTestId("chat-unread").count()).toBe(0);

    // All of it without leaving the page.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps the conversation on another device of the same player", async () => {
    const { token } = await registerPlayer(`chat-devices-${width}`);
    await call("/api/chat/messages", { body: { text: "Written on my phone" }, token });
    const page = await playerPage(token, width);
    await page.addInitScript(() => localStorage.setItem("colorMode", "light"));
    await page.goto("/support");
    await hydrated(page);
    await page.getByTestId("chat-open-inline").click();
    const panel = page.getByTestId("chat-panel");
    await expect.poll(() => panel.getByTestId("chat-message").count()).toBe(1);
    expect(await panel.getByTestId("chat-message").first().textContent()).toContain("Written on my phone");
    await saveScreenshot(page, `chat-light-${width}`);
    await page.close();
  });

  it("tells a guest that chat needs sign-in while guest chat is off", async () => {
    const mobile = width < 600;
    const page = await newPage({ width, height: mobile ? 844 : 800, isMobile: mobile });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    const problems = watchPageProblems(page);
    await page.goto("/contact");
    await hydrated(page);
    await page.getByTestId("chat-launcher").waitFor();
    await saveScreenshot(page, `chat-button-${width}`);
    await page.getByTestId("chat-open-inline").click();
    const notice = page.getByTestId("chat-sign-in");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Chat needs sign-in");
    await saveScreenshot(page, `chat-guest-${width}`);
    // The server says the same to a guest's call.
    const refused = await fetch(`${baseUrl()}/api/chat/conversation`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("chat_sign_in_required");
    // Its sign-in link opens the sign-in modal.
    await notice.getByRole("link", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/[?&]sign-in=|[?&]modal=/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
