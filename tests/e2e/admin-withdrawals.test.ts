import { describe, expect, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer, sandboxDeposit } from "./support/player";
import { liveUpdatesConnected, waitHeaderBalance } from "./support/site";
import { newStaffMember, signInStaffPage } from "./support/staff";

const PAYEE = {
  firstName: "Ada",
  lastName: "Lovelace",
  address: "1 Harbour Street",
  city: "London",
  postalCode: "E1 6AN",
  country: "GB",
};

/**
 * Issue #21, payments and risk: withdrawals above WITHDRAWAL_REVIEW_ABOVE (1000 base by default) wait in
 * /admin/withdrawals; a payments member approves one (it goes to the processor) and rejects another with a
 * reason, and the player's open history page hears both without a reload.
 */
describe("back office: withdrawal review", () => {
  it("approves one withdrawal and rejects another while the player's history updates live", {
    timeout: 120_000,
  }, async () => {
    const player = await registerPlayer("withdrawals");
    await sandboxDeposit(player.token, "3000");
    const withdraw = async (amount: string) =>
      (
        await call<{ data: { id: string; status: number } }>("/api/payment/invoices/withdrawal", {
          body: { method: "sandbox.withdrawal.card", currency: "USD", amount, customerFields: PAYEE },
          token: player.token,
        })
      ).data;
    const approved = await withdraw("1200");
    const rejected = await withdraw("1500");
    expect([approved.status, rejected.status]).toEqual([1, 1]);

    const playerTab = await playerPage(player.token, 1280);
    const playerProblems = watchPageProblems(playerTab);
    await playerTab.goto("/wallet/history");
    await hydrated(playerTab);
    await liveUpdatesConnected(playerTab);
    await waitHeaderBalance(playerTab, "300");
    const row = (id: string) => playerTab.locator(`[data-testid="invoice-row"]:has-text("#${id}")`);
    await row(rejected.id).waitFor();
    expect(await row(rejected.id).getAttribute("data-status")).toBe("1");
    // While they wait for review the money is still ours to give back: the player may cancel either.
    const cancelLink = (id: string) => playerTab.getByTestId(`invoice-cancel-${id}`);
    expect(await cancelLink(approved.id).count()).toBe(1);
    expect(await cancelLink(rejected.id).count()).toBe(1);

    const member = await newStaffMember(["payments"]);
    const staff = await newPage({ width: 1280, height: 900 });
    const staffProblems = watchPageProblems(staff);
    await signInStaffPage(staff, member);
    await staff
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Withdrawals" })
      .click();
    await staff.waitForURL(/\/admin\/withdrawals/);
    const card = (id: string) => staff.locator(`[data-testid="withdrawal-row"][data-id="${id}"]`);
    await card(approved.id).waitFor();
    await card(rejected.id).waitFor();
    // The flags a reviewer weighs: a fresh player, an unwagered deposit, payee details never paid to before.
    const flags = await card(approved.id)
      .locator("[data-flag]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-flag")));
    expect(flags).toEqual(
      expect.arrayContaining(["identity_not_verified", "deposits_not_wagered", "new_payment_details"]),
    );
    await staff.getByTestId("method-limits").waitFor();
    console.log("screenshot:", await saveScreenshot(staff, "admin-withdrawals"));

    // Approve: it leaves the queue for the processor; the player's money stays reserved.
    await card(approved.id).getByTestId("approve-withdrawal").click();
    await card(approved.id).waitFor({ state: "detached" });

    // Reject with a reason: the player's row fails with it and the balance comes back, without a reload.
    await card(rejected.id).getByTestId("reject-withdrawal").click();
    await card(rejected.id).getByTestId("reject-reason").fill("The payee is not the account holder");
    await card(rejected.id).getByRole("button", { name: "Reject and refund" }).click();
    await card(rejected.id).waitFor({ state: "detached" });
    await playerTab.waitForFunction(
      (id) =>
        [...document.querySelectorAll('[data-testid="invoice-row"]')].some(
          (r) => r.textContent?.includes(`#${id}`) && r.getAttribute("data-status") === "3",
        ),
      rejected.id,
      { timeout: 15_000 },
    );
    await waitHeaderBalance(playerTab, "1800");
    expect(await row(approved.id).getAttribute("data-status")).toBe("1");
    // Approved, it is the processor's: no cancel any more (a refund could pay the player twice).
    await cancelLink(approved.id).waitFor({ state: "detached" });
    expect(await cancelLink(rejected.id).count()).toBe(0);

    // The decided ones, under their filters.
    await staff.getByRole("button", { name: "approved" }).click();
    await card(approved.id).waitFor();
    expect(await card(approved.id).textContent()).toContain("with the processor");
    await staff.getByRole("button", { name: "rejected" }).click();
    await card(rejected.id).waitFor();
    expect(await card(rejected.id).textContent()).toContain("The payee is not the account holder");

    // The queue at a phone's width: nothing wider than the screen.
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.getByRole("button", { name: "rejected" }).click();
    await card(rejected.id).waitFor();
    const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    console.log("screenshot:", await saveScreenshot(staff, "admin-withdrawals"));

    expect(playerProblems).toEqual([]);
    expect(staffProblems).toEqual([]);
  });
});
