/**
 * Wheel: a wheel of 10, 20, 30, 40 or 50 equal segments, each showing a multiplier; the segment under the
 * pointer is `floor(float × segments)` (PROTOCOLS.md section 4). Three risk levels shape the paytable the way
 * the known crypto-casino wheels do (decision 0033):
 * - low: blocks of ten (1.5×, seven 1.2×, two 0×): you usually win back a little;
 * - medium: every other segment 0×, the rest 1.5× to 5×;
 * - high: one segment pays 0.99 × segments (9.9× … 49.5×), every other one 0×.
 * Every table's multipliers add up to exactly 0.99 × segments, so each combination returns exactly 99%
 * (`wheelRtp`, checked in integers of 10^-4 in the tests).
 */
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE } from "./payout";

export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;
export const WHEEL_RISKS = ["low", "medium", "high"] as const;
export type WheelSegments = (typeof WHEEL_SEGMENTS)[number];
export type WheelRisk = (typeof WHEEL_RISKS)[number];
export const WHEEL_RTP = 0.99;

export const isWheelSegments = (v: unknown): v is WheelSegments =>
  (WHEEL_SEGMENTS as readonly unknown[]).includes(v);
export const isWheelRisk = (v: unknown): v is WheelRisk => (WHEEL_RISKS as readonly unknown[]).includes(v);

/** Ten segments of the low wheel: 1.5 + 7 × 1.2 = 9.9. */
const LOW_BLOCK = [1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0];

/** The medium wheels' paying segments (a 0× segment follows each): they add up to 0.99 × segments. */
const MEDIUM_PAYS: Record<WheelSegments, number[]> = {
  10: [1.5, 1.9, 2, 1.5, 3],
  20: [1.5, 2, 2, 2, 1.5, 3, 1.8, 2, 2, 2],
  30: [1.5, 1.5, 2, 1.5, 2, 2, 1.5, 3, 1.5, 2, 2, 1.7, 4, 1.5, 2],
  40: [2, 3, 2, 1.5, 3, 1.5, 1.5, 2, 1.5, 3, 1.6, 2, 1.5, 1.5, 1.5, 2, 2, 1.5, 3, 2],
  50: [2, 1.5, 2, 1.5, 3, 1.5, 1.5, 2, 1.5, 3, 1.5, 2, 2, 1.5, 5, 1.5, 2, 1.5, 1.5, 2, 1.5, 3, 1.5, 2, 1.5],
};

const table = (segments: WheelSegments, risk: WheelRisk): number[] => {
  switch (risk) {
    case "low":
      return Array.from({ length: segments }, (_, i) => LOW_BLOCK[i % 10]!);
    case "medium":
      return MEDIUM_PAYS[segments].flatMap((m) => [m, 0]);
    case "high":
      return Array.from({ length: segments }, (_, i) => (i === 0 ? (99 * segments) / 100 : 0));
  }
};

/** Each wheel's segments, clockwise from the one under the pointer at rest, as multipliers. */
export const WHEEL_PAYTABLE: Record<WheelSegments, Record<WheelRisk, number[]>> = Object.fromEntries(
  WHEEL_SEGMENTS.map((n) => [n, Object.fromEntries(WHEEL_RISKS.map((r) => [r, table(n, r)]))]),
) as Record<WheelSegments, Record<WheelRisk, number[]>>;

/** A segment's multiplier in integers of 10^-4 (the tables hold at most one decimal). */
export const wheelScaled = (m: number) => Math.round(m * MULTIPLIER_SCALE);

/** The exact return of a wheel: the sum of its multipliers over the segments, from the scaled integers. */
export function wheelRtp(segments: WheelSegments, risk: WheelRisk): number {
  const sum = WHEEL_PAYTABLE[segments][risk].reduce((s, m) => s + wheelScaled(m), 0);
  return sum / (segments * MULTIPLIER_SCALE);
}

export interface WheelOutcome {
  segment: number;
  multiplier: number;
}

export function playWheel(source: FloatSource, segments: WheelSegments, risk: WheelRisk): WheelOutcome {
  const paytable = WHEEL_PAYTABLE[segments]?.[risk];
  if (!paytable) throw new RangeError("Unknown segments or risk");
  const segment = Math.floor(source(1)[0]! * segments);
  return { segment, multiplier: wheelScaled(paytable[segment]!) };
}
