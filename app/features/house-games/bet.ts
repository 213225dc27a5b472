import { compareAmounts, fromUnits, normalizeAmount, toUnits } from "#common/money";

/**
 * The bet amount control's arithmetic, on decimal strings (never floats): the smallest bet, halving and
 * doubling within [min, max], and the most a player may stake (the balance, capped by the house's limit).
 */

/** The server's per-bet cap (server/providers/games/house/service.ts MAX_BET). */
export const HOUSE_MAX_BET = "10000";

const CRYPTO = new Set(["BTC", "ETH", "USDT", "USDC", "TON", "LTC", "TRX", "BNB", "SOL", "DOGE"]);

/** Decimal places a stake may carry: the same rule the house pays by (8 for crypto, 2 otherwise). */
export const betPlaces = (currency: string) => (CRYPTO.has(currency) ? 8 : 2);

/** The smallest stake offered by the Min button: a cent, or 0.00001 of a crypto coin. */
export const minBet = (currency: string) => (CRYPTO.has(currency) ? "0.00001" : "0.01");

/** The default first stake: small, so a first click never risks much. */
export const defaultBet = (currency: string) => (CRYPTO.has(currency) ? "0.0001" : "1");

const min = (a: string, b: string) => (compareAmounts(a, b) <= 0 ? a : b);
const max = (a: string, b: string) => (compareAmounts(a, b) >= 0 ? a : b);

/** Cuts an amount down to `places` decimals (toward zero). */
export function truncate(amount: string, places: number): string {
  const units = toUnits(amount);
  if (units === undefined) return "0";
  const step = 10n ** BigInt(18 - places);
  return fromUnits((units / step) * step);
}

/** The Max button: the whole balance, but never above the house's cap. */
export function maxBet(balance: string, currency: string): string {
  const b = truncate(balance, betPlaces(currency));
  return max(minBet(currency), min(b, HOUSE_MAX_BET));
}

export function halfBet(amount: string, currency: string): string {
  const units = toUnits(normalizeAmount(amount) ?? "0") ?? 0n;
  return max(minBet(currency), truncate(fromUnits(units / 2n), betPlaces(currency)));
}

export function doubleBet(amount: string, balance: string, currency: string): string {
  const units = toUnits(normalizeAmount(amount) ?? "0") ?? 0n;
  return min(truncate(fromUnits(units * 2n), betPlaces(currency)), maxBet(balance, currency));
}

export type BetProblem = "invalid" | "tooSmall" | "tooBig" | "notEnough";

/** Why an amount cannot be staked, checked before the server is asked (the server checks again). */
export function betProblem(amount: string, balance: string, currency: string): BetProblem | undefined {
  const a = normalizeAmount(amount.trim().replace(",", "."));
  if (!a || truncate(a, betPlaces(currency)) !== a) return "invalid";
  if (compareAmounts(a, minBet(currency)) < 0) return "tooSmall";
  if (compareAmounts(a, HOUSE_MAX_BET) > 0) return "tooBig";
  if (compareAmounts(a, balance) > 0) return "notEnough";
  return undefined;
}
