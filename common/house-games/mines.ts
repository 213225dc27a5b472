/**
 * Mines: 25 tiles, 1–24 mines placed by Fisher–Yates with successive floats (PROTOCOLS.md section 4): the
 * i-th float picks `floor(float × (25 − i))` among the tiles not yet taken; the first `mines` picks are mines.
 * After k safe tiles the cash-out pays RTP × C(25, k) / C(25 − mines, k), rounded down to 4 decimals, so any
 * way of playing returns at most 99%.
 */
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE } from "./payout";

export const MINES_TILES = 25;
export const MINES_RTP = 0.99;

export function minePositions(source: FloatSource, mines: number): number[] {
  if (!Number.isInteger(mines) || mines < 1 || mines > MINES_TILES - 1) throw new RangeError("1 to 24 mines");
  const remaining = Array.from({ length: MINES_TILES }, (_, i) => i);
  return source(mines).map((f, i) => remaining.splice(Math.floor(f * (MINES_TILES - i)), 1)[0]!);
}

/** Scaled multiplier (10^-4) after `safe` revealed tiles with `mines` mines. */
export function minesMultiplier(mines: number, safe: number): number {
  if (safe === 0) return MULTIPLIER_SCALE;
  let fair = 1;
  for (let i = 0; i < safe; i++) fair *= (MINES_TILES - i) / (MINES_TILES - mines - i);
  return Math.floor(MINES_RTP * fair * MULTIPLIER_SCALE + 1e-7);
}
