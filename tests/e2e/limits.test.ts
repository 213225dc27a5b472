import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import {
  call,
  hydrated,
  PLAYER_PASSWORD,
  playerPage,
  registerPlayer,
  sandboxDeposit,
} from "./support/player";
import { submitSandboxWithdrawal, submitSignIn } from "./support/site";

/** The deposit limit's row on /profile/limits. */
const depositRow = (page: Page) =>
  page.locator('[data-testid="limits-group-deposit"] [data-testid="limit-row"]');

async function editAmount(page: Page, amount: string) {
  await depositRow(page).getByTestId("limit-edit").click();
  const modal = page.getByTestId("modal-edit-limit");
  await modal.waitFor();
  await modal.getByTestId("limit-amount-input").fill(amount);
  await modal.getByRole("button", { name: "Save limit" }).click();
  await modal.waitFor({ state: "detached" });
}

// Refusals the journey causes on purpose: 13100 on the deposit methods, the dead token after the break.
const EXPECTED = [/HTTP 40[13]/, /status of 40[13]/];

/**
 * A break just confirmed: said on the home page it leads to, signed out, and it stays there to be read (the page
 * change hides every other alert; a toast it hid would be gone after its exit animation, well within 2 s). The
 * plain home page: the break's own ending, not a lost session's "sign in again".
 */
async function expectBreakSaidOnHome(page: Page) {
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByTestId("user-menu").waitFor({ state: "detached" });
  const said = page.getByText(/You are taking a break until .+\. You have been signed out on every device\./);
  await said.waitFor();
  await page.waitForTimeout(2_000);
  expect(await said.isVisible()).toBe(true);
  expect(new URL(page.url()).search).toBe("");
  expect(await page.getByTestId("modal-sign-in").count()).toBe(0);
}

describe.each([1280, 390])("responsible-gambling limits at %i px", (width) => {
  it("an unpaid deposit holds the deposit limit until cancelled from the history; the cashier agrees with the limits page (issue 36)", async () => {
    const { token } = await registerPlayer("unpaid");
    await call("/api/player/limits", {
      body: { definition: 3, period: "daily", amount: "100", currency: "USD" },
      token,
    });
    await sandboxDeposit(token, "50");
    const unpaid = await call<{ data: { id: string } }>("/api/payment/invoices/deposit", {
      body: {
        method: "sandbox.deposit.card",
        currency: "USD",
        amount: "50",
        customerFields: { firstName: "Ada", lastName: "Lovelace" },
      },
      token,
    });
    const page = await playerPage(token, width);
    const problems = watchPageProblems(page, { ignore: EXPECTED });
    await page.goto("/profile/limits");
    await hydrated(page);
    const row = depositRow(page);
    await expect.poll(() => row.getByTestId("limit-used").textContent()).toBe("$50.00 used of $100.00");
    expect(await row.getByTestId("limit-unpaid").textContent()).toContain("$50.00 in deposits not paid yet");
    expect(await row.getByTestId("limit-left").textContent()).toBe("$0.00 left");
    await saveScreenshot(page, "limits-unpaid");
    // The cashier reads the same calculation: the limit is reached.
    await page.goto("/profile/limits?wallet=deposit");
    await page.getByTestId("deposit-limit-reached").waitFor();

    // The history offers Cancel for the unpaid deposit; cancelling frees its room.
    await page.goto("/wallet/history");
    await hydrated(page);
    await page.getByTestId(`invoice-cancel-${unpaid.data.id}`).click();
    const modal = page.getByTestId("modal-cancel-deposit");
    await modal.waitFor();
    await modal.getByTestId("cancel-deposit-confirm").click();
    await modal.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId(`invoice-cancel-${unpaid.data.id}`).count()).toBe(0);
    await page.goto("/profile/limits");
    await hydrated(page);
    await expect.poll(() => depositRow(page).getByTestId("limit-left").textContent()).toBe("$50.00 left");
    expect(await depositRow(page).getByTestId("limit-unpaid").count()).toBe(0);
    await page.goto("/profile/limits?wallet=deposit");
    await page.getByTestId("wallet-methods").waitFor();
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  it("sets, uses up, lowers and raises a deposit limit, then takes a break and is refused at sign-in", async () => {
    const { email, token } = await registerPlayer("limits");
    const page = await playerPage(token, width);
    const problems = watchPageProblems(page, { ignore: EXPECTED });
    await page.goto("/profile/limits");
    await hydrated(page);
    await page.getByTestId("limits-group-deposit").getByText("No deposit limit set.").waitFor();

    // A daily deposit limit of 50 USD applies at once.
    await page.getByTestId("limit-add").click();
    const add = page.getByTestId("modal-add-limit");
    await add.waitFor();
    await add.getByTestId("limit-kind-deposit").click();
    await add.getByTestId("limit-period-daily").click();
    await add.getByTestId("limit-amount-input").fill("50");
    if (width === 1280) await saveScreenshot(page, "limits-add");
    await add.getByRole("button", { name: "Save limit" }).click();
    await add.waitFor({ state: "detached" });
    await expect.poll(() => depositRow(page).getByTestId("limit-amount").textContent()).toBe("$50.00");

    // Used up by a sandbox deposit: the wallet's methods list gives way to the limit message.
    await sandboxDeposit(token, "50");
    await page.reload();
    await hydrated(page);
    await expect
      .poll(() => depositRow(page).getByTestId("limit-used").textContent())
      .toBe("$50.00 used of $50.00");
    await page.goto("/profile/limits?wallet=deposit");
    const limitMessage = page.getByTestId("deposit-limit-reached");
    await limitMessage.waitFor();
    expect(await page.getByTestId("wallet-methods").count()).toBe(0);
    await limitMessage.getByRole("link", { name: "Review my limits" }).waitFor();
    await page.goto("/profile/limits");
    await hydrated(page);

    // Lowering applies at once, with nothing waiting.
    await editAmount(page, "40");
    await expect.poll(() => depositRow(page).getByTestId("limit-amount").textContent()).toBe("$40.00");
    expect(await depositRow(page).getByTestId("limit-pending").count()).toBe(0);

    // Raising waits 24 hours: confirmed, then shown with its date while 40 still holds.
    await editAmount(page, "80");
    const confirm = page.getByTestId("modal-confirm-limit-update");
    await confirm.getByText("This change waits 24 hours").waitFor();
    expect(await confirm.getByTestId("limit-update-new").textContent()).toBe("$80.00 · daily");
    if (width === 1280) await saveScreenshot(page, "limits-confirm-update");
    await confirm.getByTestId("limit-update-confirm").click();
    await confirm.waitFor({ state: "detached" });
    const pending = depositRow(page).getByTestId("limit-pending");
    await pending.waitFor();
    expect(await pending.textContent()).toMatch(/^Changes to \$80\.00 daily on .+\d/);
    expect(await depositRow(page).getByTestId("limit-amount").textContent()).toBe("$40.00");
    await saveScreenshot(page, "limits-page");

    // A 24-hour break: a serious confirmation, then logged out with the date it ends.
    await page.getByTestId("break-24h").click();
    const sure = page.getByTestId("confirm-exclusion");
    await sure.waitFor();
    expect(await sure.getByTestId("exclusion-confirm").isDisabled()).toBe(true);
    await sure.getByTestId("exclusion-understood").check();
    if (width === 1280) await saveScreenshot(page, "limits-break-confirm");
    await sure.getByTestId("exclusion-confirm").click();
    await expectBreakSaidOnHome(page);

    // Signing in is refused with the server's words, and the visitor stays a visitor.
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const signIn = page.getByTestId("modal-sign-in");
    await submitSignIn(signIn, email, PLAYER_PASSWORD);
    await signIn.getByText(/You are taking a break until .+ UTC/).waitFor();
    expect(problems).toEqual([]);
  }, 90_000);
});

describe.each([1280, 390])("withdrawing the balance during a break at %i px", (width) => {
  it("a player with money takes a break, is refused at sign-in, and withdraws it all through the sandbox", async () => {
    const { email, token } = await registerPlayer("break-withdraw");
    await sandboxDeposit(token, "30");
    const page = await playerPage(token, width);
    const problems = watchPageProblems(page, { ignore: EXPECTED });

    // The break, taken from the limits page, says the balance can still be withdrawn.
    await page.goto("/profile/limits");
    await hydrated(page);
    await page.getByTestId("break-24h").click();
    const sure = page.getByTestId("confirm-exclusion");
    await sure.getByText("you can withdraw it at any time from the sign-in window").waitFor();
    await sure.getByTestId("exclusion-understood").check();
    await sure.getByTestId("exclusion-confirm").click();
    await expectBreakSaidOnHome(page);
    await saveScreenshot(page, "break-said-on-home");

    // Refused at sign-in with the end date, and offered the withdrawal.
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const signIn = page.getByTestId("modal-sign-in");
    await submitSignIn(signIn, email, PLAYER_PASSWORD);
    await signIn.getByText(/You are taking a break until .+ UTC/).waitFor();
    const offer = signIn.getByTestId("restricted-offer");
    await offer.getByText("you can withdraw it now").waitFor();
    if (width === 1280) await saveScreenshot(page, "break-sign-in-refused");
    await offer.getByTestId("restricted-withdraw").click();

    // The one balance with money goes straight to the withdrawal methods.
    const view = signIn.getByTestId("restricted-withdrawal");
    await view.waitFor();
    await signIn.getByText("Withdraw your balance").first().waitFor();
    expect(await view.getByTestId("restricted-withdrawal-balance").textContent()).toBe("$30.00");
    if (width === 1280) await saveScreenshot(page, "break-withdrawal-form");
    await submitSandboxWithdrawal(view, "30");
    const done = view.locator('[data-testid="restricted-withdrawal-done"][data-status="1"]');
    await done.getByText("Your withdrawal of $30.00 has been requested.").waitFor();
    if (width === 1280) await saveScreenshot(page, "break-withdrawal-done");

    // Nothing is left: the view says so.
    await done.getByRole("button", { name: "Back to my balances" }).click();
    await view.getByTestId("restricted-withdrawal-empty").waitFor();

    // Still a visitor: no session cookie, and the token was never stored.
    const cookie = (await page.context().cookies()).find((c) => c.name === "access_token");
    expect(cookie?.value ?? "").toBe("");
    const stored = await page.evaluate(() =>
      [...Object.values(localStorage), ...Object.values(sessionStorage)].join(" "),
    );
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

    // The sandbox processor holds a pending withdrawal of the whole balance.
    const grant = await call<{ accessToken: string }>("/api/player/restricted-withdrawal/session", {
      body: { login: email, password: PLAYER_PASSWORD },
    });
    const invoices = await call<{ data: { type: number; status: number; amount: string; method: string }[] }>(
      "/api/payment/invoices?type=2",
      { token: grant.accessToken },
    );
    expect(invoices.data).toEqual([
      expect.objectContaining({ status: 1, amount: "30", method: "sandbox.withdrawal.card" }),
    ]);
    const accounts = await call<{ data: { balance: string }[] }>("/api/wallet/accounts", {
      token: grant.accessToken,
    });
    expect(accounts.data.map((a) => a.balance)).toEqual(["0"]);
    expect(problems).toEqual([]);
  }, 90_000);
});
