import type { Currency } from "#common/api/wallet";
import { convertAmount, fromUnits, placesOf, roundAmount, scaleAmount, toUnits } from "#common/money";
import { formatDecimal, moneyFormatOptions } from "#common/money-format";

/**
 * Money on screen (spec point 9): BTC and ETH in mBTC / mETH (their sub-currency, ratio 1000), fiat in the
 * locale's own currency format, amounts always from decimal strings — never a float on the way.
 */

export interface DisplayUnit {
  /** What the player reads: "mBTC", "USD". */
  code: string;
  /** Wire amount × ratio = displayed amount. */
  ratio: number;
  /** Decimal places shown at most. */
  places: number;
  /** A three-letter ISO code Intl can format as a currency. */
  iso: boolean;
}

export function displayUnit(code: string, currency: Currency | undefined): DisplayUnit {
  const sub = currency?.subCurrencies?.[0];
  const base = placesOf(currency?.subunitToUnit ?? 100);
  if (sub && sub.subunitToUnit > 1) {
    const shift = placesOf(sub.subunitToUnit);
    return { code: sub.code, ratio: sub.subunitToUnit, places: Math.max(2, base - shift), iso: false };
  }
  const fiat = (currency?.type ?? "fiat") === "fiat" && /^[A-Z]{3}$/.test(code);
  return { code, ratio: 1, places: Math.min(8, Math.max(2, base)), iso: fiat };
}

const fmt = formatDecimal;

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let nf = cache.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, options);
    cache.set(key, nf);
  }
  return nf;
}

/** "1 234,50 €", "$12.00", "1.25000 mBTC". */
export function formatMoney(
  amount: string,
  code: string,
  currency: Currency | undefined,
  locale: string,
  opts: { places?: number; compact?: boolean } = {},
): string {
  const unit = displayUnit(code, currency);
  const places = opts.places ?? unit.places;
  const value = roundAmount(scaleAmount(amount || "0", unit.ratio), places);
  if (unit.iso) return fmt(numberFormat(locale, moneyFormatOptions(places, code)), value);
  const number = fmt(numberFormat(locale, moneyFormatOptions(places)), value);
  return `${number} ${unit.code}`;
}

/** The amount in another currency through the rates, rounded to 2 decimals (spec point 3). */
export function equivalentOf(
  amount: string,
  from: Currency | undefined,
  to: Currency | undefined,
): string | undefined {
  if (!from || !to) return undefined;
  if (from.code === to.code) return roundAmount(amount, 2);
  return roundAmount(convertAmount(amount, from.rate.rate, to.rate.rate), 2);
}

/** A rate that can convert: a positive decimal (the settings API may know none for a new currency). */
const usableRate = (c: Currency) => (toUnits(c.rate.rate) ?? 0n) > 0n;

/**
 * An amount in one currency's display unit as another's (the exchange input, spec point 3): "1.5" mBTC at
 * 60000 per BTC → "90" USD. Exact through both rates in decimal arithmetic, then rounded half away from zero
 * to the places the target shows (8 at most); undefined when either rate is unknown or the amount is not one.
 */
export function exchangeAmount(amount: string, from: Currency, to: Currency): string | undefined {
  if (!usableRate(from) || !usableRate(to)) return undefined;
  const fromUnit = displayUnit(from.code, from);
  const toUnit = displayUnit(to.code, to);
  const wire = toWireAmount(amount, fromUnit);
  if (wire === undefined) return undefined;
  const converted = convertAmount(wire, from.rate.rate, to.rate.rate);
  return roundAmount(toDisplayAmount(converted, toUnit), Math.min(toUnit.places, 8));
}

/** Displayed amount → wire amount: "1.5" mBTC → "0.0015" BTC (exact: 18 places hold every unit we carry). */
export function toWireAmount(displayed: string, unit: DisplayUnit): string | undefined {
  const units = toUnits(displayed);
  if (units === undefined) return undefined;
  return fromUnits(units / BigInt(unit.ratio));
}

/** Wire amount → displayed amount in the display unit (no rounding): "0.0015" BTC → "1.5". */
export const toDisplayAmount = (wire: string, unit: DisplayUnit): string => scaleAmount(wire, unit.ratio);
