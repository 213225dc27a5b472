import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { OutboxEntry } from "#common/api/player";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { submitSignIn } from "./support/site";

/**
 * Browser journeys of issue 4: registration, login, logout, cross-tab logout, password reset through the
 * e-mailed link, password change closing other sessions, phone registration with the SMS code; a phone account
 * signing in by SMS code and resetting its password by SMS code (decision 0058), at 1280 and 390 px.
 */
const base = () => inject("baseUrl");
const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });

let seq = 0;
const uniqueEmail = () => `player${Date.now().toString(36)}${seq++}@example.com`;
const PASSWORD = "Harbor-Tide-4821";
// 401s are expected where a session has just been closed; the test asserts the visible outcome instead.
const EXPECTED = [/HTTP 401/, /HTTP 422/, /status of 401/, /status of 422/];

async function visitor(context?: BrowserContext): Promise<Page> {
  const page = context ? await context.newPage() : await newPage();
  await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
  // A step that hangs fails with its own name rather than as the whole journey's timeout.
  page.setDefaultTimeout(20_000);
  return page;
}

async function outbox(to: string, channel: "email" | "sms"): Promise<OutboxEntry[]> {
  const res = await fetch(`${base()}/api/dev/outbox?to=${encodeURIComponent(to)}&channel=${channel}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: OutboxEntry[] }).data;
}

async function waitForMessage(to: string, channel: "email" | "sms", match: (m: OutboxEntry) => boolean) {
  for (let i = 0; i < 40; i++) {
    const hit = (await outbox(to, channel)).find(match);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${channel} message to ${to}`);
}

const freshPhone = () => `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** A phone account made through the API with the SMS code from the outbox (its phone is proven). */
async function phoneAccount(): Promise<string> {
  const phone = freshPhone();
  const post = (body: object) =>
    fetch(`${base()}/api/player/register/phone`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await post({ phone })).status).toBe(200);
  const sms = await waitForMessage(phone, "sms", (m) => m.code !== null);
  expect((await post({ phone, code: sms.code, password: PASSWORD, agreements: true })).status).toBe(201);
  return phone;
}

const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");
/** The newest message's id for a recipient (0 for none): what is sent next has a greater one. */
const newestId = async (to: string, channel: "email" | "sms") => (await outbox(to, channel))[0]?.id ?? 0;

async function signUpByEmail(page: Page, email: string) {
  await page.goto("/?sign-up=true");
  await hydrated(page);
  const dialog = page.getByTestId("modal-sign-up");
  await dialog.waitFor({ state: "visible", timeout: 20_000 });
  await dialog.locator('input[name="email"]').fill(email);
  await dialog.locator('input[name="password"]').fill(PASSWORD);
  await dialog.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await dialog.getByTestId("agreements").check();
  await dialog.getByRole("button", { name: "Create account" }).click();
  await dialog.waitFor({ state: "detached", timeout: 15_000 });
}

async function signIn(page: Page, login: string, password = PASSWORD) {
  await page.goto("/?sign-in=true");
  await hydrated(page);
  const dialog = page.getByTestId("modal-sign-in");
  await dialog.waitFor({ state: "visible", timeout: 20_000 });
  await submitSignIn(dialog, login, password);
  await dialog.waitFor({ state: "detached", timeout: 15_000 });
}

async function logOut(page: Page) {
  // The server renders the header with its menu button; a click before hydration opens nothing.
  await hydrated(page);
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  // The header drops the player only once the server has closed the session: waiting for that (not for any
  // "Sign in" link, which may be on the page already) keeps a reload from cutting the logout call short.
  await page.getByTestId("header-nickname").waitFor({ state: "detached", timeout: 15_000 });
  await page.getByRole("link", { name: "Sign in" }).first().waitFor({ timeout: 20_000 });
}

/**
 * The header's name for a new player: the nickname made at sign-up masks the e-mail from others, not from its
 * owner, who reads the e-mail's name whole (issue 36).
 */
const nickname = (email: string) => email.split("@")[0]!;

// Each journey signs up and in through the modals in one or two fresh browsers (every modal's code loads on
// first open): on a busy 2-core machine the longest took over a minute.
describe("accounts in the browser", { timeout: 120_000 }, () => {
  it("signs up by e-mail, shows the nickname, logs out and logs back in", async () => {
    const page = await visitor();
    const problems = watchPageProblems(page, { ignore: EXPECTED });
    const email = uniqueEmail();
    await signUpByEmail(page, email);
    const nick = page.getByTestId("header-nickname");
    await nick.waitFor({ timeout: 20_000 });
    expect(await nick.textContent()).toBe(nickname(email));
    expect(page.url()).not.toContain("sign-up");
    await saveScreenshot(page, "accounts-signed-up");
    // A reload keeps the player: the server renders the header from the cookie.
    await page.reload();
    await nick.waitFor({ timeout: 20_000 });

    await logOut(page);
    expect(await page.getByTestId("header-nickname").count()).toBe(0);
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId("header-nickname").count()).toBe(0);

    await signIn(page, email);
    await nick.waitFor({ timeout: 20_000 });
    expect(await nick.textContent()).toBe(nickname(email));
    expect(problems).toEqual([]);
  });

  it("refuses a second registration with the same e-mail on the e-mail field", async () => {
    const page = await visitor();
    const email = uniqueEmail();
    await signUpByEmail(page, email);
    await logOut(page);
    await page.goto("/?sign-up=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-up");
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await dialog.getByTestId("agreements").check();
    await dialog.getByRole("button", { name: "Create account" }).click();
    const fieldError = dialog.locator('input[type="email"][aria-invalid="true"]');
    await fieldError.waitFor({ timeout: 20_000 });
  });

  it("follows a logout in another tab of the same browser", async () => {
    const page = await visitor();
    const email = uniqueEmail();
    await signUpByEmail(page, email);
    await page.goto("/contact");
    await hydrated(page);
    const other = await visitor(page.context());
    await other.goto("/questions");
    await hydrated(other);
    await other.getByTestId("header-nickname").waitFor({ timeout: 20_000 });

    await logOut(page);
    // The other tab hears the changeSession marker and goes to the localized home, logged out. (Its realtime
    // connection may have been ended first, whose 401 opens the sign-in modal; that hides the page from the
    // accessibility tree, so the header's link is looked for hidden or not.)
    await other.waitForURL((url) => url.pathname === "/", { timeout: 20_000 });
    await other
      .locator("header")
      .getByRole("link", { name: "Sign in", includeHidden: true })
      .waitFor({ timeout: 20_000 });
    expect(await other.getByTestId("header-nickname").count()).toBe(0);

    // And a login in one tab reloads the logged-out other tab into the player's view.
    await signIn(page, email);
    await other.getByTestId("header-nickname").waitFor({ timeout: 15_000 });
  });

  it("resets a forgotten password through the e-mailed link", async () => {
    const page = await visitor();
    const problems = watchPageProblems(page, { ignore: EXPECTED });
    const email = uniqueEmail();
    await signUpByEmail(page, email);
    await logOut(page);

    await page.goto("/?forgot-pass=true");
    await hydrated(page);
    const forgot = page.getByTestId("modal-forgot-pass");
    await forgot.locator('input[name="email"]').fill(email);
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    const sent = page.getByTestId("modal-reset-email-send");
    await sent.waitFor({ timeout: 20_000 });
    expect(await sent.textContent()).toContain(email);

    const mail = await waitForMessage(email, "email", (m) =>
      m.links.some((l) => l.includes("/password-reset/")),
    );
    const link = new URL(mail.links.find((l) => l.includes("/password-reset/"))!);
    await page.goto(link.pathname);
    await hydrated(page);
    const form = page.getByTestId("password-reset-page");
    const next = "Brand-New-Anchor-77";
    await form.locator('input[name="password"]').fill(next);
    await form.locator('input[name="password_confirmation"]').fill(next);
    await form.getByRole("button", { name: "Save new password" }).click();
    await page.getByTestId("reset-done").waitFor({ timeout: 20_000 });
    await saveScreenshot(page, "accounts-password-reset");

    // The old password no longer opens the account; the new one does.
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-in");
    await submitSignIn(dialog, email, PASSWORD);
    await dialog.getByText("Wrong login or password").first().waitFor({ timeout: 20_000 });
    await signIn(page, email, next);
    await page.getByTestId("header-nickname").waitFor({ timeout: 20_000 });
    // The link is single-use.
    await page.goto(link.pathname);
    expect(problems).toEqual([]);
  });

  // Two browsers, a sign-up, a sign-in, the e-mailed code twice and a reload: ~60 s on a quiet machine, over
  // 120 s once on a loaded one (a full newcomer run beside other work).
  it("changes the password and closes the other sessions on request", { timeout: 240_000 }, async () => {
    const a = await visitor();
    const email = uniqueEmail();
    await signUpByEmail(a, email);
    const b = await visitor(await a.context().browser()!.newContext({ baseURL: base() }));
    await signIn(b, email);
    await b.getByTestId("header-nickname").waitFor({ timeout: 20_000 });

    await a.goto("/profile/sessions");
    await hydrated(a);
    await a.getByTestId("session-row").nth(1).waitFor({ timeout: 20_000 });
    expect(await a.getByTestId("session-row").count()).toBe(2);
    await saveScreenshot(a, "accounts-sessions");

    await a.goto("/profile/settings/account?change-pass=true");
    await hydrated(a);
    const dialog = a.getByTestId("modal-change-pass");
    await dialog.waitFor({ timeout: 20_000 });
    const next = "Second-Harbor-Light-9";
    await dialog.locator('input[name="currentPassword"]').fill(PASSWORD);
    await dialog.locator('input[name="newPassword"]').fill(next);
    await dialog.locator('input[name="repeatNewPassword"]').fill(next);
    expect(await dialog.getByTestId("close-other-sessions").isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Continue" }).click();
    // The change is confirmed with the code e-mailed to the account (POST /player/otp/email/send).
    const mail = await waitForMessage(email, "email", (m) => m.subject === "Your Lucky Harbor code");
    await dialog.getByText(`We sent a 6-digit code to ${email}`).waitFor({ timeout: 20_000 });
    await dialog.locator('input[name="code"]').fill(mail.code === "000000" ? "111111" : "000000");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await dialog.getByText("The code is wrong or has expired").waitFor({ timeout: 20_000 });
    await saveScreenshot(a, "accounts-change-password-code");
    await dialog.locator('input[name="code"]').fill(mail.code!);
    await dialog.getByRole("button", { name: "Change password" }).click();
    await dialog.waitFor({ state: "detached", timeout: 20_000 });

    // The other browser is logged out: its next page renders a guest. (The realtime hub may have ended its
    // session first and opened the sign-in modal, which hides the page from the accessibility tree.)
    await b.reload();
    await hydrated(b);
    await b
      .locator("header")
      .getByRole("link", { name: "Sign in", includeHidden: true })
      .waitFor({ timeout: 20_000 });
    expect(await b.getByTestId("header-nickname").count()).toBe(0);
    // This one stays, with one session left.
    await a.goto("/profile/sessions");
    await hydrated(a);
    await a.getByTestId("session-row").first().waitFor({ timeout: 20_000 });
    await a.waitForTimeout(300);
    expect(await a.getByTestId("session-row").count()).toBe(1);
    await signIn(b, email, next);
    await b.getByTestId("header-nickname").waitFor({ timeout: 20_000 });
  });

  it("signs up by phone with the SMS code from the outbox", async () => {
    const page = await visitor();
    const problems = watchPageProblems(page, { ignore: EXPECTED });
    const phone = `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await page.goto("/?sign-up=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-up");
    await dialog.getByRole("tab", { name: "Phone" }).click();
    await dialog.locator('input[name="phone"]').fill(phone);
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await dialog.getByTestId("agreements").check();
    await dialog.getByRole("button", { name: "Send code" }).click();
    const codeModal = page.getByTestId("modal-get-code");
    await codeModal.waitFor({ timeout: 20_000 });
    const sms = await waitForMessage(phone, "sms", (m) => m.code !== null);
    await codeModal.locator('input[name="code"]').fill(sms.code!);
    await codeModal.getByRole("button", { name: "Confirm" }).click();
    await codeModal.waitFor({ state: "detached", timeout: 15_000 });
    await dialog.waitFor({ state: "detached", timeout: 5_000 });
    const nick = page.getByTestId("header-nickname");
    await nick.waitFor({ timeout: 20_000 });
    // Their own phone, whole: the masked form is what others see (issue 36).
    expect(await nick.textContent()).toBe(phone);
    expect(problems).toEqual([]);
  });

  // Two browsers, two codes and a sign-in each: ~40 s on a quiet machine, 145 s on a loaded one.
  for (const width of [1280, 390] as const)
    it(`signs a phone account in by SMS code, then resets its password by SMS code (${width} px)`, {
      timeout: 300_000,
    }, async () => {
      const phone = await phoneAccount();
      const page = await visitor();
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const problems = watchPageProblems(page, { ignore: EXPECTED });

      // Sign in: the sign-in modal's SMS-code tab, then the code in get-code.
      await page.goto("/?sign-in=true");
      await hydrated(page);
      const dialog = page.getByTestId("modal-sign-in");
      await dialog.getByRole("tab", { name: "SMS code" }).click();
      await dialog.locator('input[name="phone"]').fill(phone);
      await saveScreenshot(page, "accounts-phone-sign-in");
      const before = await newestId(phone, "sms");
      await dialog.getByRole("button", { name: "Send code" }).click();
      const codeModal = page.getByTestId("modal-get-code");
      await codeModal.waitFor({ timeout: 20_000 });
      expect(page.url()).toContain("get-code=phone-login");
      const code = (await waitForMessage(phone, "sms", (m) => m.id > before)).code!;
      await codeModal.locator('input[name="code"]').fill(otherThan(code));
      await codeModal.getByRole("button", { name: "Sign in" }).click();
      await codeModal.getByText("The code is wrong or has expired").first().waitFor({ timeout: 20_000 });
      await saveScreenshot(page, "accounts-phone-code");
      await codeModal.locator('input[name="code"]').fill(code);
      await codeModal.getByRole("button", { name: "Sign in" }).click();
      await codeModal.waitFor({ state: "detached", timeout: 30_000 });
      await dialog.waitFor({ state: "detached", timeout: 5_000 });
      const nick = page.getByTestId("header-nickname");
      await nick.waitFor({ state: "attached", timeout: 20_000 });
      expect(await nick.textContent()).toBe(phone);
      expect(problems).toEqual([]);

      // Reset, as a guest in another browser: forgot-pass's phone tab, the code and the new password together.
      const guest = await visitor(await page.context().browser()!.newContext({ baseURL: base() }));
      await guest.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const guestProblems = watchPageProblems(guest, { ignore: EXPECTED });
      await guest.goto("/?forgot-pass=true");
      await hydrated(guest);
      const forgot = guest.getByTestId("modal-forgot-pass");
      await forgot.getByRole("tab", { name: "Phone" }).click();
      await forgot.locator('input[name="phone"]').fill(phone);
      await saveScreenshot(guest, "accounts-phone-forgot");
      const beforeReset = await newestId(phone, "sms");
      await forgot.getByRole("button", { name: "Send code" }).click();
      await forgot.getByText(`We sent a 6-digit code by SMS to ${phone}`).waitFor({ timeout: 20_000 });
      const resetCode = (await waitForMessage(phone, "sms", (m) => m.id > beforeReset)).code!;
      const next = "Brand-New-Anchor-77";
      await forgot.locator('input[name="code"]').fill(resetCode);
      await forgot.locator('input[name="password"]').fill(next);
      await forgot.locator('input[name="password_confirmation"]').fill(next);
      await saveScreenshot(guest, "accounts-phone-reset");
      await forgot.getByRole("button", { name: "Save new password" }).click();
      await forgot.getByTestId("reset-done").waitFor({ timeout: 20_000 });
      await saveScreenshot(guest, "accounts-phone-reset-done");
      await forgot.getByRole("button", { name: "Sign in" }).click();
      const signInDialog = guest.getByTestId("modal-sign-in");
      await signInDialog.waitFor({ timeout: 20_000 });
      await submitSignIn(signInDialog, phone, next);
      await signInDialog.waitFor({ state: "detached", timeout: 15_000 });
      await guest.getByTestId("header-nickname").waitFor({ state: "attached", timeout: 20_000 });
      expect(guestProblems).toEqual([]);

      // The reset closed every session: the first browser is a guest after a reload.
      await page.reload();
      await hydrated(page);
      await page.getByTestId("header-nickname").waitFor({ state: "detached", timeout: 20_000 });
    });
});
