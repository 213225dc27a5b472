import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "#common/api/player";
import { baseUrl } from "./support/base";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { gameFrame } from "./support/games";
import { call, hydrated, playerPage, registerPlayer, sandboxDeposit } from "./support/player";

/**
 * Issue 36, what costs a new player's trust (items 5, 10, 15, 16): one balance figure in the header and the
 * game, the deposit's bonus named where the deposit is; every house round found again after a reload and in
 * the wallet's history; a sign-up that says to check the e-mail and a verification that offers the deposit;
 * no console errors for an expected refusal or the game frame.
 */

const PASSWORD = "Harbor-Tide-4821";

async function outboxLink(to: string, path: RegExp): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}&channel=email`);
    const found = ((await res.json()) as { data: OutboxEntry[] }).data
      .map((m) => JSON.stringify(m).match(path)?.[0])
      .find(Boolean);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to}`);
}

/** A paid USD deposit of `amount` with the first deposit bonus offered for it; answers the invoice id. */
async function depositWithBonus(
  token: string,
  amount: string,
): Promise<{ invoiceId: string; bonus: string }> {
  const offers = await call<{ data: { id: string; kind?: string; amount?: string }[] }>(
    `/api/game/bonuses?currency=USD&amount=${amount}`,
    { token },
  );
  const bonusId = offers.data[0]!.id;
  const invoice = await call<{ data: { id: string; publicData: { checkoutUrl: string } } }>(
    "/api/payment/invoices/deposit",
    {
      body: {
        method: "sandbox.deposit.card",
        currency: "USD",
        amount,
        bonusId,
        customerFields: { firstName: "Ada", lastName: "Lovelace" },
      },
      token,
    },
  );
  const checkout = new URL(invoice.data.publicData.checkoutUrl);
  const approved = await fetch(`${baseUrl()}${checkout.pathname}/approve`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  expect(approved.status).toBe(303);
  return { invoiceId: invoice.data.id, bonus: bonusId };
}

const attr = (page: Page, testId: string, name: string) => page.getByTestId(testId).getAttribute(name);

describe("a new player's first session keeps their trust", { timeout: 180_000 }, () => {
  it("signs up, is told to check the e-mail, and after verifying is offered the deposit first", async () => {
    const page = await newPage({ width: 390, height: 844, isMobile: true });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    page.setDefaultTimeout(20_000);
    const problems = watchPageProblems(page);
    const email = `trust-${Date.now().toString(36)}@example.com`;
    await page.goto("/?sign-up=true");
    await hydrated(page);
    const dialog = page.getByTestId("modal-sign-up");
    await dialog.waitFor({ state: "visible" });
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await dialog.locator('input[name="password_confirmation"]').fill(PASSWORD);
    await dialog.getByTestId("agreements").check();
    await dialog.getByRole("button", { name: "Create account" }).click();
    const toast = page.getByText(`We sent a link to ${email}`);
    await toast.waitFor();
    await saveScreenshot(page, "trust-signed-up-390");

    const link = await outboxLink(email, /\/verify\/[A-Za-z0-9._~-]+/);
    await page.goto(link);
    const card = page.getByTestId("verify-page");
    await card.and(page.locator('[data-state="ok"]')).waitFor();
    const actions = card.locator("a");
    expect(await actions.allTextContents()).toEqual(["Make a deposit", "Go to my profile"]);
    expect(await actions.first().getAttribute("href")).toContain("wallet=deposit");
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
        document.documentElement.classList.toggle("dark", t === "dark");
      }, theme);
      await saveScreenshot(page, `trust-verified-390-${theme}`);
    }
    await actions.first().click();
    await page.getByTestId("modal-wallet").waitFor();
    expect(problems).toEqual([]);
  });

  it.each([1280, 390])(
    "shows at %i px one balance in the header and the game, and names the deposit's bonus",
    async (width) => {
      const { token } = await registerPlayer("trust-balance");
      const { invoiceId } = await depositWithBonus(token, "50");
      const page = await playerPage(token, width);
      page.setDefaultTimeout(20_000);
      const problems = watchPageProblems(page);

      // The deposit's outcome names its bonus.
      await page.goto(`/?deposit-status=${invoiceId}`);
      await hydrated(page);
      const note = page.getByTestId("deposit-bonus-note");
      await note.waitFor();
      expect(await note.textContent()).toMatch(/\$50\.00/);
      await saveScreenshot(page, `trust-deposit-received-${width}`);

      // The header: real and bonus money together, split beneath; the game shows the same figure.
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="header-balance-amount"]')?.getAttribute("data-total") ===
          "100",
      );
      const header = (await page.getByTestId("header-balance-amount").textContent())!.trim();
      expect(header).toBe("$100.00");
      const split = page.getByTestId("header-balance-split");
      expect((await split.innerText()).replace(/\s+/g, " ")).toBe(
        width < 600 ? "Bonus $50.00" : "$50.00 + Bonus $50.00",
      );
      // Nothing of the header runs off a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await attr(page, "header-balance-amount", "data-balance")).toBe("50");

      await page.goto("/game/harbor-dice?real=true");
      await hydrated(page);
      const frame = await gameFrame(page, "real");
      const balance = frame.getByTestId("house-balance");
      await balance.waitFor();
      expect(await balance.getAttribute("data-balance")).toBe("100");
      expect(await page.getByTestId("header-balance-amount").getAttribute("data-total")).toBe("100");
      await saveScreenshot(page, `trust-game-balance-${width}`);
      expect(problems).toEqual([]);
    },
  );

  it("finds a house round after a reload in 'Your rounds here' and in the wallet's casino rounds", async () => {
    const { token } = await registerPlayer("trust-rounds");
    await sandboxDeposit(token, "20");
    const page = await playerPage(token, 1280);
    page.setDefaultTimeout(20_000);
    const problems = watchPageProblems(page);
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning" || m.type() === "error") warnings.push(m.text());
    });
    await page.goto("/game/harbor-dice?real=true");
    await hydrated(page);
    let frame = await gameFrame(page, "real");
    await frame.getByTestId("house-balance").waitFor();
    await frame.getByRole("button", { name: "Roll" }).click();
    await frame.waitForFunction(() =>
      document.querySelector('[data-testid="house-last-round"]')?.getAttribute("data-round-id"),
    );
    const roundId = (await frame.getByTestId("house-last-round").getAttribute("data-round-id"))!;

    await page.reload();
    await hydrated(page);
    frame = await gameFrame(page, "real");
    await frame.getByTestId("house-balance").waitFor();
    await frame.getByTestId("house-fairness-open").click();
    const link = frame.locator(`[data-testid="house-verify-link"][data-round-id="${roundId}"]`);
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(new RegExp(`round=${roundId}$`));

    await page.goto("/wallet/spins");
    await hydrated(page);
    const row = page.locator(`[data-testid="spin-row"][data-round-id="house-${roundId}"]`);
    await row.waitFor();
    const verify = row.getByTestId("spin-verify-link");
    expect(await verify.getAttribute("href")).toMatch(
      new RegExp(`^/provably-fair\\?token=[0-9a-f-]+&round=${roundId}$`),
    );
    expect(await page.getByTestId("wallet-tab-spins").textContent()).toBe("Casino rounds");
    await saveScreenshot(page, "trust-casino-rounds-1280");
    // Item 16: the game frame logs nothing about its attributes.
    expect(warnings.filter((w) => /allowfullscreen/i.test(w))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it.each([1280, 390])(
    "lists at %i px in the footer and on the home page exactly the methods the cashier offers",
    async (width) => {
      const page = await newPage({ width, height: width < 600 ? 844 : 800, isMobile: width < 600 });
      await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
      const problems = watchPageProblems(page);
      await page.goto("/");
      await hydrated(page);
      const init = await call<{ currency: string; country: string | null }>("/api/player/init");
      const offered = await call<{ methods: { code: string }[] }>(
        `/api/payment/methods/deposit?currency=${init.currency}${init.country ? `&country=${init.country}` : ""}`,
      );
      const codes = offered.methods.map((m) => m.code);
      expect(codes.length).toBeGreaterThan(0);
      for (const list of ["footer-payments", "home-payments"]) {
        const shown = page.locator(`[data-testid="${list}"] [data-method]`);
        await shown.first().waitFor();
        expect(await shown.evaluateAll((els) => els.map((e) => e.getAttribute("data-method")))).toEqual(
          codes,
        );
      }
      const text = await page.locator("main, footer").allTextContents();
      expect(text.join(" ")).not.toMatch(/minutes, not days|pick your currency|Skrill|Neteller/);
      await page.getByTestId("footer-payments").scrollIntoViewIfNeeded();
      await saveScreenshot(page, `trust-footer-${width}`);
      expect(problems).toEqual([]);
    },
  );

  it("opens the deposit sheet at a reached deposit limit without a console error", async () => {
    const { token } = await registerPlayer("trust-limit");
    await call("/api/player/limits", {
      body: { definition: 3, period: "daily", amount: "20", currency: "USD" },
      token,
    });
    await sandboxDeposit(token, "20");
    const page = await playerPage(token, 390);
    page.setDefaultTimeout(20_000);
    const problems = watchPageProblems(page);
    await page.goto("/?wallet=deposit");
    await hydrated(page);
    await page.getByTestId("deposit-limit-reached").waitFor();
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
  });
});
