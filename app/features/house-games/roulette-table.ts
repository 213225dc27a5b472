import {
  ROULETTE_INSIDE,
  ROULETTE_INSIDE_BETS,
  type RouletteBet,
  type RouletteInside,
} from "#common/house-games";
import { addAmounts, compareAmounts } from "#common/money";

/**
 * The roulette board's geometry and the chips on it, apart from React so both can be tested.
 *
 * Positions are in table units on two axes: `a` along the table (the zero at −1…0, the twelve columns of three
 * numbers 0…12, the "2 to 1" column bets 12…13) and `b` across it (the numbers 1-4-7… at 0…1, 2-5-8… at 1…2,
 * 3-6-9… at 2…3, the dozens at −1…0, the even chances at −2…−1). The classic table lays `a` left to right
 * with the 3s on top; a phone's board stands it up, the zero on top and the even chances on the left.
 */
export type BetSpec = Omit<RouletteBet, "amount">;

export interface Spot {
  key: string;
  bet: BetSpec;
  /** Where its chip sits. */
  at: { a: number; b: number };
  /** The cell it is clicked in; edge and corner bets (splits, streets, corners…) have a small round target. */
  cell?: { a0: number; a1: number; b0: number; b1: number };
}

export type Orientation = "horizontal" | "vertical";

export const spotKey = (bet: BetSpec) =>
  bet.numbers
    ? `${bet.kind}:${[...bet.numbers].sort((x, y) => x - y).join("-")}`
    : bet.target !== undefined
      ? `${bet.kind}:${bet.target}`
      : bet.kind;

const colOf = (n: number) => Math.floor((n - 1) / 3);
const rowOf = (n: number) => (n - 1) % 3;

/** Where an inside bet's chip goes: on the line or corner its numbers share. */
function insideAt(kind: RouletteInside, ns: number[]): { a: number; b: number } {
  const lo = ns[0]!;
  switch (kind) {
    case "straight":
      return lo === 0 ? { a: -0.5, b: 1.5 } : { a: colOf(lo) + 0.5, b: rowOf(lo) + 0.5 };
    case "split":
      if (lo === 0) return { a: 0, b: ns[1]! - 0.5 };
      return ns[1] === lo + 1
        ? { a: colOf(lo) + 0.5, b: rowOf(lo) + 1 }
        : { a: colOf(lo) + 1, b: rowOf(lo) + 0.5 };
    case "street":
      return { a: colOf(lo) + 0.5, b: 0 };
    case "trio":
      return { a: 0, b: ns[2] === 2 ? 1 : 2 };
    case "corner":
      return { a: colOf(lo) + 1, b: rowOf(lo) + 1 };
    case "basket":
      return { a: 0, b: 0 };
    case "line":
      return { a: colOf(lo) + 1, b: 0 };
  }
}

const cellOf = (a0: number, a1: number, b0: number, b1: number) => ({
  cell: { a0, a1, b0, b1 },
  at: { a: (a0 + a1) / 2, b: (b0 + b1) / 2 },
});

/** Every spot of the board: each of the table's 157 bets once. Cells first, so edge targets draw above them. */
export const ROULETTE_SPOTS: Spot[] = (() => {
  const spots: Spot[] = [];
  const add = (bet: BetSpec, place: Omit<Spot, "key" | "bet">) =>
    spots.push({ key: spotKey(bet), bet, ...place });
  add({ kind: "straight", numbers: [0] }, cellOf(-1, 0, 0, 3));
  for (let n = 1; n <= 36; n++)
    add({ kind: "straight", numbers: [n] }, cellOf(colOf(n), colOf(n) + 1, rowOf(n), rowOf(n) + 1));
  for (const t of [1, 2, 3]) add({ kind: "column", target: t }, cellOf(12, 13, t - 1, t));
  for (const t of [1, 2, 3]) add({ kind: "dozen", target: t }, cellOf(4 * (t - 1), 4 * t, -1, 0));
  // The even chances in the table's order along the dozens.
  (["low", "even", "red", "black", "odd", "high"] as const).forEach((kind, i) => {
    add({ kind }, cellOf(2 * i, 2 * i + 2, -2, -1));
  });
  for (const kind of ROULETTE_INSIDE) {
    if (kind === "straight") continue;
    for (const numbers of ROULETTE_INSIDE_BETS[kind]) add({ kind, numbers }, { at: insideAt(kind, numbers) });
  }
  return spots;
})();

/** The board's size in table units, and a table point on it. */
export const boardSize = (o: Orientation) => (o === "horizontal" ? { w: 14, h: 5 } : { w: 5, h: 14 });
export const toBoard = (o: Orientation, p: { a: number; b: number }) =>
  o === "horizontal" ? { x: p.a + 1, y: 3 - p.b } : { x: p.b + 2, y: p.a + 1 };

export function cellRect(o: Orientation, c: NonNullable<Spot["cell"]>) {
  const p = toBoard(o, { a: c.a0, b: c.b0 });
  const q = toBoard(o, { a: c.a1, b: c.b1 });
  return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), w: Math.abs(q.x - p.x), h: Math.abs(q.y - p.y) };
}

/** The chips on the table in the order placed (undo takes the last one off). */
export type Chips = { key: string; amount: string }[];

/** What lies on each spot: the sum of its chips. */
export function stacks(chips: Chips): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of chips) out.set(c.key, addAmounts(out.get(c.key) ?? "0", c.amount));
  return out;
}

export const totalOf = (chips: Chips) => addAmounts("0", ...chips.map((c) => c.amount));

const BY_KEY = new Map(ROULETTE_SPOTS.map((s) => [s.key, s]));
export const spotOf = (key: string) => BY_KEY.get(key);

/** The spin's bets: one per spot with chips, in the board's order. */
export function betsOf(chips: Chips): RouletteBet[] {
  const s = stacks(chips);
  return ROULETTE_SPOTS.filter((spot) => s.has(spot.key)).map((spot) => ({
    ...spot.bet,
    amount: s.get(spot.key)!,
  }));
}

/** A chip may go down while the table's total stays within what the player may stake. */
export const fits = (chips: Chips, amount: string, most: string) =>
  compareAmounts(addAmounts(totalOf(chips), amount), most) <= 0;

/** The chip values offered: from a tenth up in fiat, from 0.0001 in crypto. */
export const chipValues = (crypto: boolean) =>
  crypto ? ["0.0001", "0.0005", "0.001", "0.005", "0.01", "0.05"] : ["0.1", "0.5", "1", "5", "25", "100"];

/** A chip's face: short enough for the chip ("1.5k" for 1500). */
export function chipFace(amount: string): string {
  const n = Number(amount);
  if (n >= 1000) return `${Number((n / 1000).toFixed(1))}k`;
  return String(Number(n.toPrecision(4)));
}
