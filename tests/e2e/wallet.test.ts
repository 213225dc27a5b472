import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, watchPageProblems } from "./support/browser";
import {
  liveUpdatesConnected,
  submitSandboxWithdrawal,
  submitSignIn,
  waitHeaderBalance,
} from "./support/site";

const PASSWORD = "harbor-lights-7";

/** Registers a fresh player through the API (the sign-up form belongs to the accounts issue) and returns the token. */
async function registerPlayer(currency = "USD"): Promise<{ email: string; token: string }> {
  const email = `wallet-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${inject("baseUrl")}/api/player/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: true,
      currency,
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return { email, token: ((await res.json()) as { accessToken: string }).accessToken };
}

/** A page of the player: the token in the cookie every tab shares, cookies accepted. */
async function playerPage(token: string, opts: { width?: number; isMobile?: boolean } = {}): Promise<Page> {
  const page = await newPage({
    width: opts.width ?? 1280,
    height: opts.isMobile ? 844 : 800,
    isMobile: opts.isMobile,
  });
  await page.context().addCookies([{ name: "access_token", value: token, url: inject("baseUrl") }]);
  await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
  return page;
}

/**
 * The history's totals (GET /payment/invoices/statistics) after this journey's deposit of 25 USD and the
 * withdrawal of 20 still pending: the deposit is summed, the withdrawal only counted as pending.
 */
async function expectTotals(page: Page): Promise<void> {
  const deposits = page.getByTestId("invoice-totals-deposits");
  const withdrawals = page.getByTestId("invoice-totals-withdrawals");
  await deposits.waitFor();
  expect(await deposits.getByTestId("invoice-totals-sums").textContent()).toMatch(/\$\s?25\.00/);
  expect(await deposits.getByTestId("invoice-totals-counts").textContent()).toBe("1 successful");
  expect(await withdrawals.getByTestId("invoice-totals-sums").textContent()).toBe("Nothing yet");
  expect(await withdrawals.getByTestId("invoice-totals-counts").textContent()).toBe(
    "0 successful · 1 pending",
  );
}

/**
 * `waitHeaderBalance`, and when the balance never comes, the server's view in the failure: the player's invoices
 * and accounts (a CI run once saw a deposit not credited for 30 s and left nothing else to read).
 */
async function waitBalance(page: Page, value: string): Promise<void> {
  try {
    await waitHeaderBalance(page, value);
  } catch (err) {
    const cookie = (await page.context().cookies()).find((c) => c.name === "access_token")?.value;
    const read = (path: string) =>
      fetch(`${inject("baseUrl")}/api${path}`, { headers: { authorization: `Bearer ${cookie}` } })
        .then(async (r) => `${r.status} ${await r.text()}`)
        .catch((e: Error) => e.message);
    const shown = await page
      .getByTestId("header-balance-amount")
      .textContent({ timeout: 1_000 })
      .catch(() => "(no header balance)");
    throw new Error(
      `${(err as Error).message}\nheader: ${shown}\ninvoices: ${await read("/payment/invoices")}\naccounts: ${await read("/wallet/accounts")}`,
    );
  }
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

describe("wallet journey", () => {
  let token: string;
  let email: string;
  beforeAll(async () => {
    ({ email, token } = await registerPlayer());
  });

  it("deposits through the sandbox checkout: the header balance updates without a reload and the alert shows once", async () => {
    // Signs in through the modal: the login sequence loads the accounts before the player counts as logged in.
    const page = await newPage({ width: 1280 });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    const problems = watchPageProblems(page);
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-in");
    await submitSignIn(dialog, email, PASSWORD);
    await dialog.waitFor({ state: "detached", timeout: 15_000 });
    // A new player gets an account in the registration currency on login.
    await waitHeaderBalance(page, "0");
    await liveUpdatesConnected(page);

    await page.getByTestId("header-deposit").click();
    await page.getByTestId("modal-wallet").waitFor();
    expect(new URL(page.url()).searchParams.get("wallet")).toBe("deposit");
    await page.getByTestId("method-sandbox.deposit.card").click();
    // A first deposit starts with the welcome bonus (issue 36), which raises the amount to its minimum when the
    // offers arrive; this journey withdraws later, so none. Chosen first: the amount typed after it stays as typed.
    await page.getByTestId("deposit-bonus-none").locator("input").check();
    await page.getByTestId("wallet-amount").fill("25");
    expect(await page.getByTestId("wallet-amount").inputValue()).toBe("25");
    await page.getByTestId("wallet-field-firstName").fill("Ada");
    await page.getByTestId("wallet-field-lastName").fill("Lovelace");
    await page.getByTestId("wallet-submit").click();

    const redirect = page.getByTestId("modal-deposit-redirect");
    await redirect.waitFor();
    const checkoutUrl = await page.getByTestId("deposit-continue").getAttribute("href");
    expect(checkoutUrl).toMatch(/\/api\/payment\/sandbox\/sandbox\//);

    // The player pays in another tab; this one must learn of it live.
    let navigations = 0;
    page.on("framenavigated", (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    // Every "credited" alert the page ever shows, counted as it is added (timing alone cannot tell "once" from
    // "twice in a row" on a slow machine: the alert goes after 3 s).
    await page.evaluate(() => {
      const w = window as unknown as { creditedAlerts: number };
      w.creditedAlerts = 0;
      new MutationObserver((changes) => {
        for (const c of changes)
          for (const n of c.addedNodes)
            if (n.textContent?.includes("Your deposit has been credited.")) w.creditedAlerts++;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const checkout = await page.context().newPage();
    await checkout.goto(checkoutUrl!);
    await checkout.getByRole("button", { name: "Pay now" }).click();
    await checkout.waitForURL(/\?deposit-status=\d+/);

    await waitBalance(page, "25");
    expect(await page.getByTestId("header-balance-amount").textContent()).toContain("25.00");
    const alertText = page.getByText("Your deposit has been credited.");
    await alertText.first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => (window as unknown as { creditedAlerts: number }).creditedAlerts)).toBe(
      1,
    );
    expect(navigations).toBe(0);

    // The tab that came back from the checkout shows the outcome, without a second alert.
    await hydrated(checkout);
    await checkout.locator('[data-testid="deposit-status"][data-status="2"]').waitFor({ timeout: 15_000 });
    await checkout.waitForTimeout(800);
    expect(await checkout.getByText("Your deposit has been credited.").count()).toBe(0);
    await checkout.close();

    // Analytics: the first deposit counts as ftd.
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event));
    expect(events).toEqual(["ftd"]);
    expect(problems).toEqual([]);
  });

  it("withdraws: the money is reserved at once, and a withdrawal the processor has offers no cancel", async () => {
    const page = await playerPage(token);
    await page.goto("/?wallet=withdraw");
    await hydrated(page);
    await waitBalance(page, "25");
    await page.getByTestId("modal-wallet").waitFor();
    // What the player gave at the deposit is not asked again; the amount starts at all of it, and no shortcut
    // offers more than the balance (issue 36: shortcuts above the balance, names typed twice, country as text).
    await page.getByTestId("method-sandbox.withdrawal.card").click();
    const form = page.getByTestId("wallet-form");
    await form.waitFor();
    expect(await page.getByTestId("wallet-field-firstName").inputValue()).toBe("Ada");
    expect(await page.getByTestId("wallet-field-lastName").inputValue()).toBe("Lovelace");
    expect(Number(await page.getByTestId("wallet-amount").inputValue())).toBe(25);
    expect(await page.getByTestId("wallet-amount-all").textContent()).toMatch(/25/);
    const shortcuts = await form
      .locator("button[type=button]")
      .evaluateAll((bs) => bs.map((b) => b.textContent ?? "").filter((t) => /^\d+(\.\d+)?$/.test(t)));
    expect(shortcuts.filter((q) => Number(q) > 25)).toEqual([]);
    expect(await page.getByTestId("wallet-field-country").evaluate((e) => e.tagName)).toBe("SELECT");
    await submitSandboxWithdrawal(page, "20");

    // Under WITHDRAWAL_REVIEW_ABOVE it goes straight to the processor, which may pay it out at any moment:
    // refunding it on a cancel could pay the player twice, so the site says why there is no cancel.
    const status = page.locator('[data-testid="deposit-status"][data-status="1"]');
    await status.waitFor();
    await waitBalance(page, "5");
    await page.getByTestId("withdrawal-processing").waitFor();
    expect(await page.getByTestId("cancel-withdrawal").count()).toBe(0);
  });

  it("filters the history on a desktop", async () => {
    const page = await playerPage(token, { width: 1280 });
    await page.goto("/wallet/history");
    await hydrated(page);
    const rows = page.getByTestId("invoice-row");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    await expectTotals(page);

    await page.getByTestId("history-filters").locator('select[name="type"]').selectOption("2");
    await page.waitForURL(/type=2/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="invoice-row"]').length === 1);
    expect(await rows.first().getAttribute("data-type")).toBe("2");
    expect(await rows.first().getAttribute("data-status")).toBe("1");
    expect(await page.locator('[data-testid^="invoice-cancel-"]').count()).toBe(0);

    await page.getByTestId("history-filters").locator('select[name="status"]').selectOption("2");
    await page.getByTestId("history-empty").waitFor();

    await page.getByTestId("history-filters").locator('select[name="type"]').selectOption("1");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="invoice-row"]').length === 1);
    expect(await rows.first().getAttribute("data-type")).toBe("1");
  });

  it("filters the history on a phone through the bottom sheet", async () => {
    const page = await playerPage(token, { width: 390, isMobile: true });
    await page.goto("/wallet/history");
    await hydrated(page);
    const rows = page.getByTestId("invoice-row");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.getByTestId("history-filters").count()).toBe(0);
    await expectTotals(page);

    await page.getByTestId("history-filters-open").click();
    const sheet = page.getByTestId("history-sheet");
    await sheet.waitFor();
    expect(await sheet.getAttribute("data-sheet")).toBe("true");
    await sheet.locator('select[name="type"]').selectOption("1");
    await page.getByTestId("history-sheet-apply").click();
    await sheet.waitFor({ state: "detached" });
    await page.waitForURL(/type=1/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="invoice-row"]').length === 1);
    expect(await rows.first().getAttribute("data-type")).toBe("1");
    expect(await rows.first().getAttribute("data-status")).toBe("2");
  });

  it("reads the balances again when a phone's page becomes visible again, and not on a desktop", async () => {
    const accountReads = async (page: Page) => {
      // The login sequence reads the accounts once after hydration; until that read is answered the wallet is
      // loading and a return to the page reads nothing more (the read in flight is as fresh). Counting starts
      // after it, or the order of the two would decide the test.
      const isRead = (r: { url(): string; request(): { method(): string } }) =>
        new URL(r.url()).pathname === "/api/wallet/accounts" && r.request().method() === "GET";
      const loaded = page.waitForResponse(isRead, { timeout: 20_000 });
      await page.goto("/");
      await hydrated(page);
      await page.getByTestId("header-balance-amount").first().waitFor({ state: "attached" });
      await loaded;
      await page.waitForTimeout(300);
      let reads = 0;
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/api/wallet/accounts" && r.method() === "GET") reads++;
      });
      // The page comes back from the background (a phone's browser fires this when the tab is shown again).
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      return () => reads;
    };
    const phone = await accountReads(await playerPage(token, { width: 390, isMobile: true }));
    await expect.poll(phone, { timeout: 10_000 }).toBe(1);
    const desktop = await accountReads(await playerPage(token));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(desktop()).toBe(0);
  });

  it("types amounts in the page's language, pasted ones as meant, and converts them to the display currency", async () => {
    // A euro player on the Brazilian site: amounts are written 1.234,5; the display currency is the base one (USD).
    const { token: euroToken } = await registerPlayer("EUR");
    for (const [width, isMobile] of [
      [390, true],
      [1280, false],
    ] as const) {
      const page = await playerPage(euroToken, { width, isMobile });
      const problems = watchPageProblems(page);
      await page.goto("/pt-br?wallet=deposit");
      await hydrated(page);
      await page.getByTestId("method-sandbox.deposit.card").click();
      // No bonus, chosen first: the welcome bonus raises the amount to its minimum when the offers arrive.
      await page.getByTestId("deposit-bonus-none").locator("input").check();
      const amount = page.getByTestId("wallet-amount");
      await amount.fill("");
      await amount.pressSequentially("1234,5");
      expect(await amount.inputValue()).toBe("1.234,5");
      const exchange = page.getByTestId("wallet-amount-exchange");
      await exchange.waitFor();
      // The linked field shows the same amount in dollars, written the same way.
      expect(await exchange.inputValue()).toMatch(/^1\.\d{3},\d{2}$/);
      await exchange.fill("100");
      const euros = await amount.inputValue();
      expect(euros).toMatch(/^\d{2},\d{2}$/);
      expect(euros).not.toBe("100,00");
      // "75.50" copied from an English page is 75,50 here, not 7.550.
      await amount.evaluate((el: HTMLInputElement) => {
        el.focus();
        el.select();
        const data = new DataTransfer();
        data.setData("text", "75.50");
        el.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      });
      await expect.poll(() => amount.inputValue()).toBe("75,50");
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("sends a guest from /wallet to sign in", async () => {
    const page = await newPage();
    await page.goto("/wallet");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByTestId("modal-sign-in").waitFor();
  });
});
