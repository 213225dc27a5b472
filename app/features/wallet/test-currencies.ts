import type { Currency } from "#common/api/wallet";

/**
 * For unit tests: a currency as the wallet lists it, fiat with cents and a rate of 1 unless told otherwise
 * (USD is the base).
 */
export const testCurrency = (code: string, extra: Partial<Currency> = {}): Currency => ({
  code,
  name: code,
  type: "fiat",
  isEnabled: true,
  isBase: code === "USD",
  subunitToUnit: 100,
  rate: { rate: "1" },
  symbol: "$",
  subCurrencies: [],
  ...extra,
});

/** Bitcoin at 95,000 to the dollar, with satoshis and a millibitcoin display unit. */
export const testBTC = testCurrency("BTC", {
  type: "crypto",
  subunitToUnit: 100_000_000,
  rate: { rate: "95000" },
  subCurrencies: [{ code: "mBTC", subunitToUnit: 1000 }],
});
