import type { OddsPolicy, SportBet, SportEvent } from "#common/api/sportsbook";
import { SPORTSBOOK_EVENTS } from "#common/sportsbook-widgets";
import { SportsbookApiError } from "./api";
import { REFUSALS } from "./refusals";
import { api, betsDecided, changed, currentSelection, eventName, mergeEvent, state } from "./store";
import { isTextKey } from "./texts";

/**
 * The bet slip: the player's picks (kept in localStorage, so the slip follows them across pages and visits),
 * the stakes, and the placement with the refusals of common/api/sportsbook.ts explained.
 */

export interface SlipLeg {
  selectionId: string;
  eventId: number;
  champId: number;
  sportId: number;
  eventName: string;
  championshipName: string;
  marketName: string;
  selectionName: string;
  /** The price the player accepted; compared with the current one before placing. */
  odds: string;
}

export type SlipTab = "single" | "combo" | "system";
export type SlipPhase = "idle" | "placing" | "pending" | "done" | "error";

export const slip = {
  legs: [] as SlipLeg[],
  tab: "single" as SlipTab,
  /** Single: a stake per selection id; combo and system: one stake under the tab's name. */
  stakes: {} as Record<string, string>,
  systemSize: 2,
  policy: "none" as OddsPolicy,
  phase: "idle" as SlipPhase,
  message: undefined as string | undefined,
  /** A refusal the player can act on: prices to accept, a suspended market to remove. */
  refusal: undefined as string | undefined,
};

const STORE_KEY = "lsb:slip";

export function loadSlip(): void {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? "null") as Partial<typeof slip> | null;
    if (!saved) return;
    slip.legs = Array.isArray(saved.legs) ? saved.legs : [];
    if (saved.tab) slip.tab = saved.tab;
    if (saved.policy) slip.policy = saved.policy;
  } catch {
    // A broken saved slip starts empty.
  }
  announceCount();
}

function save() {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ legs: slip.legs, tab: slip.tab, policy: slip.policy }));
  } catch {
    // Private mode: the slip still works for this page.
  }
}

function announceCount() {
  window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.betslip, { detail: { count: slip.legs.length } }));
}

function touched() {
  save();
  announceCount();
  changed();
}

export const inSlip = (selectionId: string) => slip.legs.some((l) => l.selectionId === selectionId);

/** Adds a pick, or takes it out when it is already in; answers whether it is in now. */
export function toggleSelection(event: SportEvent, marketId: string, selectionId: string): boolean {
  if (inSlip(selectionId)) {
    removeLeg(selectionId);
    return false;
  }
  const market = event.markets.find((m) => m.id === marketId);
  const selection = market?.selections.find((s) => s.id === selectionId);
  if (!market || !selection) return false;
  slip.legs = [
    ...slip.legs,
    {
      selectionId,
      eventId: event.id,
      champId: event.championshipId,
      sportId: event.sportId,
      eventName: eventName(event),
      championshipName: event.championshipName,
      marketName: market.name,
      selectionName: selection.name,
      odds: selection.odds,
    },
  ];
  // Two picks of different events suggest a combo; picks of one event stay singles.
  if (slip.legs.length === 2 && slip.tab === "single" && new Set(slip.legs.map((l) => l.eventId)).size === 2)
    slip.tab = "combo";
  resetOutcome();
  touched();
  return true;
}

export function removeLeg(selectionId: string): void {
  slip.legs = slip.legs.filter((l) => l.selectionId !== selectionId);
  delete slip.stakes[selectionId];
  if (slip.legs.length < 2 && slip.tab !== "single") slip.tab = "single";
  resetOutcome();
  touched();
}

export function clearSlip(): void {
  slip.legs = [];
  slip.stakes = {};
  resetOutcome();
  touched();
}

export function setTab(tab: SlipTab): void {
  slip.tab = tab;
  if (tab === "system")
    slip.systemSize = Math.min(Math.max(2, slip.systemSize), Math.max(2, slip.legs.length - 1));
  resetOutcome();
  touched();
}

export function setStake(key: string, value: string): void {
  // Digits and one decimal point, two places: what a stake can be.
  const clean = value
    .replace(",", ".")
    .replace(/[^\d.]/g, "")
    .replace(/(\..*)\./g, "$1");
  const [whole = "", frac] = clean.split(".");
  slip.stakes[key] = frac === undefined ? whole : `${whole}.${frac.slice(0, 2)}`;
  if (slip.phase === "error" || slip.phase === "done") resetOutcome();
  changed();
}

export function setPolicy(policy: OddsPolicy): void {
  slip.policy = policy;
  touched();
}

export function setSystemSize(size: number): void {
  slip.systemSize = size;
  changed();
}

function resetOutcome() {
  if (slip.phase === "placing" || slip.phase === "pending") return;
  slip.phase = "idle";
  slip.message = undefined;
  slip.refusal = undefined;
}

export type LegState = "ok" | "changed" | "suspended" | "closed";

/** A leg against the event's current state. */
export function legState(leg: SlipLeg): { state: LegState; odds: string } {
  const now = currentSelection(leg.eventId, leg.selectionId);
  if (!now) return { state: "ok", odds: leg.odds };
  if (now.eventStatus === "ended" || now.eventStatus === "cancelled" || now.status === "closed")
    return { state: "closed", odds: now.odds };
  if (now.status === "suspended") return { state: "suspended", odds: now.odds };
  return { state: now.odds === leg.odds ? "ok" : "changed", odds: now.odds };
}

/** Takes the current prices as the ones the player accepts. */
export function acceptPrices(): void {
  slip.legs = slip.legs.map((l) => ({ ...l, odds: legState(l).odds }));
  resetOutcome();
  slip.phase = "idle";
  touched();
}

export const combinations = (n: number, k: number): number => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
};

/** What the slip shows under the stakes: the total stake, the combo's odds, the most it can pay. */
export function totals(): { stake: number; odds?: number; win: number; bets: number } {
  const stakeOf = (k: string) => Number(slip.stakes[k] || 0);
  if (slip.tab === "single") {
    let stake = 0;
    let win = 0;
    let bets = 0;
    for (const l of slip.legs) {
      const s = stakeOf(l.selectionId);
      if (s > 0) bets++;
      stake += s;
      win += s * Number(l.odds);
    }
    return { stake, win, bets };
  }
  const stake = stakeOf(slip.tab);
  if (slip.tab === "combo") {
    const odds = slip.legs.reduce((p, l) => p * Number(l.odds), 1);
    return { stake, odds, win: stake * odds, bets: stake > 0 ? 1 : 0 };
  }
  // System: the stake is shared by every combination; the most it pays is every combination winning.
  const n = slip.legs.length;
  const k = slip.systemSize;
  const count = combinations(n, k);
  let sum = 0;
  const pick = (start: number, left: number, product: number) => {
    if (left === 0) {
      sum += product;
      return;
    }
    for (let i = start; i <= n - left; i++) pick(i + 1, left - 1, product * Number(slip.legs[i]?.odds ?? 1));
  };
  pick(0, k, 1);
  return { stake, win: count ? (stake / count) * sum : 0, bets: stake > 0 ? 1 : 0 };
}

/** Why the slip cannot be placed as it stands, or undefined. */
export function blocker(): string | undefined {
  const t = state.t;
  if (slip.legs.length === 0) return t("emptySlip");
  if (slip.tab === "combo" || slip.tab === "system") {
    if (slip.legs.length < (slip.tab === "combo" ? 2 : 3))
      return slip.tab === "combo" ? t("needTwo") : t("needThree");
    if (new Set(slip.legs.map((l) => l.eventId)).size !== slip.legs.length) return t("sameEvent");
  }
  if (slip.legs.some((l) => legState(l).state !== "ok" && legState(l).state !== "changed"))
    return t("marketSuspended");
  return undefined;
}

const requestId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Refreshes the legs' events after a refusal, so changed prices and suspended markets show. */
async function refreshLegs(): Promise<void> {
  const ids = [...new Set(slip.legs.map((l) => l.eventId))];
  await Promise.all(
    ids.map((id) =>
      api.event(id).then(
        (e) => mergeEvent(e, true),
        () => undefined,
      ),
    ),
  );
}

function explain(err: unknown): string {
  const t = state.t;
  if (err instanceof SportsbookApiError) {
    if (err.status === 401) return t("sessionExpired");
    const key = `refusal_${err.code}`;
    if (isTextKey(key)) return t(key);
    return err.message || t("refusal_unknown");
  }
  return t("refusal_unknown");
}

export async function placeSlip(): Promise<void> {
  if (slip.phase === "placing" || slip.phase === "pending") return;
  if (!state.token) {
    window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.loginRequest));
    return;
  }
  if (blocker()) return;
  const changedLegs = slip.legs.filter((l) => legState(l).state === "changed");
  if (changedLegs.length && slip.policy === "none") {
    slip.refusal = REFUSALS.oddsChanged;
    slip.phase = "error";
    slip.message = state.t("refusal_odds_changed");
    changed();
    return;
  }
  const bodies =
    slip.tab === "single"
      ? slip.legs
          .filter((l) => Number(slip.stakes[l.selectionId] || 0) > 0)
          .map((l) => ({
            type: "single" as const,
            stake: slip.stakes[l.selectionId] as string,
            selections: [{ selectionId: l.selectionId, odds: l.odds }],
          }))
      : Number(slip.stakes[slip.tab] || 0) > 0
        ? [
            {
              type: slip.tab,
              ...(slip.tab === "system" ? { systemSize: slip.systemSize } : {}),
              stake: slip.stakes[slip.tab] as string,
              selections: slip.legs.map((l) => ({ selectionId: l.selectionId, odds: l.odds })),
            },
          ]
        : [];
  if (bodies.length === 0) return;
  slip.phase = "placing";
  slip.message = undefined;
  slip.refusal = undefined;
  changed();
  const placed: SportBet[] = [];
  try {
    for (const body of bodies)
      placed.push(
        await api.placeBet({
          ...body,
          currency: state.currency,
          oddsPolicy: slip.policy,
          requestId: requestId(),
        }),
      );
  } catch (err) {
    if (placed.length) announcePlaced(placed);
    slip.phase = "error";
    slip.refusal = err instanceof SportsbookApiError ? err.code : undefined;
    slip.message = explain(err);
    if (err instanceof SportsbookApiError && err.status === 401)
      window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.loginRequest));
    if (slip.refusal === REFUSALS.oddsChanged || slip.refusal === REFUSALS.marketSuspended) {
      await refreshLegs();
      if (slip.refusal === REFUSALS.oddsChanged) slip.message = state.t("refusal_odds_changed");
    }
    changed();
    return;
  }
  announcePlaced(placed);
  const waiting = placed.filter((b) => b.status === "pending");
  if (waiting.length === 0) return finish(placed);
  slip.phase = "pending";
  changed();
  finish(await waitOutDelay(placed));
}

function announcePlaced(bets: SportBet[]) {
  window.dispatchEvent(
    new CustomEvent(SPORTSBOOK_EVENTS.betPlaced, {
      detail: {
        betIds: bets.map((b) => b.id),
        status: bets.some((b) => b.status === "pending") ? "pending" : "open",
      },
    }),
  );
  window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.balance));
}

/**
 * A live bet waits out the live delay: the player's channel (game:bets#{id}, handed over by the site) says when
 * it is open or refused. Should the site not hand it over (its connection down), the bets are read once when
 * the delay is long over.
 */
async function waitOutDelay(bets: SportBet[]): Promise<SportBet[]> {
  const ids = bets.filter((b) => b.status === "pending").map((b) => b.id);
  const heard = await betsDecided(ids, DECIDED_WAIT_MS);
  const decided = new Map((heard ?? (await readBets(ids))).map((b) => [b.id, b]));
  return bets.map((b) => decided.get(b.id) ?? b);
}

/** How long a live bet may wait for its decision on the channel before the bets are read (the delay is 5 s). */
const DECIDED_WAIT_MS = 20_000;

async function readBets(ids: string[]): Promise<SportBet[]> {
  const [open, settled] = await Promise.all([
    api.bets("open").catch(() => [] as SportBet[]),
    api.bets("settled").catch(() => [] as SportBet[]),
  ]);
  return [...open, ...settled].filter((b) => ids.includes(b.id));
}

function finish(bets: SportBet[]) {
  const rejected = bets.find((b) => b.status === "rejected");
  if (rejected) {
    slip.phase = "error";
    slip.message = state.t("rejected", { reason: rejected.rejectReason ?? state.t("refusal_unknown") });
    // The money came back: the site reads the balance again.
    window.dispatchEvent(new CustomEvent(SPORTSBOOK_EVENTS.balance));
  } else if (bets.some((b) => b.status === "pending")) {
    slip.phase = "pending";
  } else {
    slip.phase = "done";
    slip.message = state.t("accepted");
    slip.legs = [];
    slip.stakes = {};
    save();
    announceCount();
  }
  changed();
}
