/**
 * "Harbor Fortune", the house slot: 5 reels, 3 rows, 10 paylines, a wild that substitutes for every symbol.
 * Each reel stops at `floor(float × 24)` of its strip (one float per reel, PROTOCOLS.md section 4) and shows
 * that position and the next two. A line pays for 3, 4 or 5 equal symbols from the left (wilds count as any
 * symbol; a line of wilds alone pays the wild's line), in multiples of the line bet = total bet / 10.
 *
 * Every strip holds the same 24 symbols (3 wild, 2 seven, 2 bar, 2 bell, 4 cherry, 4 plum, 3 orange, 4 lemon),
 * so the symbol on any row of a reel is that mix, reels are independent, and the RTP is exact:
 * sum over all 8^5 symbol lines of probability × pay = 96.15% (`slotRtp()`, checked in the tests).
 */
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE } from "./payout";

export const SLOT_SYMBOLS = ["wild", "seven", "bar", "bell", "cherry", "plum", "orange", "lemon"] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** Line-bet multiples for 3, 4 and 5 of a kind. */
export const SLOT_PAYTABLE: Record<SlotSymbol, [number, number, number]> = {
  wild: [20, 100, 500],
  seven: [10, 50, 250],
  bar: [8, 30, 120],
  bell: [5, 20, 80],
  cherry: [4, 12, 50],
  plum: [3, 8, 30],
  orange: [2, 6, 20],
  lemon: [1, 4, 15],
};

/** The stated return to player, in percent (the exact value, 96.149…, rounded to 2 decimals). */
export const SLOT_RTP_PERCENT = 96.15;
export const SLOT_ROWS = 3;
export const SLOT_REELS = 5;

const W = 0;
const S = 1;
const B = 2;
const E = 3;
const C = 4;
const P = 5;
const O = 6;
const L = 7;

/** Reel strips (indices into SLOT_SYMBOLS): one mix, five orders. */
export const SLOT_STRIPS: number[][] = [
  [W, C, L, P, O, S, C, L, B, P, E, W, O, L, C, P, S, O, L, B, C, E, P, W],
  [L, P, W, C, O, E, L, S, P, C, B, W, L, O, P, C, E, S, L, W, O, B, C, P],
  [P, O, L, W, C, B, P, L, S, E, C, O, W, P, L, C, B, O, S, L, E, P, C, W],
  [C, W, P, L, E, O, C, S, L, P, B, W, C, O, L, P, E, S, C, L, W, B, O, P],
  [O, L, C, W, P, S, L, B, C, E, P, O, W, L, C, P, B, S, O, E, L, C, W, P],
];

/** Row of each reel for the 10 lines (row 0 top). */
export const SLOT_PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

/** Line-bet multiple a line of symbol indices pays. */
export function linePay(line: number[]): { symbol: number; count: number; pay: number } {
  let wilds = 0;
  while (wilds < line.length && line[wilds] === W) wilds++;
  let best = { symbol: W, count: wilds, pay: wilds >= 3 ? SLOT_PAYTABLE.wild[wilds - 3]! : 0 };
  if (wilds < line.length) {
    const symbol = line[wilds]!;
    let count = wilds;
    while (count < line.length && (line[count] === symbol || line[count] === W)) count++;
    const pay = count >= 3 ? SLOT_PAYTABLE[SLOT_SYMBOLS[symbol]!][count - 3]! : 0;
    if (pay > best.pay) best = { symbol, count, pay };
  }
  return best;
}

export interface SlotLineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** Line-bet multiple. */
  pay: number;
}

export interface SlotOutcome {
  stops: number[];
  /** grid[row][reel], symbol names */
  grid: SlotSymbol[][];
  wins: SlotLineWin[];
  /** Scaled (10^-4) multiple of the total bet. */
  multiplier: number;
}

export function playSlot(source: FloatSource): SlotOutcome {
  const stops = source(SLOT_REELS).map((f, reel) => Math.floor(f * SLOT_STRIPS[reel]!.length));
  const cells = stops.map((stop, reel) => {
    const strip = SLOT_STRIPS[reel]!;
    return Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stop + row) % strip.length]!);
  });
  const wins: SlotLineWin[] = [];
  let total = 0;
  SLOT_PAYLINES.forEach((rows, line) => {
    const r = linePay(rows.map((row, reel) => cells[reel]![row]!));
    if (r.pay > 0) {
      wins.push({ line, symbol: SLOT_SYMBOLS[r.symbol]!, count: r.count, pay: r.pay });
      total += r.pay;
    }
  });
  const grid = Array.from({ length: SLOT_ROWS }, (_, row) => cells.map((c) => SLOT_SYMBOLS[c[row]!]!));
  // The bet is spread over the lines: the total pays `total` line bets = total / lines of the bet.
  return { stops, grid, wins, multiplier: Math.round((total * MULTIPLIER_SCALE) / SLOT_PAYLINES.length) };
}

/** The exact RTP of the paytable and strips (as a fraction), by enumerating every line of symbols. */
export function slotRtp(): number {
  const probs = SLOT_STRIPS.map((strip) => {
    const p = new Array<number>(SLOT_SYMBOLS.length).fill(0);
    for (const s of strip) p[s]! += 1 / strip.length;
    return p;
  });
  let sum = 0;
  const line: number[] = [];
  const walk = (reel: number, prob: number) => {
    if (reel === SLOT_REELS) {
      sum += prob * linePay(line).pay;
      return;
    }
    for (let s = 0; s < SLOT_SYMBOLS.length; s++) {
      if (probs[reel]![s] === 0) continue;
      line[reel] = s;
      walk(reel + 1, prob * probs[reel]![s]!);
    }
  };
  walk(0, 1);
  return sum;
}
