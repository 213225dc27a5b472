import { build } from "esbuild";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { SportBet, SportEvent, SportMarket } from "#common/api/sportsbook";
import { cashOutOffer, fairOdds } from "#common/sport/payouts";
import { newPage } from "./support/browser";
import { call, registerPlayer, sandboxDeposit } from "./support/player";

/**
 * The bet slip widget's DOM under live price ticks, in Chromium: a tick that suspends a leg's market, moves its
 * price or brings the "accept new prices" button must change only what it shows, never rebuild the stake field
 * the player is typing in or the Place button a click is aimed at (issue #15: the slip's button was never
 * "stable" to click under load, and a suspension took the stake field's focus). The widget modules are bundled
 * as the sdk is, and drawn into a page of the e2e server's origin, so the slip reads the real event.
 */

const baseUrl = inject("baseUrl");

const ENTRY = `
import { render } from "./dom";
import { betslipWidget } from "./betslip";
import { slip, toggleSelection, setPolicy } from "./slip";
import { state, mergeEvent, setApiBase, onChange } from "./store";
import { setRealtimeBase } from "./live";
window.lsb = { render, betslipWidget, slip, toggleSelection, setPolicy, state, mergeEvent, setApiBase, setRealtimeBase, onChange };
`;

let bundle = "";
beforeAll(async () => {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: "server/providers/odds/widgets", loader: "ts" },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "chrome111",
    write: false,
    logLevel: "silent",
  });
  bundle = out.outputFiles[0]!.text;
});

/** A scheduled event with its main market open: the one starting last (the e2e clock runs fast). */
async function scheduledEvent(): Promise<SportEvent> {
  const res = await fetch(`${baseUrl}/api/sportsbook/events?status=scheduled&limit=50`);
  const body = (await res.json()) as SportEvent[] | { data: SportEvent[] };
  const list = Array.isArray(body) ? body : body.data;
  const found = list
    .filter((e) => e.away && e.markets[0]?.status === "open")
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))[0];
  if (!found) throw new Error("no scheduled event with an open main market");
  return found;
}

/** A page of the server's origin holding only the slip widget, with `event`'s first selection in it. */
async function slipPage(event: SportEvent, token = "a-player"): Promise<Page> {
  const page = await newPage({ width: 420, height: 900 });
  await page.route(`${baseUrl}/__slip-dom`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html><body><div id="slip"></div></body></html>',
    }),
  );
  await page.goto(`${baseUrl}/__slip-dom`);
  await page.addScriptTag({ content: bundle });
  await page.evaluate(
    ({ event, base, token }) => {
      const lsb = (window as unknown as { lsb: Lsb }).lsb;
      lsb.setApiBase(base);
      lsb.setRealtimeBase(base);
      lsb.state.token = token;
      const market = event.markets[0]!;
      lsb.toggleSelection(event, market.id, market.selections[0]!.id);
      lsb.setPolicy("none");
      const root = document.getElementById("slip")!;
      const widget = lsb.betslipWidget();
      const paint = () => lsb.render(root, widget.view());
      (window as unknown as { paint: () => void }).paint = paint;
      lsb.onChange(paint);
      paint();
    },
    { event, base: baseUrl, token },
  );
  return page;
}

interface Lsb {
  render: (root: Element, node: unknown) => void;
  betslipWidget: () => { view: () => unknown };
  slip: { legs: { selectionId: string }[] };
  toggleSelection: (e: SportEvent, marketId: string, selectionId: string) => boolean;
  setPolicy: (p: "none" | "higher" | "any") => void;
  state: { token?: string; events: Map<number, SportEvent> };
  mergeEvent: (e: SportEvent, full: boolean) => void;
  setApiBase: (base: string) => void;
  setRealtimeBase: (base: string) => void;
  onChange: (l: () => void) => void;
}

describe("the bet slip widget under price ticks", () => {
  it("keeps the stake field (focus, value) and the Place button through suspension, a price move and its acceptance", async () => {
    const event = await scheduledEvent();
    const page = await slipPage(event);
    const stake = page.locator("[data-stake]");
    await stake.click();
    await page.keyboard.type("12");
    expect(await stake.inputValue()).toBe("12");

    // Each tick is merged and drawn at once, and what it shows is read in the same task: the server's own
    // updates of the event cannot come in between.
    const seen = await page.evaluate((event) => {
      const lsb = (window as unknown as { lsb: Lsb }).lsb;
      const paint = (window as unknown as { paint: () => void }).paint;
      const root = document.getElementById("slip")!;
      const input = root.querySelector("[data-stake]");
      const place = root.querySelector("[data-place-bet]");
      const current = () => lsb.state.events.get(event.id) ?? event;
      const withMain = (status: SportMarket["status"], factor: number): SportEvent => {
        const e = current();
        const [main, ...rest] = e.markets;
        const moved = {
          ...main!,
          status,
          selections: main!.selections.map((s) => ({ ...s, odds: (Number(s.odds) * factor).toFixed(2) })),
        };
        return { ...e, markets: [moved, ...rest] };
      };
      const look = (step: string) => ({
        step,
        legState: root.querySelector("[data-leg]")?.getAttribute("data-leg-state"),
        sameInput: root.querySelector("[data-stake]") === input,
        focused: document.activeElement === input,
        value: (root.querySelector("[data-stake]") as HTMLInputElement | null)?.value,
        samePlace: root.querySelector("[data-place-bet]") === place,
        accept: root.querySelector("[data-accept-odds]") !== null,
      });
      const steps = [];
      lsb.mergeEvent(withMain("suspended", 1), true);
      paint();
      steps.push(look("suspended"));
      lsb.mergeEvent(withMain("open", 1.25), true);
      paint();
      steps.push(look("moved"));
      (root.querySelector("[data-accept-odds]") as HTMLButtonElement | null)?.click();
      paint();
      steps.push(look("accepted"));
      return steps;
    }, event);

    expect(seen).toEqual([
      {
        step: "suspended",
        legState: "suspended",
        sameInput: true,
        focused: true,
        value: "12",
        samePlace: true,
        accept: false,
      },
      {
        step: "moved",
        legState: "changed",
        sameInput: true,
        focused: true,
        value: "12",
        samePlace: true,
        accept: true,
      },
      {
        step: "accepted",
        legState: "ok",
        sameInput: true,
        focused: true,
        value: "12",
        samePlace: true,
        accept: false,
      },
    ]);
    // The caret stays where the player left it: typing on appends.
    await stake.focus();
    await page.keyboard.type("5");
    expect(await stake.inputValue()).toBe("125");
  });

  it("keeps My bets open when the site mounts the slip again (a phone's sheet closed and opened)", async () => {
    const event = await scheduledEvent();
    const page = await slipPage(event);
    const myBets = page.getByRole("tab", { name: "My bets" });
    await myBets.click();
    await expect.poll(() => myBets.getAttribute("aria-selected")).toBe("true");
    // The site removes the widget and adds it again, as the sheet does when it closes and opens.
    const selected = await page.evaluate(() => {
      const lsb = (window as unknown as { lsb: Lsb }).lsb;
      document.getElementById("slip")!.remove();
      const root = document.createElement("div");
      root.id = "slip-again";
      document.body.appendChild(root);
      lsb.render(root, lsb.betslipWidget().view());
      const tabs = [...root.querySelectorAll('[role="tab"]')];
      return tabs.find((t) => t.textContent === "My bets")?.getAttribute("aria-selected");
    });
    expect(selected).toBe("true");
  });

  it("moves a cash-out offer with the live prices, between two reads of the bets", async () => {
    const event = await scheduledEvent();
    const { token } = await registerPlayer("slip-cash-out");
    await sandboxDeposit(token, "20");
    const start = await call<{ token?: string; data?: { token?: string } }>(
      "/api/game/games/sportsbook/play",
      { body: { real: true, currency: "USD" }, token },
    );
    const sportsToken = (start.token ?? start.data?.token)!;
    const market = event.markets[0]!;
    const picked = market.selections[0]!;
    const placed = await call<{ data: SportBet }>("/api/sportsbook/bets", {
      body: {
        type: "single",
        stake: "10",
        currency: "USD",
        oddsPolicy: "any",
        requestId: `slip-dom-${Date.now()}`,
        selections: [{ selectionId: picked.id, odds: picked.odds }],
      },
      token: sportsToken,
    });
    const bet = placed.data;
    expect(bet.status).toBe("open");
    expect(bet.cashOutMargin).toBeTypeOf("number");

    const page = await slipPage(event, sportsToken);
    await page.getByRole("tab", { name: "My bets" }).click();
    const button = page.locator(`[data-cash-out="${bet.id}"]`);
    await button.waitFor();

    // A tick moves the market (the picked selection's price up by a quarter, the others down), drawn and read in
    // one task: no read of the bets can come in between.
    const seen = await page.evaluate(
      ({ event, betId }) => {
        const lsb = (window as unknown as { lsb: Lsb }).lsb;
        const paint = (window as unknown as { paint: () => void }).paint;
        const e = lsb.state.events.get(event.id) ?? event;
        const [main, ...rest] = e.markets;
        const moved = {
          ...main!,
          status: "open" as const,
          selections: main!.selections.map((s, i) => ({
            ...s,
            odds: (Number(s.odds) * (i === 0 ? 1.25 : 0.9)).toFixed(2),
          })),
        };
        const before = document
          .querySelector(`[data-cash-out="${betId}"]`)
          ?.getAttribute("data-cash-out-amount");
        lsb.mergeEvent({ ...e, markets: [moved, ...rest] }, true);
        paint();
        const after = document
          .querySelector(`[data-cash-out="${betId}"]`)
          ?.getAttribute("data-cash-out-amount");
        return { before, after, prices: moved.selections.map((s) => s.odds) };
      },
      { event, betId: bet.id },
    );
    const expected = cashOutOffer(
      bet,
      [{ status: "open", odds: bet.legs[0]!.odds, fairOdds: fairOdds(seen.prices[0]!, seen.prices) }],
      bet.cashOutMargin!,
    );
    expect(seen.after).toBe(expected);
    expect(seen.after).not.toBe(seen.before);
  });
});
