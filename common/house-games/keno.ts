/**
 * Keno: 40 numbers (1–40); the player picks 1 to 10 of them, then 10 are drawn by Fisher–Yates with successive
 * floats, like the mines (PROTOCOLS.md section 4): the i-th float takes `floor(float × (40 − i))` among the
 * numbers not yet drawn. The payout is the paytable's multiplier for the risk, the number of picks and the
 * number of hits. Each table returns 98.9–99 %, exactly (hypergeometric, `kenoRtp`; decision 0031).
 */
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE } from "./payout";

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;
export const KENO_RISKS = ["classic", "low", "medium", "high"] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];
export const isKenoRisk = (v: unknown): v is KenoRisk => (KENO_RISKS as readonly unknown[]).includes(v);

/**
 * Multipliers by risk, then by the number of picks (index 0 is 1 pick), then by hits (index = hits). The
 * shapes of the crypto casinos' keno (classic, low, medium, high), each entry tuned so its table returns at
 * most 99 % (decision 0031 lists each table's return).
 */
export const KENO_PAYTABLE: Record<KenoRisk, number[][]> = {
  classic: [
    [0, 3.96],
    [0, 1.9, 4.49],
    [0, 1, 3.1, 10.35],
    [0, 0.8, 1.8, 5, 22.5],
    [0, 0.25, 1.4, 4.1, 16.5, 36],
    [0, 0, 1, 3.68, 7, 16.5, 40],
    [0, 0, 0.47, 3, 4.5, 14, 31, 60],
    [0, 0, 0, 2.2, 3.99, 13, 22, 55, 70],
    [0, 0, 0, 1.55, 3, 8, 15, 44, 60, 85],
    [0, 0, 0, 1.4, 2.25, 4.49, 8, 17, 50, 80, 100],
  ],
  low: [
    [0.7, 1.86],
    [0, 2, 3.82],
    [0, 1.1, 1.38, 26.1],
    [0, 0, 2.2, 7.9, 90],
    [0, 0, 1.5, 4.2, 13, 300],
    [0, 0, 1.1, 2, 6.19, 100, 700],
    [0, 0, 1.1, 1.6, 3.5, 15, 225, 700],
    [0, 0, 1.1, 1.5, 2, 5.49, 39, 100, 800],
    [0, 0, 1.1, 1.3, 1.69, 2.5, 7.5, 50, 250, 1000],
    [0, 0, 1.1, 1.2, 1.31, 1.8, 3.5, 13, 50, 250, 1000],
  ],
  medium: [
    [0.4, 2.76],
    [0, 1.8, 5.16],
    [0, 0, 2.8, 50],
    [0, 0, 1.71, 10, 100],
    [0, 0, 1.4, 4, 14, 390],
    [0, 0, 0, 3.01, 9, 180, 710],
    [0, 0, 0, 2, 7, 30, 400, 800],
    [0, 0, 0, 2, 4, 11, 67, 400, 900],
    [0, 0, 0, 2, 2.5, 5, 15, 100, 500, 1000],
    [0, 0, 0, 1.6, 2, 4, 7, 26, 100, 500, 1000],
  ],
  high: [
    [0, 3.96],
    [0, 0, 17.16],
    [0, 0, 0, 81.5],
    [0, 0, 0, 10, 259],
    [0, 0, 0, 4.5, 48.1, 450],
    [0, 0, 0, 0, 11, 350, 710],
    [0, 0, 0, 0, 7, 90, 400, 800],
    [0, 0, 0, 0, 5, 20, 270, 600, 900],
    [0, 0, 0, 0, 4, 11, 56, 500, 800, 1000],
    [0, 0, 0, 0, 3.5, 7.99, 13, 63, 500, 800, 1000],
  ],
};

/** The lowest return of any table, the figure the lobby states for keno. */
export const KENO_RTP_PERCENT = 98.9;

/** The multipliers of a risk and a number of picks, by hits. */
export const kenoTable = (risk: KenoRisk, picks: number): number[] => KENO_PAYTABLE[risk][picks - 1]!;

/** Scaled multiplier (10^-4) of `hits` with `picks` picks at a risk. */
export const kenoMultiplier = (risk: KenoRisk, picks: number, hits: number): number =>
  Math.round(kenoTable(risk, picks)[hits]! * MULTIPLIER_SCALE);

const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
};

/** The chance of `hits` hits with `picks` picks: C(picks, hits) C(40 − picks, 10 − hits) / C(40, 10). */
export const kenoHitChance = (picks: number, hits: number): number =>
  (choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits)) / choose(KENO_NUMBERS, KENO_DRAWN);

/** A table's exact return (hypergeometric). */
export function kenoRtp(risk: KenoRisk, picks: number): number {
  return kenoTable(risk, picks).reduce(
    (sum, _m, hits) =>
      sum + (kenoHitChance(picks, hits) * kenoMultiplier(risk, picks, hits)) / MULTIPLIER_SCALE,
    0,
  );
}

/** Picks the player may play: 1 to 10 different whole numbers from 1 to 40. */
export function isKenoPicks(picks: unknown): picks is number[] {
  return (
    Array.isArray(picks) &&
    picks.length >= 1 &&
    picks.length <= KENO_MAX_PICKS &&
    picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS) &&
    new Set(picks).size === picks.length
  );
}

/** The 10 numbers drawn (1–40), in the order drawn. */
export function kenoDraw(source: FloatSource): number[] {
  const remaining = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  return source(KENO_DRAWN).map((f, i) => remaining.splice(Math.floor(f * (KENO_NUMBERS - i)), 1)[0]!);
}

export interface KenoOutcome {
  drawn: number[];
  /** The picks that were drawn, in the order picked. */
  hits: number[];
  multiplier: number;
}

export function playKeno(source: FloatSource, picks: number[], risk: KenoRisk): KenoOutcome {
  if (!isKenoPicks(picks) || !isKenoRisk(risk))
    throw new RangeError("1 to 10 different numbers from 1 to 40");
  const drawn = kenoDraw(source);
  const hits = picks.filter((n) => drawn.includes(n));
  return { drawn, hits, multiplier: kenoMultiplier(risk, picks.length, hits.length) };
}
