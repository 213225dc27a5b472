/**
 * Video poker, Jacks or Better with the classic "9/6" full-pay table (full house 9, flush 6). Five cards are
 * dealt from one 52-card deck shuffled by Fisher–Yates with successive floats (cards.ts `dealFromDeck`); the
 * player holds any of them and the draw replaces the others, left to right, with the next cards of the same
 * deck order. So a round uses at most 10 cards, all fixed by the seeds before the player chooses: the holds
 * pick which of them are seen, never what they are.
 *
 * The royal flush pays 800 per unit staked — the machine's 4,000 for 5 coins, so every stake gets the max-coin
 * table. Played perfectly the table returns 99.54% (0.995439…, computed exactly in rtp.test.ts).
 */
import type { FloatSource } from "../provably-fair";
import { dealFromDeck } from "./cards";
import { MULTIPLIER_SCALE } from "./payout";

export const VIDEO_POKER_RTP_PERCENT = 99.54;
export const VIDEO_POKER_HAND_SIZE = 5;

export const POKER_HANDS = [
  "royal-flush",
  "straight-flush",
  "four-of-a-kind",
  "full-house",
  "flush",
  "straight",
  "three-of-a-kind",
  "two-pair",
  "jacks-or-better",
  "nothing",
] as const;
export type PokerHand = (typeof POKER_HANDS)[number];

/** What each hand pays per unit staked (the winning stake is not returned on top: "pays", as on the glass). */
export const VIDEO_POKER_PAYTABLE: Record<PokerHand, number> = {
  "royal-flush": 800,
  "straight-flush": 50,
  "four-of-a-kind": 25,
  "full-house": 9,
  flush: 6,
  straight: 4,
  "three-of-a-kind": 3,
  "two-pair": 2,
  "jacks-or-better": 1,
  nothing: 0,
};

const counts = new Int8Array(13);

/** The hand five cards make. Aces play high or low in a straight; pairs pay from jacks up, aces included. */
export function pokerHandOf(cards: readonly number[]): PokerHand {
  counts.fill(0);
  let flush = true;
  const suit = Math.floor(cards[0]! / 13);
  let mask = 0;
  for (const c of cards) {
    counts[c % 13]!++;
    mask |= 1 << (c % 13);
    if (Math.floor(c / 13) !== suit) flush = false;
  }
  let pairs = 0;
  let trips = false;
  let quads = false;
  let highPair = false;
  for (let r = 0; r < 13; r++) {
    const n = counts[r]!;
    if (n === 4) quads = true;
    else if (n === 3) trips = true;
    else if (n === 2) {
      pairs++;
      if (r === 0 || r >= 10) highPair = true;
    }
  }
  // Five distinct ranks in a row: the bit mask is five adjacent bits, or 10-J-Q-K with the ace (bit 0).
  const royalRanks = 0b1111000000001;
  let straight = false;
  if (mask === royalRanks) straight = true;
  else if (pairs === 0 && !trips && !quads) {
    const low = mask & -mask;
    straight = mask === low * 0b11111;
  }
  if (straight && flush) return mask === royalRanks ? "royal-flush" : "straight-flush";
  if (quads) return "four-of-a-kind";
  if (trips && pairs === 1) return "full-house";
  if (flush) return "flush";
  if (straight) return "straight";
  if (trips) return "three-of-a-kind";
  if (pairs === 2) return "two-pair";
  if (highPair) return "jacks-or-better";
  return "nothing";
}

export const videoPokerPays = (cards: readonly number[]) => VIDEO_POKER_PAYTABLE[pokerHandOf(cards)];

/** The round's cards in deck order: the five dealt, then the five the draw takes from, in turn. */
export const videoPokerDeck = (source: FloatSource) => dealFromDeck(source, 2 * VIDEO_POKER_HAND_SIZE);

/** Positions 0–4 held, each once, in order; undefined when they are not such a list. */
export function normalizeHolds(holds: unknown): number[] | undefined {
  if (!Array.isArray(holds) || holds.length > VIDEO_POKER_HAND_SIZE) return undefined;
  if (!holds.every((h) => Number.isInteger(h) && h >= 0 && h < VIDEO_POKER_HAND_SIZE)) return undefined;
  const set = new Set(holds as number[]);
  if (set.size !== holds.length) return undefined;
  return [...set].sort((a, b) => a - b);
}

/** The hand after the draw: held cards stay in place, the others are replaced left to right from the deck. */
export function drawHand(deck: readonly number[], holds: readonly number[]): number[] {
  let next = VIDEO_POKER_HAND_SIZE;
  return deck.slice(0, VIDEO_POKER_HAND_SIZE).map((card, i) => (holds.includes(i) ? card : deck[next++]!));
}

export interface VideoPokerOutcome {
  /** The five dealt. */
  hand: number[];
  holds: number[];
  /** The five after the draw. */
  final: number[];
  result: PokerHand;
  /** Scaled (10^-4). */
  multiplier: number;
}

/** A whole round: the deal, the player's holds, the draw and its pay. */
export function playVideoPoker(source: FloatSource, holds: readonly number[]): VideoPokerOutcome {
  const valid = normalizeHolds(holds);
  if (!valid) throw new RangeError("Holds are positions 0 to 4, each once");
  const deck = videoPokerDeck(source);
  const final = drawHand(deck, valid);
  const result = pokerHandOf(final);
  return {
    hand: deck.slice(0, VIDEO_POKER_HAND_SIZE),
    holds: valid,
    final,
    result,
    multiplier: VIDEO_POKER_PAYTABLE[result] * MULTIPLIER_SCALE,
  };
}
