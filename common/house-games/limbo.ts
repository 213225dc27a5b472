/**
 * Limbo (a crash-style multiplier): the result is `max(1, floor(99 / float) / 100)`, capped at 1,000,000×
 * (PROTOCOLS.md section 4). The player names a target; the bet pays the target when the result reaches it.
 * P(result ≥ m) = 0.99 / m, so every target returns 99%.
 */
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE } from "./payout";

export const LIMBO_RTP = 0.99;
export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = 1_000_000;

/** The result in hundredths (101 = 1.01×); integer arithmetic on the float's 32 bits, so it never rounds up. */
export function limboResultCents(float: number): number {
  const n = Math.round(float * 2 ** 32);
  if (n === 0) return LIMBO_MAX_TARGET * 100;
  const numerator = 99 * 2 ** 32;
  let q = Math.floor(numerator / n);
  if (q * n > numerator) q -= 1;
  return Math.min(LIMBO_MAX_TARGET * 100, Math.max(100, q));
}

export interface LimboOutcome {
  result: number;
  win: boolean;
  multiplier: number;
}

export function playLimbo(source: FloatSource, target: number): LimboOutcome {
  const targetCents = Math.round(target * 100);
  if (!(targetCents >= LIMBO_MIN_TARGET * 100 && targetCents <= LIMBO_MAX_TARGET * 100))
    throw new RangeError("Target out of range");
  const cents = limboResultCents(source(1)[0]!);
  const win = cents >= targetCents;
  return { result: cents / 100, win, multiplier: win ? (targetCents * MULTIPLIER_SCALE) / 100 : 0 };
}
