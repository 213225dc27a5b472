/**
 * European roulette: one zero, 37 pockets, the pocket is `floor(float × 37)` (PROTOCOLS.md section 4). A spin
 * carries several bets; each pays its standard odds when the pocket is among its numbers.
 *
 * Every bet covers c numbers and returns 36 / c times its amount (the odds 36/c − 1 to 1 plus the stake), so
 * its return is c/37 × 36/c = 36/37 ≈ 97.30% whatever it is (decision 0033; proved pocket by pocket in the
 * tests). The inside bets are the ones a single-zero table's layout allows: straight, split (including 0-1,
 * 0-2, 0-3), street, the two zero trios (0-1-2, 0-2-3), corner, "first four" (0-1-2-3) and six line.
 */
import { compareAmounts, fromUnits, toUnits } from "../money";
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE, payout } from "./payout";

export const ROULETTE_POCKETS = 37;
/** The exact return of every bet: 36/37. */
export const ROULETTE_RTP = 36 / 37;
/** The most bets one spin may carry: more than the table has distinct spots (157), so never in the way. */
export const ROULETTE_MAX_BETS = 200;

export const ROULETTE_RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36] as const;
/** The pockets in their order around a European wheel, clockwise from the zero. */
export const ROULETTE_WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export const ROULETTE_INSIDE = ["straight", "split", "street", "trio", "corner", "basket", "line"] as const;
export const ROULETTE_EVEN_MONEY = ["red", "black", "odd", "even", "low", "high"] as const;
export const ROULETTE_TWELVES = ["dozen", "column"] as const;
export const ROULETTE_KINDS = [...ROULETTE_INSIDE, ...ROULETTE_EVEN_MONEY, ...ROULETTE_TWELVES] as const;
export type RouletteInside = (typeof ROULETTE_INSIDE)[number];
export type RouletteKind = (typeof ROULETTE_KINDS)[number];

/** A bet on the table: inside bets name their numbers, dozens and columns their target (1–3). */
export interface RouletteBet {
  kind: RouletteKind;
  numbers?: number[];
  target?: number;
  /** A decimal string, as every amount. */
  amount: string;
}

/** What each kind returns per unit staked, the stake included (35 to 1 returns 36). */
export const ROULETTE_RETURNS: Record<RouletteKind, number> = {
  straight: 36,
  split: 18,
  street: 12,
  trio: 12,
  corner: 9,
  basket: 9,
  line: 6,
  dozen: 3,
  column: 3,
  red: 2,
  black: 2,
  odd: 2,
  even: 2,
  low: 2,
  high: 2,
};

export const rouletteColor = (pocket: number): "green" | "red" | "black" =>
  pocket === 0 ? "green" : (ROULETTE_RED as readonly number[]).includes(pocket) ? "red" : "black";

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/**
 * Every legal inside bet, kind by kind, as sorted number lists. The layout: 12 columns of three (1-2-3,
 * 4-5-6 … 34-35-36), the zero beside the first; neighbours share an edge (n, n+1 in a column; n, n+3 across).
 */
export const ROULETTE_INSIDE_BETS: Record<RouletteInside, number[][]> = (() => {
  const splits: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  const corners: number[][] = [];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) splits.push([n, n + 1]);
    if (n <= 33) splits.push([n, n + 3]);
    if (n % 3 !== 0 && n <= 32) corners.push([n, n + 1, n + 3, n + 4]);
  }
  const firsts = range(0, 12).map((c) => 3 * c + 1);
  return {
    straight: range(0, 37).map((n) => [n]),
    split: splits,
    street: firsts.map((n) => range(n, 3)),
    trio: [
      [0, 1, 2],
      [0, 2, 3],
    ],
    corner: corners,
    basket: [[0, 1, 2, 3]],
    line: firsts.slice(0, 11).map((n) => range(n, 6)),
  };
})();

const isKind = (v: unknown): v is RouletteKind => (ROULETTE_KINDS as readonly unknown[]).includes(v);
const isInside = (k: RouletteKind): k is RouletteInside => (ROULETTE_INSIDE as readonly string[]).includes(k);
const ONE_TO_36 = range(1, 36);

/** The numbers each outside bet covers, by kind, then target for dozens and columns. */
const OUTSIDE: Record<string, number[]> = {
  red: ONE_TO_36.filter((n) => rouletteColor(n) === "red"),
  black: ONE_TO_36.filter((n) => rouletteColor(n) === "black"),
  odd: ONE_TO_36.filter((n) => n % 2 === 1),
  even: ONE_TO_36.filter((n) => n % 2 === 0),
  low: range(1, 18),
  high: range(19, 18),
  ...Object.fromEntries(
    [1, 2, 3].flatMap((t) => [
      [`dozen:${t}`, range(12 * (t - 1) + 1, 12)],
      [`column:${t}`, ONE_TO_36.filter((n) => (n - t) % 3 === 0)],
    ]),
  ),
};

/**
 * A set of numbers as one integer: bit n for number n (37 bits, exact in a double), plus the kind above them.
 * Undefined for anything but distinct whole numbers 0–36. Cheaper than sorting and joining, which the
 * million-spin simulation notices.
 */
function insideKey(kind: RouletteInside, numbers: readonly unknown[]): number | undefined {
  let mask = 0;
  for (const n of numbers) {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 36) return undefined;
    const bit = 2 ** n;
    if (Math.floor(mask / bit) % 2 === 1) return undefined;
    mask += bit;
  }
  return ROULETTE_INSIDE.indexOf(kind) * 2 ** 37 + mask;
}

/** Every legal inside bet by its key, with the numbers it covers. */
const INSIDE = new Map(
  ROULETTE_INSIDE.flatMap((kind) => ROULETTE_INSIDE_BETS[kind].map((ns) => [insideKey(kind, ns)!, ns])),
);

/** The numbers a bet covers (ascending); undefined when it is not a bet the table allows. */
export function rouletteCovers(bet: Pick<RouletteBet, "kind" | "numbers" | "target">): number[] | undefined {
  if (!isKind(bet.kind)) return undefined;
  if (isInside(bet.kind)) {
    if (!Array.isArray(bet.numbers) || bet.target !== undefined) return undefined;
    const key = insideKey(bet.kind, bet.numbers);
    return key === undefined ? undefined : INSIDE.get(key);
  }
  if (bet.numbers !== undefined) return undefined;
  const twelve = bet.kind === "dozen" || bet.kind === "column";
  if (twelve !== (bet.target !== undefined)) return undefined;
  return OUTSIDE[twelve ? `${bet.kind}:${bet.target}` : bet.kind];
}

/** Why a list of bets cannot be played, as field → message (the API's validation error); empty when fine. */
export function rouletteProblems(bets: unknown): Record<string, string[]> {
  if (!Array.isArray(bets) || bets.length === 0 || bets.length > ROULETTE_MAX_BETS)
    return { "roulette.bets": [`From 1 to ${ROULETTE_MAX_BETS} bets`] };
  const problems: Record<string, string[]> = {};
  bets.forEach((b: RouletteBet, i) => {
    if (!b || typeof b !== "object" || !rouletteCovers(b))
      problems[`roulette.bets.${i}`] = [
        "Not a bet of this table (its kind with legal numbers or target 1–3)",
      ];
    const units = typeof b?.amount === "string" ? toUnits(b.amount) : undefined;
    if (units === undefined || units <= 0n) problems[`roulette.bets.${i}.amount`] = ["An amount above 0"];
  });
  return problems;
}

export interface RouletteOutcome {
  pocket: number;
  color: "green" | "red" | "black";
  /** Per bet, in the order given: what it returns per unit (10^-4 scale), 0 when it lost. */
  wins: number[];
}

export function playRoulette(source: FloatSource, bets: RouletteBet[]): RouletteOutcome {
  const covers = bets.map((b) => rouletteCovers(b));
  if (covers.some((c) => !c)) throw new RangeError("Not a bet of this table");
  const pocket = Math.floor(source(1)[0]! * ROULETTE_POCKETS);
  return {
    pocket,
    color: rouletteColor(pocket),
    wins: bets.map((b, i) => (covers[i]!.includes(pocket) ? ROULETTE_RETURNS[b.kind] * MULTIPLIER_SCALE : 0)),
  };
}

/**
 * What a spin pays: the sum of each bet's amount × its return, each rounded down to `places` (exact whenever
 * the amounts carry no more decimals than the currency, as the house requires: the returns are whole).
 */
export function roulettePayout(bets: RouletteBet[], wins: number[], places: number): string {
  let total = 0n;
  bets.forEach((b, i) => {
    total += toUnits(payout(b.amount, wins[i] ?? 0, places))!;
  });
  return fromUnits(total);
}

/** The stake of a spin: the sum of its bets. */
export function rouletteStake(bets: RouletteBet[]): string {
  const total = bets.reduce((sum, b) => sum + (toUnits(b.amount) ?? 0n), 0n);
  return fromUnits(total);
}

/** Whether `amount` is the spin's stake (the sum of its bets). */
export const rouletteStakeIs = (bets: RouletteBet[], amount: string) =>
  compareAmounts(rouletteStake(bets), amount) === 0;
