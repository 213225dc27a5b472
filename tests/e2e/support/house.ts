import type { Page } from "playwright-core";
import { expect } from "vitest";
import { addAmounts, compareAmounts, negate } from "#common/money";
import { newPage, watchPageProblems } from "./browser";
import { call, hydrated } from "./player";

/**
 * The built-in house games' journey steps: a demo launch opened as the game screen's frame opens it, the page's
 * balance, and what the provider's API says of a session and its rounds.
 */

/** A demo launch of `slug`: its page (hydrated, balance shown), the page address, the session token. */
export async function openHouseGame(slug: string, viewport: { width?: number; height?: number } = {}) {
  const page = await newPage(viewport);
  const problems = watchPageProblems(page);
  const { data } = await call<{ data: { url: string } }>(`/api/game/games/${slug}/play`, { body: {} });
  const url = new URL(data.url);
  const path = `${url.pathname}${url.search}`;
  await page.goto(path);
  await hydrated(page);
  await page.getByTestId("house-balance").waitFor();
  return { page, path, token: url.searchParams.get("token")!, problems };
}

/** The balance the game page shows, as the decimal text it holds. */
export const houseBalance = async (page: Page) =>
  (await page.getByTestId("house-balance").getAttribute("data-balance"))!;

/** A round as the provider recorded it (`T` the caller's view of it), with its seeds. */
export const storedRound = async <T>(token: string, id: string) =>
  (await call<{ data: T }>(`/api/house/sessions/${token}/rounds/${id}`)).data;

/** The game session as the provider answers it. */
export const houseSession = async <T = { balance: string }>(token: string) =>
  (await call<{ data: T }>(`/api/house/sessions/${token}`)).data;

/** A round as the provider stores it, with its seeds (`P` and `O` the game's params and outcome). */
export interface StoredHouseRound<P = Record<string, unknown>, O = Record<string, unknown>> {
  round: { id: string; engine: string; bet: string; payout: string; params: P; outcome: O };
  seeds: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
}

/**
 * Plays one round with `act` and checks the page against the server: a new round id, and a balance that moved
 * by exactly that round's payout minus its stake (the page's and the provider's alike). Answers the round.
 */
export async function playHouseRound<R extends StoredHouseRound<unknown, unknown> = StoredHouseRound>(
  page: Page,
  token: string,
  act: () => Promise<void>,
  timeout = 20_000,
): Promise<R> {
  const before = await houseBalance(page);
  const last = page.getByTestId("house-last-round");
  const previous = (await last.count()) ? await last.getAttribute("data-round-id") : null;
  await act();
  await page.waitForFunction(
    (prev) => {
      const id = document.querySelector('[data-testid="house-last-round"]')?.getAttribute("data-round-id");
      return Boolean(id) && id !== prev;
    },
    previous,
    { timeout },
  );
  const stored = await storedRound<R>(token, (await last.getAttribute("data-round-id"))!);
  const after = await houseBalance(page);
  expect(after).toBe(addAmounts(before, negate(stored.round.bet), stored.round.payout));
  expect(compareAmounts((await houseSession(token)).balance, after)).toBe(0);
  return stored;
}
