import { sql } from "drizzle-orm";
import { ISO_COUNTRY_CODES, isExcludedCountry } from "#common/countries";
import { DEFAULT_LOCALE, SITE_LOCALES } from "#common/i18n/locales";
import type { Db } from "../../db/client";
import { countries, currencies, locales } from "./tables";

type CurrencySeed = typeof currencies.$inferInsert;

/** Currencies of one type, kept to `subunitToUnit` unless a seed says otherwise. */
const currencyOf =
  (type: CurrencySeed["type"], subunitToUnit: number) =>
  (code: string, name: string, symbol: string, rate: string, more?: Partial<CurrencySeed>): CurrencySeed => ({
    code,
    type,
    name,
    symbol,
    subunitToUnit,
    rate,
    ...more,
  });

/** Fiat money: to the cent. */
const fiat = currencyOf("fiat", 100);
/** Crypto: to 8 decimal places. */
const crypto = currencyOf("crypto", 100_000_000);

/**
 * Demo currencies. Rates are units of the base currency (USD) one unit is worth, as decimal strings.
 * Crypto amounts are kept to 8 decimal places (USDT to its on-chain 6), so that is their subunit — ETH's
 * 10^18 wei would not fit the column and no player sees amounts that small.
 */
const CURRENCIES: CurrencySeed[] = [
  fiat("USD", "US Dollar", "$", "1", { isBase: true }),
  fiat("EUR", "Euro", "€", "1.08"),
  fiat("BRL", "Brazilian Real", "R$", "0.18"),
  fiat("RUB", "Russian Ruble", "₽", "0.011"),
  fiat("INR", "Indian Rupee", "₹", "0.0118"),
  fiat("BDT", "Bangladeshi Taka", "৳", "0.0083"),
  fiat("UAH", "Ukrainian Hryvnia", "₴", "0.024"),
  fiat("KZT", "Kazakhstani Tenge", "₸", "0.0019"),
  fiat("UZS", "Uzbekistani Som", "soʻm", "0.000079"),
  fiat("TRY", "Turkish Lira", "₺", "0.028"),
  fiat("CAD", "Canadian Dollar", "C$", "0.72"),
  fiat("NGN", "Nigerian Naira", "₦", "0.00065"),
  // Shown in the catalogue but not offered: no payment method serves it yet.
  fiat("PKR", "Pakistani Rupee", "₨", "0.0036", { isEnabled: false }),
  crypto("BTC", "Bitcoin", "₿", "95000", { subCurrencies: [{ code: "mBTC", subunitToUnit: 1000 }] }),
  crypto("ETH", "Ethereum", "Ξ", "3400", { subCurrencies: [{ code: "mETH", subunitToUnit: 1000 }] }),
  crypto("USDT", "Tether USD", "₮", "1", { subunitToUnit: 1_000_000 }),
  crypto("TON", "Toncoin", "TON", "5.2"),
  crypto("TRX", "TRON", "TRX", "0.24"),
  crypto("LTC", "Litecoin", "Ł", "95"),
  crypto("USDC", "USD Coin", "USDC", "1", { subunitToUnit: 1_000_000, isEnabled: false }),
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
