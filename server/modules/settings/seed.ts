import { sql } from "drizzle-orm";
import { ISO_COUNTRY_CODES, isExcludedCountry } from "#common/countries";
import { DEFAULT_LOCALE, SITE_LOCALES } from "#common/i18n/locales";
import type { Db } from "../../db/client";
import { countries, currencies, locales } from "./tables";

type CurrencySeed = typeof currencies.$inferInsert;

/**
 * Demo currencies. Rates are units of the base currency (USD) one unit is worth, as decimal strings.
 * Crypto amounts are kept to 8 decimal places (USDT to its on-chain 6), so that is their subunit — ETH's
 * 10^18 wei would not fit the column and no player sees amounts that small.
 */
const CURRENCIES: CurrencySeed[] = [
  { code: "USD", type: "fiat", name: "US Dollar", symbol: "$", isBase: true, subunitToUnit: 100, rate: "1" },
  { code: "EUR", type: "fiat", name: "Euro", symbol: "€", subunitToUnit: 100, rate: "1.08" },
  { code: "BRL", type: "fiat", name: "Brazilian Real", symbol: "R$", subunitToUnit: 100, rate: "0.18" },
  { code: "RUB", type: "fiat", name: "Russian Ruble", symbol: "₽", subunitToUnit: 100, rate: "0.011" },
  { code: "INR", type: "fiat", name: "Indian Rupee", symbol: "₹", subunitToUnit: 100, rate: "0.0118" },
  { code: "BDT", type: "fiat", name: "Bangladeshi Taka", symbol: "৳", subunitToUnit: 100, rate: "0.0083" },
  { code: "UAH", type: "fiat", name: "Ukrainian Hryvnia", symbol: "₴", subunitToUnit: 100, rate: "0.024" },
  { code: "KZT", type: "fiat", name: "Kazakhstani Tenge", symbol: "₸", subunitToUnit: 100, rate: "0.0019" },
  {
    code: "UZS",
    type: "fiat",
    name: "Uzbekistani Som",
    symbol: "soʻm",
    subunitToUnit: 100,
    rate: "0.000079",
  },
  { code: "TRY", type: "fiat", name: "Turkish Lira", symbol: "₺", subunitToUnit: 100, rate: "0.028" },
  { code: "CAD", type: "fiat", name: "Canadian Dollar", symbol: "C$", subunitToUnit: 100, rate: "0.72" },
  { code: "NGN", type: "fiat", name: "Nigerian Naira", symbol: "₦", subunitToUnit: 100, rate: "0.00065" },
  // Shown in the catalogue but not offered: no payment method serves it yet.
  {
    code: "PKR",
    type: "fiat",
    name: "Pakistani Rupee",
    symbol: "₨",
    subunitToUnit: 100,
    rate: "0.0036",
    isEnabled: false,
  },
  {
    code: "BTC",
    type: "crypto",
    name: "Bitcoin",
    symbol: "₿",
    subunitToUnit: 100_000_000,
    rate: "95000",
    subCurrencies: [{ code: "mBTC", subunitToUnit: 1000 }],
  },
  {
    code: "ETH",
    type: "crypto",
    name: "Ethereum",
    symbol: "Ξ",
    subunitToUnit: 100_000_000,
    rate: "3400",
    subCurrencies: [{ code: "mETH", subunitToUnit: 1000 }],
  },
  { code: "USDT", type: "crypto", name: "Tether USD", symbol: "₮", subunitToUnit: 1_000_000, rate: "1" },
  { code: "TON", type: "crypto", name: "Toncoin", symbol: "TON", subunitToUnit: 100_000_000, rate: "5.2" },
  { code: "TRX", type: "crypto", name: "TRON", symbol: "TRX", subunitToUnit: 100_000_000, rate: "0.24" },
  { code: "LTC", type: "crypto", name: "Litecoin", symbol: "Ł", subunitToUnit: 100_000_000, rate: "95" },
  {
    code: "USDC",
    type: "crypto",
    name: "USD Coin",
    symbol: "USDC",
    subunitToUnit: 1_000_000,
    rate: "1",
    isEnabled: false,
  },
];

const EURO_AREA = "AT BE CY DE EE ES FI GR HR IE IT LT LU LV MT PT SI SK".split(" ");
const COUNTRY_CURRENCY: Record<string, string> = {
  BR: "BRL",
  RU: "RUB",
  IN: "INR",
  BD: "BDT",
  UA: "UAH",
  KZ: "KZT",
  UZ: "UZS",
  TR: "TRY",
  CA: "CAD",
  NG: "NGN",
  PK: "PKR",
  ...Object.fromEntries(EURO_AREA.map((c) => [c, "EUR"])),
};

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Inserts what is missing and leaves what an operator changed alone: a restart never duplicates or resets. */
export async function seedSettings(db: Db): Promise<void> {
  await db
    .insert(currencies)
    .values(CURRENCIES.map((c, i) => ({ ...c, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(countries)
    .values(
      ISO_COUNTRY_CODES.map((code) => ({
        code,
        name: regionNames.of(code) ?? code,
        locale: new Intl.Locale(`und-${code}`).maximize().baseName.replace(/-\w{4}-/, "-"),
        restrict: isExcludedCountry(code),
        currency: COUNTRY_CURRENCY[code] ?? null,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(locales)
    .values(
      SITE_LOCALES.map((l, i) => ({
        code: l.code,
        name: l.name,
        isDefault: l.code === DEFAULT_LOCALE,
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
  // Exactly one default locale, even if an operator's edit left none.
  await db.execute(
    sql`update locales set is_default = (code = ${DEFAULT_LOCALE}) where not exists (select 1 from locales where is_default)`,
  );
}
