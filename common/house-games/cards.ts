/**
 * Playing cards as the house games draw them: a card is a number 0–51, `floor(float × 52)` from one float
 * (PROTOCOLS.md section 4). Rank = card mod 13 (0 ace, 1 two … 9 ten, 10 jack, 11 queen, 12 king); suit =
 * floor(card / 13) (0 spades, 1 hearts, 2 diamonds, 3 clubs). One numbering for every card game, so a round's
 * cards read the same on the server, the page and the verifier.
 */
import type { FloatSource } from "../provably-fair";

export const DECK_SIZE = 52;
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export const SUITS = ["spades", "hearts", "diamonds", "clubs"] as const;
export type Suit = (typeof SUITS)[number];

/** A card from one float, as if drawn from a fresh deck each time (the "infinite deck"). */
export const cardOf = (float: number) => Math.floor(float * DECK_SIZE);
export const rankOf = (card: number) => card % 13;
/** A six-deck shoe's cards (0–311, blackjack) read the same way: the suit repeats every 52. */
export const suitOf = (card: number): Suit => SUITS[Math.floor(card / 13) % 4]!;
export const isCard = (card: unknown): card is number =>
  typeof card === "number" && Number.isInteger(card) && card >= 0 && card < DECK_SIZE;

const SUIT_SIGNS: Record<Suit, string> = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
/** "A♠", "10♥": how a card is written in texts and test vectors. */
export const cardText = (card: number) => `${RANKS[rankOf(card)]}${SUIT_SIGNS[suitOf(card)]}`;

/**
 * The first `count` cards of one 52-card deck shuffled by Fisher–Yates with successive floats: the i-th card
 * is `floor(float × (52 − i))` among the cards left (in their original order), so no card comes twice.
 */
export function dealFromDeck(source: FloatSource, count: number): number[] {
  const floats = source(count);
  const dealt: number[] = [];
  // Dealt cards kept ascending: the k-th card left is k plus the dealt cards at or below it (counted upwards),
  // the same card `left.splice(k, 1)` would take from the deck in order, without building the deck each deal.
  const taken: number[] = [];
  for (let i = 0; i < floats.length; i++) {
    let card = Math.floor(floats[i]! * (DECK_SIZE - i));
    let at = 0;
    while (at < taken.length && taken[at]! <= card) {
      card++;
      at++;
    }
    taken.splice(at, 0, card);
    dealt.push(card);
  }
  return dealt;
}
