import type { OddsPolicy, SportBet } from "#common/api/sportsbook";
import { type CashOutLeg, cashOutOffer, fairOdds } from "#common/sport/payouts";
import { SPORTSBOOK_EVENTS } from "#common/sportsbook-widgets";
import { SportsbookApiError } from "./api";
import { h, type VNode } from "./dom";
import { eventWatcher } from "./live";
import type { Widget } from "./page";
import { REFUSALS } from "./refusals";
import {
  acceptPrices,
  blocker,
  clearSlip,
  combinations,
  legState,
  placeSlip,
  removeLeg,
  type SlipTab,
  setPolicy,
  setStake,
  setSystemSize,
  setTab,
  slip,
  totals,
} from "./slip";
import { api, changed, eventResource, resource, selectionInMarket, state } from "./store";
import { formatKickoff, formatMoney, formatOdds } from "./texts";
import { lockIcon } from "./ui";

const money = (n: number | string) =>
  formatMoney(state.culture, typeof n === "number" ? n.toFixed(2) : n, state.currency);
const QUICK_STAKES = ["5", "10", "25", "50"];

/**
 * Which of the slip's two tabs is open. Kept for the page, not per mounted widget: the site may mount the slip
 * again (a phone's sheet closed and opened, a frame re-rendered) and the player's "My bets" must stay open
 * (issue #15: the slip went back to "Bet slip" while the player followed a cash-out).
 */
export const slipPanel = { tab: "slip" as "slip" | "bets" };

/** The bet slip: single / combo / system, stakes, the odds-change policy, and what the API said. */
export function betslipWidget(): Widget {
  const watch = eventWatcher();
  return {
    view() {
      // The legs' events, and those of the open bets "My bets" shows, followed in full: a suspended market or
      // a moved price shows on the slip at once, and a cash-out offer follows the live prices.
      const ids = new Set(slip.legs.map((l) => l.eventId));
      const body = slipPanel.tab === "bets" && state.token ? myBetsView(ids) : slipView();
      watch([...ids]);
      for (const id of ids) eventResource(id);
      return h(
        "div",
        { class: "lsb-slip", "data-phase": slip.phase },
        h(
          "div",
          { class: "lsb-slip__tabs", role: "tablist" },
          h(
            "button",
            {
              type: "button",
              role: "tab",
              class: `lsb-slip__tab${slipPanel.tab === "slip" ? " is-active" : ""}`,
              "aria-selected": String(slipPanel.tab === "slip"),
              onclick: () => {
                slipPanel.tab = "slip";
                changed();
              },
            },
            state.t("betslip"),
            slip.legs.length ? h("span", { class: "lsb-count" }, String(slip.legs.length)) : null,
          ),
          state.token
            ? h(
                "button",
                {
                  type: "button",
                  role: "tab",
                  class: `lsb-slip__tab${slipPanel.tab === "bets" ? " is-active" : ""}`,
                  "aria-selected": String(slipPanel.tab === "bets"),
                  onclick: () => {
                    slipPanel.tab = "bets";
                    changed();
                  },
                },
                state.t("myBets"),
              )
            : null,
        ),
        body,
      );
    },
    update() {},
    destroy() {
      watch([]);
    },
  };
}

function slipView(): VNode {
  const t = state.t;
  if (slip.legs.length === 0)
    return h(
      "div",
      { class: "lsb-slip__empty" },
      slip.phase === "done" && slip.message
        ? h(
            "div",
            { class: "lsb-note lsb-note--ok", role: "status", "data-slip-result": "accepted" },
            slip.message,
          )
        : null,
      h("div", { class: "lsb-slip__ticket", "aria-hidden": "true" }, ticketIcon()),
      h("p", null, t("emptySlip")),
    );
  const kinds: SlipTab[] = ["single", "combo", "system"];
  const sum = totals();
  const blocked = blocker();
  const busy = slip.phase === "placing" || slip.phase === "pending";
  // A moved price asks the player only when their policy would refuse it: any move under "none", a lower
  // price under "higher".
  const showAccept = slip.legs.some((l) => {
    const now = legState(l);
    if (now.state !== "changed" || slip.policy === "any") return false;
    return slip.policy === "none" || Number(now.odds) < Number(l.odds);
  });
  return h(
    "div",
    { class: "lsb-slip__body" },
    h(
      "div",
      { class: "lsb-seg", role: "tablist" },
      kinds.map((k) =>
        h(
          "button",
          {
            key: k,
            type: "button",
            role: "tab",
            class: `lsb-seg__btn${slip.tab === k ? " is-active" : ""}`,
            "aria-selected": String(slip.tab === k),
            "data-slip-tab": k,
            disabled:
              busy || (k === "combo" && slip.legs.length < 2) || (k === "system" && slip.legs.length < 3),
            onclick: () => setTab(k),
          },
          t(k),
        ),
      ),
    ),
    h(
      "ul",
      { class: "lsb-legs" },
      slip.legs.map((l) => {
        const now = legState(l);
        return h(
          "li",
          {
            key: l.selectionId,
            class: `lsb-leg is-${now.state}`,
            "data-leg": l.selectionId,
            "data-leg-state": now.state,
          },
          h(
            "div",
            { class: "lsb-leg__top" },
            h("span", { class: "lsb-leg__pick" }, l.selectionName),
            h(
              "span",
              { class: "lsb-leg__odds" },
              now.state === "suspended" || now.state === "closed"
                ? lockIcon()
                : now.state === "changed"
                  ? [
                      h("s", { class: "lsb-muted" }, formatOdds(state.culture, l.odds)),
                      " ",
                      h(
                        "b",
                        { class: Number(now.odds) > Number(l.odds) ? "lsb-up" : "lsb-down" },
                        formatOdds(state.culture, now.odds),
                      ),
                    ]
                  : formatOdds(state.culture, l.odds),
            ),
            h(
              "button",
              {
                type: "button",
                class: "lsb-leg__x",
                "aria-label": t("remove"),
                disabled: busy,
                onclick: () => removeLeg(l.selectionId),
              },
              "×",
            ),
          ),
          h("div", { class: "lsb-leg__market" }, l.marketName),
          h("div", { class: "lsb-leg__event" }, l.eventName),
          now.state === "suspended" || now.state === "closed"
            ? h("div", { class: "lsb-leg__warn" }, t("marketSuspended"))
            : null,
          slip.tab === "single" ? stakeInput(l.selectionId, busy) : null,
        );
      }),
    ),
    slip.tab === "system"
      ? h(
          "label",
          { class: "lsb-field" },
          h("span", null, t("system")),
          h(
            "select",
            {
              class: "lsb-select",
              disabled: busy,
              onchange: (e: Event) => setSystemSize(Number((e.target as HTMLSelectElement).value)),
            },
            Array.from({ length: Math.max(0, slip.legs.length - 2) }, (_, i) => i + 2).map((k) =>
              h(
                "option",
                { key: k, value: String(k), selected: slip.systemSize === k },
                `${t("systemOf", { k, n: slip.legs.length })} · ${t("combinations", { n: combinations(slip.legs.length, k) })}`,
              ),
            ),
          ),
        )
      : null,
    slip.tab !== "single" ? stakeInput(slip.tab, busy) : null,
    h(
      "label",
      { class: "lsb-field lsb-field--row" },
      h("span", null, t("oddsPolicy")),
      h(
        "select",
        {
          class: "lsb-select",
          "data-odds-policy": "",
          disabled: busy,
          onchange: (e: Event) => setPolicy((e.target as HTMLSelectElement).value as OddsPolicy),
        },
        (["none", "higher", "any"] as const).map((p) =>
          h(
            "option",
            { key: p, value: p, selected: slip.policy === p },
            t(p === "none" ? "policyNone" : p === "higher" ? "policyHigher" : "policyAny"),
          ),
        ),
      ),
    ),
    h(
      "dl",
      { class: "lsb-sum" },
      sum.odds !== undefined
        ? [
            h("dt", null, t("totalOdds")),
            h("dd", { "data-total-odds": "" }, formatOdds(state.culture, sum.odds.toFixed(2))),
          ]
        : null,
      h("dt", null, t("totalStake")),
      h("dd", null, money(sum.stake)),
      h("dt", null, t("potentialWin")),
      h("dd", { class: "lsb-sum__win" }, money(sum.win)),
    ),
    slip.phase === "pending"
      ? h(
          "div",
          { class: "lsb-note", role: "status", "data-slip-result": "pending" },
          h("span", { class: "lsb-spinner" }),
          t("pending"),
        )
      : null,
    slip.phase === "error" && slip.message
      ? h(
          "div",
          { class: "lsb-note lsb-note--bad", role: "alert", "data-slip-result": slip.refusal ?? "error" },
          slip.message,
        )
      : null,
    showAccept
      ? h(
          "button",
          {
            type: "button",
            class: "lsb-btn lsb-btn--warn",
            "data-accept-odds": "",
            onclick: () => acceptPrices(),
          },
          t("oddsChanged"),
        )
      : null,
    state.token
      ? h(
          "button",
          {
            type: "button",
            class: "lsb-btn lsb-btn--primary",
            "data-place-bet": "",
            disabled:
              busy ||
              !!blocked ||
              sum.bets === 0 ||
              (showAccept && slip.policy === "none") ||
              (slip.refusal === REFUSALS.marketSuspended && !!blocked),
            onclick: () => void placeSlip(),
          },
          slip.phase === "placing"
            ? t("placing")
            : sum.bets > 1
              ? t("placeBets", { n: sum.bets })
              : t("placeBet"),
        )
      : h(
          "button",
          {
            type: "button",
            class: "lsb-btn lsb-btn--primary",
            "data-sign-in": "",
            onclick: () => window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.loginRequest)),
          },
          t("signInToBet"),
        ),
    blocked && slip.legs.length ? h("p", { class: "lsb-muted lsb-small" }, blocked) : null,
    h(
      "button",
      { type: "button", class: "lsb-link lsb-slip__clear", disabled: busy, onclick: () => clearSlip() },
      t("clearAll"),
    ),
  );
}

function stakeInput(key: string, busy: boolean): VNode {
  const value = slip.stakes[key] ?? "";
  return h(
    "div",
    { class: "lsb-stake" },
    h(
      "label",
      { class: "lsb-stake__box" },
      h("span", { class: "lsb-stake__label" }, `${state.t("stake")}, ${state.currency}`),
      h("input", {
        class: "lsb-stake__input",
        inputmode: "decimal",
        autocomplete: "off",
        placeholder: "0.00",
        "data-stake": key,
        value,
        disabled: busy,
        oninput: (e: Event) => setStake(key, (e.target as HTMLInputElement).value),
      }),
    ),
    h(
      "div",
      { class: "lsb-quick" },
      QUICK_STAKES.map((q) =>
        h(
          "button",
          {
            key: q,
            type: "button",
            class: "lsb-quick__btn",
            disabled: busy,
            onclick: () => setStake(key, String(Number(value || 0) + Number(q))),
          },
          `+${q}`,
        ),
      ),
    ),
  );
}

// ---- my bets

let betsTab: "open" | "settled" = "open";
const cashOutState = new Map<string, { confirming?: boolean; busy?: boolean; message?: string }>();

/** The open bets' events whose prices their cash-out offers follow: added to `follow`. */
function myBetsView(follow: Set<number>): VNode {
  const t = state.t;
  // Kept current by the player's channel (applyBet, from the site's realtime), not by polling; read again after
  // the site's connection was down (betsMissed) and, as a backstop, when five minutes old.
  const r = resource(`bets:${betsTab}:${state.token?.slice(-12)}`, () => api.bets(betsTab), 300_000);
  const bets = r.data ?? [];
  for (const bet of bets)
    if (bet.status === "open" && bet.cashOutMargin !== undefined)
      for (const l of bet.legs) if (l.status === "open") follow.add(l.eventId);
  return h(
    "div",
    { class: "lsb-mybets" },
    h(
      "div",
      { class: "lsb-seg" },
      (["open", "settled"] as const).map((k) =>
        h(
          "button",
          {
            key: k,
            type: "button",
            class: `lsb-seg__btn${betsTab === k ? " is-active" : ""}`,
            "data-bets-tab": k,
            onclick: () => {
              betsTab = k;
              changed();
            },
          },
          t(k),
        ),
      ),
    ),
    r.data === undefined && r.loading
      ? h(
          "div",
          { class: "lsb-skeleton" },
          h("div", { class: "lsb-skeleton__row" }),
          h("div", { class: "lsb-skeleton__row" }),
        )
      : r.data === undefined && r.error
        ? h("div", { class: "lsb-empty", role: "alert" }, t("loadFailed"))
        : bets.length === 0
          ? h("div", { class: "lsb-empty" }, t(betsTab === "open" ? "noOpenBets" : "noSettledBets"))
          : h("ul", { class: "lsb-bets" }, bets.map(betCard)),
  );
}

/** A bet of "my bets": its legs, stake, what it pays, and the cash-out offer while there is one. */
export function betCard(bet: SportBet): VNode {
  const t = state.t;
  const co = cashOutState.get(bet.id) ?? {};
  const offer = bet.status === "open" ? liveCashOut(bet) : null;
  const currency = bet.currency;
  const m = (a: string) => formatMoney(state.culture, a, currency);
  return h(
    "li",
    { key: bet.id, class: `lsb-bet is-${bet.status}`, "data-bet": bet.id, "data-bet-status": bet.status },
    h(
      "div",
      { class: "lsb-bet__head" },
      h(
        "span",
        { class: "lsb-bet__type" },
        bet.type === "system" && bet.systemSize
          ? `${t("system")} ${bet.systemSize}/${bet.legs.length}`
          : t(bet.type),
      ),
      h(
        "span",
        { class: `lsb-status lsb-status--${bet.status}` },
        t(`status_${bet.status}` as Parameters<typeof t>[0]),
      ),
    ),
    h(
      "ul",
      { class: "lsb-bet__legs" },
      bet.legs.map((l) =>
        h(
          "li",
          { key: l.selectionId, class: `lsb-bet__leg is-${l.status}` },
          h(
            "div",
            { class: "lsb-bet__pick" },
            h("span", null, l.selectionName),
            h("b", null, formatOdds(state.culture, l.odds)),
          ),
          h(
            "div",
            { class: "lsb-muted lsb-small" },
            `${l.eventName} · ${l.marketName}`,
            l.live ? ` · ${l.live.clock} ${l.live.score[0]}:${l.live.score[1]}` : "",
          ),
        ),
      ),
    ),
    h(
      "dl",
      { class: "lsb-sum lsb-sum--bet" },
      h("dt", null, t("stake")),
      h("dd", null, m(bet.stake)),
      h("dt", null, bet.payout !== null ? t("payout") : t("potentialWin")),
      h("dd", { class: "lsb-sum__win" }, m(bet.payout ?? bet.potentialPayout)),
    ),
    h("div", { class: "lsb-muted lsb-small" }, formatKickoff(state.culture, bet.placedAt, t)),
    offer
      ? h(
          "button",
          {
            type: "button",
            class: `lsb-btn ${co.confirming ? "lsb-btn--warn" : "lsb-btn--ghost"}`,
            "data-cash-out": bet.id,
            "data-cash-out-amount": offer,
            "data-confirming": co.confirming ? "true" : "false",
            disabled: co.busy,
            onclick: () => void cashOut(bet, offer),
          },
          co.confirming ? t("cashOutConfirm", { amount: m(offer) }) : t("cashOut", { amount: m(offer) }),
        )
      : null,
    co.message ? h("p", { class: "lsb-note lsb-note--bad", role: "alert" }, co.message) : null,
  );
}

/**
 * What cashing `bet` out pays at the prices the store holds now: the server's formula (common/sport/payouts.ts)
 * on the live odds of its legs' markets, so the offer moves with every tick instead of with the list's next read.
 * The server's own offer while a leg's event is not held yet; none while a leg's market is not open.
 */
export function liveCashOut(bet: SportBet): string | null {
  const margin = bet.cashOutMargin;
  if (bet.status !== "open" || margin === undefined) return bet.cashOut;
  const legs: CashOutLeg[] = [];
  for (const l of bet.legs) {
    if (l.status !== "open") {
      legs.push({ status: l.status, odds: l.odds });
      continue;
    }
    const now = selectionInMarket(l.eventId, l.selectionId);
    if (!now) return bet.cashOut;
    const open =
      now.market.status === "open" && (now.event.status === "scheduled" || now.event.status === "live");
    if (!open) return null;
    legs.push({
      status: "open",
      odds: l.odds,
      fairOdds: fairOdds(
        now.odds,
        now.market.selections.map((s) => s.odds),
      ),
    });
  }
  try {
    return cashOutOffer(bet, legs, margin);
  } catch {
    return bet.cashOut;
  }
}

async function cashOut(bet: SportBet, offer: string): Promise<void> {
  const co = cashOutState.get(bet.id) ?? {};
  // Two presses: the first shows the amount to confirm, the second takes it.
  if (!co.confirming) {
    cashOutState.set(bet.id, { confirming: true });
    changed();
    return;
  }
  cashOutState.set(bet.id, { busy: true, confirming: true });
  changed();
  try {
    await api.cashOut(bet.id, offer);
    cashOutState.delete(bet.id);
    window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.balance));
  } catch (err) {
    const code = err instanceof SportsbookApiError ? err.code : "";
    // A lower offer now: the button stays at "Confirm", showing the new offer once the list is fetched again,
    // so one press takes it.
    cashOutState.set(
      bet.id,
      code === REFUSALS.cashOutChanged
        ? { confirming: true, message: state.t("cashOutChanged") }
        : { message: state.t("cashOutUnavailable") },
    );
  }
  // The lists again: the bet moved to settled, or its offer changed.
  for (const key of [...state.cache.keys()]) if (key.startsWith("bets:")) state.cache.delete(key);
  changed();
}

/** The stand-alone "my bets" widget (the site's bets pages can mount it without the slip). */
export function myBetsWidget(): Widget {
  const watch = eventWatcher();
  return {
    view() {
      const ids = new Set<number>();
      const body = myBetsView(ids);
      watch([...ids]);
      for (const id of ids) eventResource(id);
      return h("div", { class: "lsb-slip" }, body);
    },
    update() {},
    destroy() {
      watch([]);
    },
  };
}

function ticketIcon(): VNode {
  return h(
    "svg",
    {
      viewBox: "0 0 24 24",
      width: "24",
      height: "24",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": "2",
    },
    h("path", { d: "M4 5h16v4a3 3 0 0 0 0 6v4H4v-4a3 3 0 0 0 0-6z" }),
    h("path", { d: "M9 9h6M9 13h6", "stroke-linecap": "round" }),
  );
}
