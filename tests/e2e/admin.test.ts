import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";
import { liveUpdatesConnected, waitHeaderBalance } from "./support/site";
import { newStaffMember, totpNow } from "./support/staff";

/**
 * The back office (issue #21), as an operator's support agent uses it: sign in with a password and an
 * authenticator app (enrolled on the first sign-in, recovery codes shown once), find a player by e-mail, block
 * them with a reason (their open session ends at once), write a note, credit another player's balance by hand
 * (their open page shows it without reloading), and read the player page on a phone.
 */
describe("back office journey", () => {
  it("signs in with a second factor, finds a player, blocks them and notes why, credits another (their page sees it live), declines a document; the page reads at 390 px", {
    timeout: 120_000,
  }, async () => {
    const player = await registerPlayer("backoffice");
    // A support agent who also handles payments, their account just created by an administrator.
    const agent = await newStaffMember(["support", "payments"]);
    const page = await newPage({ width: 1280 });
    // The wrong code typed on purpose below is answered 422; nothing else may fail.
    const problems = watchPageProblems(page, {
      ignore: [/HTTP 422: POST .*\/api\/admin\/session\/verify/, /status of 422/],
    });
    await page.goto("/admin");
    await hydrated(page);
    await page.getByLabel("E-mail").fill(agent.email);
    await page.getByLabel("Password").fill(agent.password);
    await page.getByRole("button", { name: "Continue" }).click();
    // First sign-in: the secret to enrol, as a QR code and as text.
    await page.getByTestId("admin-totp-qr").waitFor();
    const secret = (await page.getByTestId("admin-totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await saveScreenshot(page, "admin-enrol-1280");
    await page.getByLabel("Code", { exact: true }).fill("000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("not right");
    await page.getByLabel("Code", { exact: true }).fill(totpNow(secret));
    await page.getByRole("button", { name: "Sign in" }).click();
    const codes = page.getByTestId("admin-recovery-codes").locator("li");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByTestId("admin-me").waitFor();

    // Find the player by e-mail and open their page.
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Players" })
      .click();
    await page.getByRole("heading", { name: "Players" }).waitFor();
    await page.getByLabel(/Id, e-mail/).fill(player.email);
    await page.getByRole("button", { name: "Search" }).click();
    const results = page.getByTestId("admin-player-results");
    await results.waitFor();
    await results.getByRole("link").first().click();
    await page.getByTestId("admin-player-name").waitFor();
    expect(await page.getByTestId("admin-player-accounts").textContent()).toContain("USD");

    // Block with a reason: the player's own session stops working at once.
    expect(
      (
        await fetch(new URL("/api/player/profile", page.url()), {
          headers: { authorization: `Bearer ${player.token}` },
        })
      ).status,
    ).toBe(200);
    await page.getByLabel("Reason (kept in the audit trail)").fill("Chargeback on the last deposit");
    await page.getByRole("button", { name: "Block" }).click();
    await expect.poll(() => page.getByTestId("admin-status").first().textContent()).toBe("blocked");
    await expect
      .poll(
        async () =>
          (
            await fetch(new URL("/api/player/profile", page.url()), {
              headers: { authorization: `Bearer ${player.token}` },
            })
          ).status,
      )
      .toBe(401);
    await page.getByLabel("New note").fill("Bank confirmed the chargeback.");
    await page.getByRole("button", { name: "Add" }).click();
    await expect
      .poll(() => page.getByTestId("admin-player-notes").textContent())
      .toContain("Bank confirmed the chargeback.");
    await expect.poll(() => page.getByTestId("admin-player-audit").textContent()).toContain("player.block");
    await saveScreenshot(page, "admin-player-1280");
    const blockedPage = page.url();

    // Credit another player by hand (at or below the approval threshold: applied at once); their open page
    // shows the new balance without reloading.
    const credited = await registerPlayer("credited");
    const theirs = await playerPage(credited.token, 1280);
    await theirs.goto("/wallet");
    await hydrated(theirs);
    await liveUpdatesConnected(theirs);
    await waitHeaderBalance(theirs, "0");
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Players" })
      .click();
    await page.getByRole("heading", { name: "Players" }).waitFor();
    await page.getByLabel(/Id, e-mail/).fill(credited.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByTestId("admin-player-results").getByRole("link").first().click();
    await page.getByRole("form", { name: "Adjust balance" }).waitFor();
    await page.getByLabel("Amount (− to debit)").fill("5");
    await page.getByLabel("Reason for the adjustment").fill("Goodwill for a dropped connection");
    await page.getByRole("button", { name: "Adjust balance" }).click();
    await expect.poll(() => page.getByTestId("admin-adjust-result").textContent()).toBe("Applied.");
    await waitHeaderBalance(theirs, "5");
    await theirs.close();
    // A document the credited player uploaded: declined from the queue with a reason the player reads.
    const form = new FormData();
    form.set("type", "proof_of_address");
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: "#3366ff" } })
      .png()
      .toBuffer();
    form.set("file", new Blob([png], { type: "image/png" }), "bill.png");
    const uploaded = await fetch(new URL("/api/player/documents", page.url()), {
      method: "POST",
      headers: { authorization: `Bearer ${credited.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as { data: { id: string } }).data.id;
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Documents" })
      .click();
    const queued = page.getByTestId("admin-documents").locator("li").filter({ hasText: "bill.png" });
    await queued.waitFor();
    await queued.getByLabel("Reason to decline (the player reads it)").fill("The address is cut off");
    await queued.getByRole("button", { name: "Decline" }).click();
    await queued.waitFor({ state: "detached" });
    const theirDocuments = await call<{ data: { id: string; status: number; reason: string | null }[] }>(
      "/api/player/documents",
      { token: credited.token },
    );
    expect(theirDocuments.data.find((d) => d.id === documentId)).toMatchObject({
      status: 3,
      reason: "The address is cut off",
    });
    await page.goto(blockedPage);
    await page.getByTestId("admin-player-name").waitFor();

    // The same page on a phone: everything still there, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId("admin-player-name").waitFor();
    await page.waitForSelector("#preloader", { state: "detached", timeout: 5_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, "admin-player-390");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("refuses a player's token and a guest on every back-office call", async () => {
    const player = await registerPlayer("notstaff");
    await expect(call("/api/admin/me", { token: player.token })).rejects.toThrow(/401/);
    await expect(call("/api/admin/players?q=a")).rejects.toThrow(/401/);
  });
});
