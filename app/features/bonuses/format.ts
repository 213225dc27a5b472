import { addAmounts, compareAmounts, negate, toUnits } from "#common/money";

/**
 * How far a bonus is wagered, in whole percent 0–100 (rounded down: 100 only when it is done). Decimal
 * strings in, no float arithmetic on money: the ratio is taken on the exact units.
 */
export function wageringPercent(wagered: string, required: string): number {
  const w = toUnits(wagered) ?? 0n;
  const r = toUnits(required) ?? 0n;
  if (r <= 0n) return 100;
  if (w <= 0n) return 0;
  if (w >= r) return 100;
  return Number((w * 100n) / r);
}

/** How much of a bonus's wagering is still to be bet: never below zero (a bet may take it past done). */
export function wageringLeft(bonus: { wagered: string; wageringRequired: string }): string {
  const left = addAmounts(bonus.wageringRequired, negate(bonus.wagered));
  return compareAmounts(left, "0") > 0 ? left : "0";
}

/** A currency's amount from a per-currency list (a cap, a max bet, a threshold), if it names the currency. */
export function amountIn<T extends { currency: string }>(items: readonly T[], currency: string | undefined) {
  return currency ? items.find((i) => i.currency === currency) : undefined;
}
