/**
 * Dice: a roll from 0.00 to 100.00, `floor(float × 10001) / 100` (PROTOCOLS.md section 4). The player bets the
 * roll lands under or over a target. Each of the 10,001 rolls is equally likely, so a bet winning on `w` of them
 * pays RTP × 10001 / w, rounded down to 4 decimals.
 */
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE } from "./payout";

export const DICE_RTP = 0.99;
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 0.98;

export interface DiceBet {
  /** 2 decimals, e.g. 49.5 */
  target: number;
  direction: "under" | "over";
}

export interface DiceOutcome {
  roll: number;
  win: boolean;
  multiplier: number;
}

/** The roll of a float: 0, 0.01 … 100. */
export const diceRoll = (float: number) => Math.floor(float * 10001) / 100;

/** How many of the 10,001 rolls win: under t wins rolls 0 … t−0.01, over t wins t+0.01 … 100. */
export function diceWinningRolls(bet: DiceBet): number {
  const t = Math.round(bet.target * 100);
  return bet.direction === "under" ? t : 10000 - t;
}

/** Scaled multiplier (10^-4) of a bet; undefined when the target is out of range. */
export function diceMultiplier(bet: DiceBet): number | undefined {
  const t = Math.round(bet.target * 100);
  if (!Number.isFinite(bet.target) || Math.abs(bet.target * 100 - t) > 1e-6) return undefined;
  const w = diceWinningRolls(bet);
  if (w < DICE_MIN_CHANCE * 10001 || w > DICE_MAX_CHANCE * 10001) return undefined;
  return Math.floor((DICE_RTP * 10001 * MULTIPLIER_SCALE) / w);
}

export function playDice(source: FloatSource, bet: DiceBet): DiceOutcome {
  const multiplier = diceMultiplier(bet);
  if (multiplier === undefined) throw new RangeError("Target out of range");
  const roll = diceRoll(source(1)[0]!);
  const t = Math.round(bet.target * 100);
  const r = Math.round(roll * 100);
  const win = bet.direction === "under" ? r < t : r > t;
  return { roll, win, multiplier: win ? multiplier : 0 };
}
