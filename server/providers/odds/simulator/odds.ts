/**
 * From fair probabilities to the decimal prices the book offers. The margin is applied proportionally: every
 * selection's implied probability is its fair probability times (1 + margin), so a market's implied
 * probabilities sum to 1 + margin (a double-chance market, whose outcomes overlap, to 2 × (1 + margin)) and
 * every selection carries the same expected hold, margin / (1 + margin) of the stake.
 */

export const MIN_ODDS = 1.01;
/** Long shots are capped here; the excess implied probability is taken back from the other selections. */
export const MAX_ODDS = 1000;

/** The price step at a price: 0.01 under 10, 0.1 under 100, then 1. */
function step(odds: number): number {
  return odds < 10 ? 0.01 : odds < 100 ? 0.1 : 1;
}

/** Rounds to the price grid (2 decimals under 10, 1 under 100, whole numbers above), within the bounds. */
export function roundOdds(raw: number): number {
  const clamped = Math.min(MAX_ODDS, Math.max(MIN_ODDS, raw));
  const s = step(clamped);
  return Math.max(MIN_ODDS, Math.round(clamped / s) * s);
}

export function formatOdds(odds: number): string {
  return odds.toFixed(odds < 10 ? 2 : odds < 100 ? 1 : 0);
}

/** The book's implied probability of a price string. */
export function implied(odds: string): number {
  return 1 / Number(odds);
}

/**
 * Prices for the fair probabilities (which sum to 1, or 2 for double chance), or undefined when the market
 * cannot be offered: a selection would fall under the minimum price, or capping long shots would leave no
 * margin on the rest.
 */
export function priceWithMargin(fair: readonly number[], margin: number): string[] | undefined {
  const total = fair.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return undefined;
  const target = total * (1 + margin);
  const floor = 1 / MAX_ODDS;
  let capped = 0;
  let freeFair = 0;
  for (const p of fair) {
    if (p * (1 + margin) < floor) capped++;
    else freeFair += p;
  }
  const scale = freeFair > 0 ? (target - capped * floor) / freeFair : 0;
  if (scale < 1 + margin / 2) return undefined;
  const q = fair.map((p) => (p * (1 + margin) < floor ? floor : p * scale));
  if (q.some((x) => 1 / x < MIN_ODDS)) return undefined;
  const odds = q.map((x) => roundOdds(1 / x));
  // Rounding moves each implied probability a little; the shortest price moves it most, so nudge that one
  // a step or two until the book sits back at its target.
  for (let i = 0; i < 4; i++) {
    const err = odds.reduce((a, o) => a + 1 / o, 0) - target;
    if (Math.abs(err) < 0.001) break;
    let k = 0;
    for (let j = 1; j < odds.length; j++) if (odds[j]! < odds[k]!) k = j;
    const o = odds[k]!;
    const next = err > 0 ? roundOdds(o + step(o)) : roundOdds(o - step(o));
    const newErr = err - 1 / o + 1 / next;
    if (Math.abs(newErr) >= Math.abs(err)) break;
    odds[k] = next;
  }
  return odds.map(formatOdds);
}
