import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer, sandboxDeposit } from "./support/player";

interface RealityCheckAnswer {
  data: { intervalMinutes: number; summary: { currency: string; staked: string; net: string }[] };
}

/** A few real-money spins of the built-in slot through its API, as its page would make them. */
async function playRealRounds(token: string, rounds: number): Promise<void> {
  const launch = await call<{ data: { url: string } }>("/api/game/games/harbor-fortune/play", {
    body: { real: true },
    token,
  });
  const game = new URL(launch.data.url).searchParams.get("token")!;
  for (let i = 0; i < rounds; i++) await call(`/api/house/sessions/${game}/play`, { body: { amount: "1" } });
}

/**
 * Moves the page's clock a quarter of an hour at a time until the reminder opens. The server's clock does not
 * move with it, so after the first reminder the server still says the session is minutes old and the next one
 * is timed further off on the page's clock than it would be for real: the steps find it wherever it lands.
 */
async function fastForwardToReminder(page: Page) {
  const modal = page.getByTestId("modal-reality-check");
  for (let step = 0; step < 8; step++) {
    await page.clock.fastForward("15:00");
    try {
      await modal.waitFor({ timeout: 2_000 });
      return modal;
    } catch {
      // not yet: another quarter of an hour
    }
  }
  throw new Error("no reality check after two hours of the page's time");
}

describe.each([1280, 390])("the reality check at %i px", (width) => {
  it("turned on at 15 minutes, reminds with the session's length and result, then keeps playing, shows the spins and logs out", async () => {
    const { token } = await registerPlayer("reality");
    await sandboxDeposit(token, "20");
    await playRealRounds(token, 3);
    // The page's session is this login's: the same token, in the cookie.
    const before = await call<RealityCheckAnswer>("/api/player/reality-check", { token });
    // Registered without a country from the default list: off until chosen.
    expect(before.data.intervalMinutes).toBe(0);
    const [usd] = before.data.summary;
    expect(usd).toMatchObject({ currency: "USD", staked: "3" });

    const page = await playerPage(token, width);
    // Playwright's fake clock drives AbortSignal.timeout too: a call still in flight when the test jumps the page's
    // clock a quarter of an hour is aborted by the page's own 10 s API timeout (CI saw /api/retention/quests go
    // so). That is the jump, not the page; any other failure still counts.
    const problems = watchPageProblems(page, { ignore: [/^request failed: GET .* \(net::ERR_ABORTED\)$/] });
    // Fake timers from the first script on, so the reminder's wait can be skipped.
    await page.clock.install();
    await page.goto("/profile/limits");
    await hydrated(page);
    const setting = page.getByTestId("reality-check");
    await setting.getByText("Off until you choose an interval.").waitFor();
    expect(await setting.getByTestId("reality-check-0").getAttribute("aria-checked")).toBe("true");

    await setting.getByTestId("reality-check-15").click();
    await page.getByText("Reality check: every 15 minutes.").waitFor();
    await expect
      .poll(() => setting.getByTestId("reality-check-15").getAttribute("aria-checked"))
      .toBe("true");
    await setting.getByText(/^Next reminder at .+/).waitFor();
    if (width === 1280) await saveScreenshot(page, "reality-check-setting");

    // A quarter of an hour later the reminder opens over the page: 15 minutes, and the session's net result.
    let modal = await fastForwardToReminder(page);
    await modal.getByTestId("reality-check-length").waitFor();
    expect(await modal.getByTestId("reality-check-length").textContent()).toBe("15 minutes");
    const net = Number(usd!.net);
    const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(net);
    expect(await modal.getByTestId("reality-check-USD").getByTestId("reality-check-net").textContent()).toBe(
      net > 0 ? `+${money}` : money,
    );
    expect(await modal.getByTestId("reality-check-USD").textContent()).toContain("Staked $3.00");
    await saveScreenshot(page, "reality-check-modal");

    // Keep playing: it closes, and the next one comes.
    await modal.getByTestId("reality-check-continue").click();
    await modal.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.has("reality-check")).toBe(false);
    modal = await fastForwardToReminder(page);
    expect(await modal.getByTestId("reality-check-length").textContent()).toMatch(
      /^(\d+ hours?, )?\d+ minutes?$/,
    );

    // View history: the spins, without the reminder.
    await modal.getByTestId("reality-check-history").click();
    await page.waitForURL((url) => url.pathname === "/wallet/spins");
    await modal.waitFor({ state: "detached" });

    // Nothing went wrong up to here. (From here the page's clock has jumped far past the access token's life,
    // so its refresh timer and the logout race; what a player notices is checked below.)
    expect(problems).toEqual([]);

    // Log out from the next one: home as a visitor, the session closed on the server.
    modal = await fastForwardToReminder(page);
    await modal.getByTestId("reality-check-logout").click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByTestId("user-menu").waitFor({ state: "detached" });
    const after = await fetch(`${inject("baseUrl")}/api/player/reality-check`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  }, 120_000);
});
