/**
 * Money in code: decimal strings on the wire, `bigint` units of 10^-18 in arithmetic, never a float. 18
 * decimals match the database's NUMERIC(38,18) and hold the smallest unit of every currency we carry.
 */
export const MONEY_SCALE = 18;
const FACTOR = 10n ** BigInt(MONEY_SCALE);
const DECIMAL = /^(-)?(\d{1,20})(?:\.(\d{1,18}))?$/;

/** Reads "12.5" / "-0.001" into units; undefined for anything that is not a plain decimal. */
export function toUnits(value: string): bigint | undefined {
  const m = DECIMAL.exec(value.trim());
  if (!m) return undefined;
  const units = BigInt(m[2]!) * FACTOR + BigInt((m[3] ?? "").padEnd(MONEY_SCALE, "0"));
  return m[1] ? -units : units;
}

/** Writes units back as the shortest decimal string: 12500000000000000000n → "12.5". */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / FACTOR;
  const fraction = (abs % FACTOR).toString().padStart(MONEY_SCALE, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** The normal form of a decimal string ("010.50" → "10.5"); undefined when it is not one. */
export function normalizeAmount(value: string): string | undefined {
  const units = toUnits(value);
  return units === undefined ? undefined : fromUnits(units);
}

/** Decimal places an amount uses: "10.25" → 2. */
export function decimalPlaces(value: string): number {
  const normal = normalizeAmount(value) ?? "";
  const dot = normal.indexOf(".");
  return dot < 0 ? 0 : normal.length - dot - 1;
}

/** Decimal places a currency's smallest unit allows: subunitToUnit 100 → 2, 10^8 → 8. */
export function placesOf(subunitToUnit: number): number {
  return Math.round(Math.log10(subunitToUnit));
}

export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const d = (toUnits(a) ?? 0n) - (toUnits(b) ?? 0n);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function addAmounts(...values: string[]): string {
  return fromUnits(values.reduce((sum, v) => sum + (toUnits(v) ?? 0n), 0n));
}

export function negate(value: string): string {
  return fromUnits(-(toUnits(value) ?? 0n));
}

/** Rounds half away from zero to `places` decimals: roundAmount("2.345", 2) → "2.35". */
export function roundAmount(value: string, places: number): string {
  const units = toUnits(value) ?? 0n;
  const step = 10n ** BigInt(MONEY_SCALE - places);
  const abs = units < 0n ? -units : units;
  const rounded = ((abs + step / 2n) / step) * step;
  return fromUnits(units < 0n ? -rounded : rounded);
}

/**
 * An amount in another currency through both currencies' rates (units of the base currency per unit, as the
 * settings API gives them): amount × fromRate ÷ toRate, exact to 18 places before any rounding.
 */
export function convertAmount(amount: string, fromRate: string, toRate: string): string {
  const to = toUnits(toRate) ?? 0n;
  if (to === 0n) return "0";
  return fromUnits(((toUnits(amount) ?? 0n) * (toUnits(fromRate) ?? 0n)) / to);
}

/** Multiplies by a whole ratio, e.g. BTC shown as mBTC (× 1000, spec point 9). */
export function scaleAmount(value: string, ratio: number): string {
  return fromUnits((toUnits(value) ?? 0n) * BigInt(ratio));
}
