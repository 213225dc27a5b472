import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { SportEvent } from "#common/api/sportsbook";
import { baseUrl } from "./base";
import { newPage } from "./browser";
import { call } from "./player";

/**
 * The built-in sportsbook's journey steps, shared by the sportsbook journey and the trading one: events from the
 * API, a funded player with the sportsbook token, the event page and the bet slip. Everything waits on what the
 * page or the API says, never on fixed sleeps; a pick that meets a suspended market picks again.
 */

/** The catalogue's football (soccer): 90 minutes, a minute and a half on the e2e clock. */
export const FOOTBALL = 66;
/** How long the page may take to answer a click: a navigation runs the next page's loader on the server. */
export const PAGE = { timeout: 20_000 } as const;

const url = (path: string) => `${baseUrl()}${path}`;

/** Lists and objects may come bare or in `{ data }`. */
export const unwrap = <T>(answer: T | { data: T }): T =>
  answer !== null && typeof answer === "object" && "data" in answer && !Array.isArray(answer)
    ? (answer as { data: T }).data
    : (answer as T);

export const events = async (query: string) =>
  unwrap(await call<SportEvent[] | { data: SportEvent[] }>(`/api/sportsbook/events?${query}`));

/**
 * An event whose main market is open now, waiting for one to exist. Scheduled: the one starting last. Live:
 * the one closest to its end (it settles soonest), or with `lasting` the one with most of its match still to
 * play (a cash-out needs time); `sportId` and `before` (minutes played) narrow the choice.
 */
export async function openEvent(
  status: "live" | "scheduled",
  not: number[] = [],
  { lasting = false, sportId, before }: { lasting?: boolean; sportId?: number; before?: number } = {},
): Promise<SportEvent> {
  let found: SportEvent | undefined;
  const sign = lasting ? -1 : 1;
  // On the fast clock a match due in a minute starts within a second: a prematch pick takes the latest.
  const order =
    status === "scheduled"
      ? (a: SportEvent, b: SportEvent) => Date.parse(b.startsAt) - Date.parse(a.startsAt)
      : (a: SportEvent, b: SportEvent) => sign * ((b.live?.elapsed ?? 0) - (a.live?.elapsed ?? 0));
  // On the fast clock a quick match of a random main sport starts every few seconds, so a fresh live match of one
  // sport may not come for minutes (CI once saw no football start in 120 s). The quick matches are announced
  // minutes ahead: wait at least until the next of that sport has started.
  let timeout = 120_000;
  if (status === "live" && sportId !== undefined) {
    const next = (await events(`status=scheduled&sportId=${sportId}&limit=20`)).find(
      (e) => Date.parse(e.startsAt) > Date.now(),
    );
    if (next) timeout = Math.max(timeout, Date.parse(next.startsAt) - Date.now() + 30_000);
  }
  let seen = "";
  await expect
    .poll(
      async () => {
        const all = await events(`status=${status}&limit=200`);
        // What the last look saw, for a failure to name: sport, minutes played and main market of each.
        seen = all
          .map((e) => `${e.id}/${e.sportId}@${e.live?.elapsed ?? "-"}:${e.markets[0]?.status ?? "none"}`)
          .join(" ");
        const list = all
          .filter((e) => !not.includes(e.id) && e.away && e.markets[0]?.status === "open")
          .filter((e) => sportId === undefined || e.sportId === sportId)
          .filter((e) => before === undefined || (e.live?.elapsed ?? 0) < before)
          .sort(order);
        found = list[0];
        return Boolean(found);
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true)
    .catch((err: unknown) => {
      throw new Error(
        `no ${status} event fit for ${Math.round(timeout / 1000)} s; last seen (id/sport@minute:market): ${seen}`,
        {
          cause: err,
        },
      );
    });
  return found!;
}

export async function registerPlayer(
  deposit: string,
): Promise<{ token: string; sportsToken: () => Promise<string> }> {
  const email = `sports-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "harbor-lights-7";
  const { accessToken: token } = await call<{ accessToken: string }>("/api/player/register", {
    body: { email, password, password_confirmation: password, agreements: true, currency: "USD" },
  });
  await call("/api/wallet/accounts", { body: { currency: "USD" }, token });
  const invoice = await call<{ data: { publicData: { checkoutUrl: string } } }>(
    "/api/payment/invoices/deposit",
    {
      body: {
        method: "sandbox.deposit.card",
        currency: "USD",
        amount: deposit,
        customerFields: { firstName: "Ada", lastName: "Lovelace" },
      },
      token,
    },
  );
  const checkout = new URL(invoice.data.publicData.checkoutUrl);
  const approved = await fetch(url(`${checkout.pathname}/approve`), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  if (approved.status !== 303) throw new Error(`sandbox approve answered ${approved.status}`);
  // The sportsbook's own token, as the site gets it (the start-game call of the sportsbook game).
  const sportsToken = async () => {
    const a = await call<{ token?: string; data?: { token?: string } }>("/api/game/games/sportsbook/play", {
      body: { real: true, currency: "USD" },
      token,
    });
    const t = a.token ?? a.data?.token;
    if (!t) throw new Error("the sportsbook start-game call gave no token");
    return t;
  };
  return { token, sportsToken };
}

export async function visitorPage(width: number, token?: string): Promise<Page> {
  const mobile = width < 600;
  const page = await newPage({ width, height: mobile ? 844 : 800, isMobile: mobile });
  if (token) await page.context().addCookies([{ name: "access_token", value: token, url: baseUrl() }]);
  await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
  return page;
}

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.locator('[data-sport-widget="page"][data-ready="true"]').waitFor();
}

/** The bet slip: the right column on a desktop, the bottom sheet (opened by its floating button) on a phone. */
export async function slip(page: Page, width: number): Promise<Locator> {
  if (width >= 1024) return page.locator('aside [data-lsb-widget="betslip"]');
  const sheet = page.getByTestId("betslip-sheet");
  if (!(await sheet.isVisible())) await page.getByTestId("betslip-button").click();
  await sheet.locator('[data-lsb-widget="betslip"]').waitFor();
  return sheet.locator('[data-lsb-widget="betslip"]');
}

export async function closeSlip(page: Page, width: number) {
  if (width < 1024 && (await page.getByTestId("betslip-sheet").isVisible()))
    await page.keyboard.press("Escape");
}

/**
 * Picks the first open odd of the event page's first open market that the slip does not hold yet; answers the
 * selection id. A live page redraws its odds all the time: the odd is followed by its selection id (a `.first()`
 * locator can land on another button after a redraw), and a click a redraw swallowed is made again, only once
 * the first has had time to show (a second click on a picked odd would take it out again).
 */
export async function pickOnEventPage(page: Page, eventId: number): Promise<string> {
  await open(page, `/sport/event/${eventId}`);
  const first = page
    .locator(
      `[data-lsb-widget="page"] [data-market-status="open"] button.lsb-odd:not([disabled]):not([aria-pressed="true"])`,
    )
    .first();
  await first.waitFor();
  const id = (await first.getAttribute("data-selection"))!;
  const odd = page.locator(`[data-lsb-widget="page"] button.lsb-odd[data-selection="${id}"]`).first();
  for (let tries = 1; ; tries++) {
    await odd.click(PAGE);
    try {
      await expect.poll(() => odd.getAttribute("aria-pressed"), { timeout: 10_000 }).toBe("true");
      return id;
    } catch (err) {
      if (tries === 3) throw err;
    }
  }
}

/**
 * Places what the slip holds. A refused pick (its market suspended, its event over) is taken out and
 * `repick` adds another; a price that moved is accepted. Answers once the slip says the bet was accepted.
 */
export async function place(
  page: Page,
  width: number,
  fillStakes: (s: Locator) => Promise<void>,
  repick: () => Promise<void>,
) {
  const dropGone = async (box: Locator, states = ["suspended", "closed"]) => {
    const gone = box.locator(states.map((st) => `[data-leg-state="${st}"] .lsb-leg__x`).join(", "));
    // A live leg can come back (its market reopened) or be redrawn between the count and the click, so each
    // click is short and tolerated, and the legs are counted again after each try.
    let dropped = 0;
    for (let tries = 0; tries < 6 && (await gone.count()) > 0; tries++) {
      const clicked = await gone
        .first()
        .click({ timeout: 3_000 })
        .then(
          () => true,
          () => false,
        );
      if (clicked) dropped++;
    }
    return dropped;
  };
  const outcomes: string[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    const box = await slip(page, width);
    // A pick whose market closed while we were picking (a match that kicked off) blocks the button: pick again.
    if ((await dropGone(box, ["closed"])) > 0) {
      await closeSlip(page, width);
      await repick();
      continue;
    }
    await fillStakes(box);
    const button = box.locator("[data-place-bet]");
    // The button is enabled once the slip can be placed; a leg suspended meanwhile keeps it off.
    const ready = await expect
      .poll(() => button.isEnabled(), PAGE)
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (!ready) {
      outcomes.push("button stayed disabled");
      continue;
    }
    await button.click();
    const result = box.locator("[data-slip-result]");
    // Anything but "pending" (a live bet waiting out its delay) is the slip's last word on this attempt.
    await expect
      .poll(
        async () => ((await result.count()) > 0 ? await result.first().getAttribute("data-slip-result") : ""),
        {
          timeout: 60_000,
        },
      )
      .toMatch(/^(?!pending$).+/);
    const outcome = await result.first().getAttribute("data-slip-result");
    if (outcome === "accepted") return;
    outcomes.push(`${outcome}: ${await result.first().textContent()}`);
    const accept = box.locator("[data-accept-odds]");
    if (await accept.isVisible()) await accept.click();
    if ((await dropGone(box)) > 0) {
      await closeSlip(page, width);
      await repick();
    }
  }
  throw new Error(`the slip never got a bet accepted: ${outcomes.join("; ")}`);
}
