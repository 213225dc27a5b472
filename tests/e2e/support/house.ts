import type { Page } from "playwright-core";
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
