import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import { hydrated, PLAYER_PASSWORD, playerPage, registerPlayer, sandboxDeposit } from "./support/player";
import { submitSignIn } from "./support/site";

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

describe.each([1280, 390])("responsible-gambling limits at %i px", (width) => {
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
    await page
      .getByText(/You are taking a break until .+\. You have been signed out on every device\./)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByTestId("user-menu").waitFor({ state: "detached" });

    // Signing in is refused with the server's words, and the visitor stays a visitor.
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const signIn = page.getByTestId("modal-sign-in");
    await submitSignIn(signIn, email, PLAYER_PASSWORD);
    await signIn.getByText(/You are taking a break until .+ UTC/).waitFor();
    expect(problems).toEqual([]);
  }, 90_000);
});
