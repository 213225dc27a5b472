import { fromUnits, toUnits } from "../money";

/** Multipliers carry 4 decimals at most ("1.9800"); kept as integers of 10^-4 so no float touches money. */
export const MULTIPLIER_SCALE = 10_000;

/** A multiplier as a decimal string with 2 to 4 decimals: 19800 → "1.98". */
export function multiplierText(scaled: number): string {
  const whole = Math.floor(scaled / MULTIPLIER_SCALE);
  const frac = String(scaled % MULTIPLIER_SCALE)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `${whole}.${frac.length < 2 ? frac.padEnd(2, "0") : frac}`;
}

/**
 * Stake × multiplier, rounded down to `places` decimals (the currency's smallest unit): the house never pays a
 * fraction of a cent it does not have.
 */
export function payout(stake: string, scaledMultiplier: number, places: number): string {
  const units = toUnits(stake);
  if (units === undefined) throw new Error(`Not an amount: ${stake}`);
  const raw = (units * BigInt(scaledMultiplier)) / BigInt(MULTIPLIER_SCALE);
  const step = 10n ** BigInt(18 - Math.min(places, 18));
  return fromUnits((raw / step) * step);
}
