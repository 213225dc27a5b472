/**
 * Hilo: a start card, then the player guesses whether the next card is higher or lower, card after card, and
 * may cash out after any right guess. Cards are `floor(float × 52)` each (PROTOCOLS.md section 4): an infinite
 * deck, every rank 1/13 whatever came before, read from the stream one float per card as the round goes.
 *
 * Ranks run ace (low) to king. "Higher" wins on the same rank or above, "lower" on the same rank or below —
 * except on an ace, where "higher" means strictly above (same-or-above would be certain), and on a king, where
 * "lower" means strictly below. A right guess winning on `w` of the 13 ranks multiplies the round by
 * RTP × 13 / w = 1287 / (100 w); the product is kept as an exact fraction and rounded down to 4 decimals only
 * when shown or paid, so every guess, wherever it is made, returns exactly 99% of what it risks.
 */
import type { FloatSource } from "../provably-fair";
import { cardOf, rankOf } from "./cards";
import { MULTIPLIER_SCALE } from "./payout";

export const HILO_RTP = 0.99;
/** Cards the player may pass over without guessing, per round: enough to skip a run of aces and kings. */
export const HILO_MAX_SKIPS = 10;
/** A round reaching this (scaled) multiplier is cashed out for the player: the house's largest win, 1,000,000×. */
export const HILO_MAX_MULTIPLIER = 1_000_000 * MULTIPLIER_SCALE;

export const HILO_GUESSES = ["higher", "lower"] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];
export type HiloMove = HiloGuess | "skip";
export const isHiloMove = (m: unknown): m is HiloMove => m === "higher" || m === "lower" || m === "skip";

const ACE = 0;
const KING = 12;

/** How many of the 13 ranks win a guess on a card of this rank (1 to 12). */
export function hiloWinningRanks(rank: number, guess: HiloGuess): number {
  if (guess === "higher") return rank === ACE ? 12 : 13 - rank;
  return rank === KING ? 12 : rank + 1;
}

/** Whether the next card wins the guess made on `rank`. */
export function hiloWins(rank: number, guess: HiloGuess, next: number): boolean {
  if (guess === "higher") return rank === ACE ? next > ACE : next >= rank;
  return rank === KING ? next < KING : next <= rank;
}

/**
 * The scaled multiplier (10^-4, rounded down) of right guesses that won on `odds[i]` ranks each:
 * floor(10^4 × Π 1287 / (100 × odds[i])), computed on integers so no rounding builds up along the round.
 */
export function hiloMultiplier(odds: readonly number[]): number {
  let num = BigInt(MULTIPLIER_SCALE);
  let den = 1n;
  for (const w of odds) {
    num *= 1287n;
    den *= 100n * BigInt(w);
  }
  return Number(num / den);
}

export interface HiloRound {
  /** The start card, then one card per move. */
  cards: number[];
  moves: HiloMove[];
  /** Winning ranks of each right guess so far (what the multiplier is made of). */
  odds: number[];
  /** The scaled multiplier the round stands at (0 once lost). */
  multiplier: number;
  skips: number;
  /** lost: a wrong guess; capped: the multiplier reached HILO_MAX_MULTIPLIER (cashed out for the player). */
  over: "lost" | "capped" | null;
}

/**
 * Plays a round's moves from its stream: one float for the start card, one per move. The server replays the
 * recorded moves plus the new one; the verifier replays a finished round the same way. Throws on a move the
 * rules refuse (after the round ended, or a skip too many).
 */
export function playHilo(source: FloatSource, moves: readonly HiloMove[]): HiloRound {
  const round: HiloRound = {
    cards: [cardOf(source(1)[0]!)],
    moves: [],
    odds: [],
    multiplier: MULTIPLIER_SCALE,
    skips: 0,
    over: null,
  };
  for (const move of moves) {
    if (round.over) throw new RangeError("The round is over");
    if (!isHiloMove(move)) throw new RangeError(`Not a move: ${String(move)}`);
    if (move === "skip" && round.skips >= HILO_MAX_SKIPS) throw new RangeError("No skips left");
    const rank = rankOf(round.cards[round.cards.length - 1]!);
    const card = cardOf(source(1)[0]!);
    round.cards.push(card);
    round.moves.push(move);
    if (move === "skip") {
      round.skips++;
      continue;
    }
    if (!hiloWins(rank, move, rankOf(card))) {
      round.multiplier = 0;
      round.over = "lost";
      continue;
    }
    round.odds.push(hiloWinningRanks(rank, move));
    round.multiplier = hiloMultiplier(round.odds);
    if (round.multiplier >= HILO_MAX_MULTIPLIER) round.over = "capped";
  }
  return round;
}
