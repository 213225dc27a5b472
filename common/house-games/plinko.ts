/**
 * Plinko: one float per row, the ball goes right when `floor(float × 2)` is 1 (PROTOCOLS.md section 4); the
 * bucket is the number of rights. Paytables by rows and risk; each table's RTP is stated and checked exactly
 * (binomial) and by simulation in the tests.
 */
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE } from "./payout";

export const PLINKO_ROWS = [8, 12, 16] as const;
export const PLINKO_RISKS = ["low", "medium", "high"] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
/** Whether a value from outside (a request, a link) is one of the boards or risks on offer. */
export const isPlinkoRows = (v: unknown): v is PlinkoRows => (PLINKO_ROWS as readonly unknown[]).includes(v);
export const isPlinkoRisk = (v: unknown): v is PlinkoRisk => (PLINKO_RISKS as readonly unknown[]).includes(v);

const half = (side: number[]) => [...side, ...side.slice(0, -1).reverse()];

/** Bucket multipliers, edge to edge (the middle bucket is written once). */
export const PLINKO_PAYTABLE: Record<PlinkoRows, Record<PlinkoRisk, number[]>> = {
  8: {
    low: half([5.6, 2.1, 1.1, 1, 0.5]),
    medium: half([13, 3, 1.3, 0.7, 0.4]),
    high: half([29, 4, 1.5, 0.3, 0.2]),
  },
  12: {
    low: half([10, 3, 1.6, 1.4, 1.1, 1, 0.5]),
    medium: half([33, 11, 4, 2, 1.1, 0.6, 0.3]),
    high: half([170, 24, 8.1, 2, 0.7, 0.2, 0.2]),
  },
  16: {
    low: half([16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5]),
    medium: half([110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3]),
    high: half([1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2]),
  },
};

/** The exact return of a table: sum of C(rows, k) / 2^rows × multiplier. */
export function plinkoRtp(rows: PlinkoRows, risk: PlinkoRisk): number {
  let c = 1;
  let sum = 0;
  PLINKO_PAYTABLE[rows][risk].forEach((m, k) => {
    sum += c * m;
    c = (c * (rows - k)) / (k + 1);
  });
  return sum / 2 ** rows;
}

export interface PlinkoOutcome {
  /** 0 left, 1 right, one per row */
  path: number[];
  bucket: number;
  multiplier: number;
}

export function playPlinko(source: FloatSource, rows: PlinkoRows, risk: PlinkoRisk): PlinkoOutcome {
  const table = PLINKO_PAYTABLE[rows]?.[risk];
  if (!table) throw new RangeError("Unknown rows or risk");
  const path = source(rows).map((f) => Math.floor(f * 2));
  const bucket = path.reduce((a, b) => a + b, 0);
  return { path, bucket, multiplier: Math.round(table[bucket]! * MULTIPLIER_SCALE) };
}
