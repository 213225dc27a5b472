import type { Frame, Page } from "playwright-core";

/** The game screen's frame and the house slot inside it, as the casino and bonus journeys play it. */

/** The game screen's frame in a mode, once its document has loaded. */
export async function gameFrame(page: Page, mode: "demo" | "real"): Promise<Frame> {
  const el = page.locator(`[data-testid="game-frame"][data-mode="${mode}"]`);
  await el.waitFor({ timeout: 15_000 });
  const frame = await (await el.elementHandle())!.contentFrame();
  if (!frame) throw new Error("the game frame has no document");
  await frame.waitForLoadState();
  return frame;
}

/** Presses Spin inside the house slot and waits for the round; answers the balance and round id it shows. */
export async function spin(frame: Frame): Promise<{ before: string; after: string; roundId: string }> {
  const balance = frame.getByTestId("house-balance");
  await balance.waitFor({ timeout: 15_000 });
  const before = (await balance.getAttribute("data-balance"))!;
  const lastRound = frame.getByTestId("house-last-round");
  const previous = (await lastRound.count()) ? await lastRound.getAttribute("data-round-id") : null;
  await frame.getByRole("button", { name: "Spin" }).click();
  await frame.waitForFunction(
    (prev) => {
      const id = document.querySelector('[data-testid="house-last-round"]')?.getAttribute("data-round-id");
      return Boolean(id) && id !== prev;
    },
    previous,
    // A round is a few calls through the seamless wallet: on a busy 2-core machine (the newcomer run, CI with
    // two journeys at once) one took more than 15 s.
    { timeout: 30_000 },
  );
  return {
    before,
    after: (await balance.getAttribute("data-balance"))!,
    roundId: (await lastRound.getAttribute("data-round-id"))!,
  };
}

/**
 * Spins until a round moves the balance: a round that pays back exactly its stake leaves it where it was, and
 * the journey must see the balance change. Five spins without a change would be a broken slot.
 */
export async function spinUntilBalanceMoves(frame: Frame) {
  for (let i = 0; i < 5; i++) {
    const round = await spin(frame);
    if (round.after !== round.before) return round;
  }
  throw new Error("five spins left the balance unchanged");
}
