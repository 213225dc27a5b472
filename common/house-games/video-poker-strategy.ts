/**
 * Perfect play of Jacks or Better, computed exactly: for any dealt hand, the expected pay of each of its 32
 * holds over every possible draw, and so the best hold. Used by the RTP test (the exact return of the paytable
 * over all 2,598,960 deals, and a million deals played perfectly); too heavy for a page (tables of ~3 million
 * numbers built in about a second), so the game itself never needs it.
 *
 * The method: a table of the summed pay of all five-card hands containing each subset of 0–5 cards (indexed by
 * the combinatorial number system). The pay of holding S from a dealt hand H, summed over the C(47, 5−|S|)
 * draws, is the sum over hands containing S and none of the discarded cards H∖S — inclusion–exclusion over
 * the subsets between S and H, i.e. a Möbius transform over the hand's 32 subsets.
 */
import { DECK_SIZE } from "./cards";
import { videoPokerPays } from "./video-poker";

/** binom[n * 6 + k] = C(n, k) for n ≤ 52, k ≤ 5. */
const binom = new Float64Array(53 * 6);
for (let n = 0; n <= 52; n++) {
  binom[n * 6] = 1;
  for (let k = 1; k <= 5; k++)
    binom[n * 6 + k] = n === 0 ? 0 : binom[(n - 1) * 6 + k - 1]! + binom[(n - 1) * 6 + k]!;
}
export const choose = (n: number, k: number) => binom[n * 6 + k]!;

const popcount = (m: number) =>
  ((m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1)) | 0;
const POP = Array.from({ length: 32 }, (_, m) => popcount(m));
/** Draws behind a hold of `|S|` cards: C(47, 5 − |S|). */
const DRAWS = Array.from({ length: 32 }, (_, m) => choose(47, 5 - POP[m]!));

export interface HoldTables {
  /** sums[k][index of a sorted k-subset]: summed pay of the five-card hands containing it. */
  sums: Int32Array[];
}

/** The highest bit of each 5-bit mask. */
const HIGH = Array.from({ length: 32 }, (_, m) => (m === 0 ? -1 : 31 - Math.clz32(m)));
const indices = new Float64Array(32);

/**
 * The index of each subset of `sorted` (ascending cards; bit j of the mask picks sorted[j]) among the subsets
 * of its size: Σ C(card, position) over its cards, built mask by mask from the mask without its highest bit.
 */
function subsetIndices(sorted: readonly number[]): Float64Array {
  for (let m = 1; m < 32; m++) {
    const h = HIGH[m]!;
    indices[m] = indices[m ^ (1 << h)]! + binom[sorted[h]! * 6 + POP[m]!]!;
  }
  return indices;
}

/** Calls `visit` with each of the C(52, 5) hands in order; the array is reused, so a caller copies what it keeps. */
function forEachHand(visit: (hand: number[]) => void): void {
  const hand = [0, 0, 0, 0, 0];
  for (let a = 0; a < 48; a++)
    for (let b = a + 1; b < 49; b++)
      for (let c = b + 1; c < 50; c++)
        for (let d = c + 1; d < 51; d++)
          for (let e = d + 1; e < 52; e++) {
            hand[0] = a;
            hand[1] = b;
            hand[2] = c;
            hand[3] = d;
            hand[4] = e;
            visit(hand);
          }
}

export function buildHoldTables(): HoldTables {
  const sums = [0, 1, 2, 3, 4, 5].map((k) => new Int32Array(choose(DECK_SIZE, k)));
  forEachHand((hand) => {
    const pays = videoPokerPays(hand);
    if (pays === 0) return;
    const ix = subsetIndices(hand);
    for (let m = 0; m < 32; m++) sums[POP[m]!]![ix[m]!]! += pays;
  });
  return { sums };
}

/**
 * For a hand (ascending cards), the summed pay over all draws of each hold mask (bit j = hold sorted[j]):
 * written into `out` (32 entries).
 */
function holdTotals(t: HoldTables, sorted: readonly number[], out: Float64Array): void {
  const ix = subsetIndices(sorted);
  for (let m = 0; m < 32; m++) out[m] = t.sums[POP[m]!]![ix[m]!]!;
  // Möbius over supersets: keep the hands with S and none of the discarded cards.
  for (let j = 0; j < 5; j++) {
    const bit = 1 << j;
    for (let m = 0; m < 32; m++) if (!(m & bit)) out[m]! -= out[m | bit]!;
  }
}

export interface BestHold {
  /** Positions (0–4, in the order the hand was given) to hold. */
  holds: number[];
  /** Expected pay per unit staked of that hold. */
  expected: number;
  /** Its exact value: `total` summed pay over `draws` equally likely draws. */
  total: number;
  draws: number;
}

const scratch = new Float64Array(32);
const order = [0, 0, 0, 0, 0];
const sortedHand = [0, 0, 0, 0, 0];

/** The hold with the highest expected pay (the first such in mask order on a tie), exactly. */
/** The hold (a mask over the sorted hand) with the highest expected pay in `scratch`, the first on a tie. */
function bestMask(): number {
  let best = 0;
  for (let m = 1; m < 32; m++)
    // Compare total/draws exactly: the cross products stay below 2^53.
    if (scratch[m]! * DRAWS[best]! > scratch[best]! * DRAWS[m]!) best = m;
  return best;
}

export function bestHold(t: HoldTables, hand: readonly number[]): BestHold {
  // Positions by card, ascending (an insertion sort: this runs a million times in the RTP test).
  for (let i = 0; i < 5; i++) {
    let j = i;
    while (j > 0 && hand[order[j - 1]!]! > hand[i]!) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = i;
  }
  for (let j = 0; j < 5; j++) sortedHand[j] = hand[order[j]!]!;
  holdTotals(t, sortedHand, scratch);
  const best = bestMask();
  const holds: number[] = [];
  for (let j = 0; j < 5; j++) if (best & (1 << j)) holds.push(order[j]!);
  holds.sort((x, y) => x - y);
  return { holds, expected: scratch[best]! / DRAWS[best]!, total: scratch[best]!, draws: DRAWS[best]! };
}

/**
 * The exact return of perfect play over all C(52, 5) deals, as a fraction `num / den` (BigInt): each deal's
 * best hold summed per number of cards drawn, so the sums stay exact integers.
 */
export function perfectPlayReturn(t: HoldTables): { num: bigint; den: bigint } {
  const byHeld = new Float64Array(6);
  forEachHand((hand) => {
    holdTotals(t, hand, scratch);
    const best = bestMask();
    byHeld[POP[best]!]! += scratch[best]!;
  });
  let lcm = 1n;
  const gcd = (x: bigint, y: bigint): bigint => (y === 0n ? x : gcd(y, x % y));
  for (let k = 0; k <= 5; k++) {
    const d = BigInt(choose(47, 5 - k));
    lcm = (lcm * d) / gcd(lcm, d);
  }
  let num = 0n;
  for (let k = 0; k <= 5; k++) num += BigInt(byHeld[k]!) * (lcm / BigInt(choose(47, 5 - k)));
  return { num, den: lcm * BigInt(choose(DECK_SIZE, 5)) };
}
