import type { Locator, Page } from "playwright-core";

/** What journeys wait for in the site's header and fill in its sign-in modal. */

/** Fills the sign-in modal and submits it; the caller waits for what should follow (the modal gone, an error). */
export async function submitSignIn(dialog: Locator, login: string, password: string): Promise<void> {
  await dialog.locator('input[name="login"]').fill(login);
  await dialog.locator('input[name="password"]').fill(password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
}

/** Resolves once the header's balance reads `value` (its `data-balance`, e.g. "0" or "25"). */
export const waitHeaderBalance = (page: Page, value: string) =>
  page.waitForFunction(
    (v) =>
      document.querySelector('[data-testid="header-balance-amount"]')?.getAttribute("data-balance") === v,
    value,
    { timeout: 15_000 },
  );

/** Resolves once the header shows the tab's live-updates connection as connected. */
export const liveUpdatesConnected = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector("header [data-connection-state]")?.getAttribute("data-connection-state") ===
      "connected",
    null,
    { timeout: 15_000 },
  );

/** Fills the sandbox card withdrawal form (amount and the payee's details) inside `scope` and submits it. */
export async function submitSandboxWithdrawal(scope: Page | Locator, amount: string): Promise<void> {
  if (!(await scope.getByTestId("wallet-form").isVisible()))
    await scope.getByTestId("method-sandbox.withdrawal.card").click();
  await scope.getByTestId("wallet-amount").fill(amount);
  for (const [name, value] of [
    ["firstName", "Ada"],
    ["lastName", "Lovelace"],
    ["address", "1 Harbour Street"],
    ["city", "London"],
    ["postalCode", "E1 6AN"],
  ] as const)
    await scope.getByTestId(`wallet-field-${name}`).fill(value);
  // The country is chosen from the list, by code.
  await scope.getByTestId("wallet-field-country").selectOption("GB");
  await scope.getByTestId("wallet-submit").click();
}
