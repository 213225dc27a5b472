/**
 * The one way money is written (issue 36: the bet slip wrote "US$4.12" beside the site's "$42.82"): the site's
 * formatMoney (app/features/wallet/format.ts) and the sportsbook widget both format with these options, in
 * the site locale's Intl tag.
 */

/** Intl options for an amount shown with at most `places` decimals, as a currency when Intl knows the code. */
export function moneyFormatOptions(places: number, currency?: string): Intl.NumberFormatOptions {
  const decimals = { minimumFractionDigits: Math.min(2, places), maximumFractionDigits: places };
  return currency ? { style: "currency", currency, ...decimals } : decimals;
}

/** Decimal strings go to Intl as strings, so nothing passes through a float (ES2023 Intl.NumberFormat v3). */
export function formatDecimal(nf: Intl.NumberFormat, value: string): string {
  return (nf.format as (v: string) => string)(value.startsWith(".") ? `0${value}` : value);
}
