import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Currency, TimeZone } from "#common/api/settings";
import { CONSTANT_GROUPS } from "#common/constants";
import type { Cache, CacheScope } from "../../cache";
import { type Db, rowsOf } from "../../db/client";
import type { RatesSource } from "../../providers/rates/port";
import { countries, currencies, currencyRateDays, locales } from "./tables";

/**
 * The settings answers kept in memory. They change only through `refreshRates` and the seed, which invalidate
 * them; 15 minutes is the spec's own cache time for settings (point 7), the limit for a change made by hand.
 */
export const SETTINGS_CACHE: CacheScope = { name: "settings", ttlMs: 15 * 60_000, maxEntries: 20 };

/** A currency as spec point 3 shows it: the rate nested as `rate.rate`, a decimal string. */
export type CurrencyView = Currency;

/** Base first, then fiat, then crypto, each in the operator's order. */
export async function listCurrencies(db: Db, opts: { visibleOnly?: boolean } = {}): Promise<CurrencyView[]> {
  const rows = await db
    .select()
    .from(currencies)
    .where(opts.visibleOnly ? eq(currencies.isEnabled, true) : undefined)
    .orderBy(asc(currencies.sortOrder), asc(currencies.code));
  const rank = (c: (typeof rows)[number]) => (c.isBase ? 0 : c.type === "fiat" ? 1 : 2);
  return rows
    .sort((a, b) => rank(a) - rank(b))
    .map((c) => ({
      code: c.code,
      name: c.name,
      type: c.type,
      isEnabled: c.isEnabled,
      isBase: c.isBase,
      subunitToUnit: c.subunitToUnit,
      // NUMERIC comes back padded to its scale ("95000.000000000000"); trailing zeros say nothing.
      rate: { rate: trimDecimal(c.rate) },
      symbol: c.symbol,
      subCurrencies: c.subCurrencies,
    }));
}

export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

export async function listCountries(db: Db) {
  return db
    .select({
      code: countries.code,
      name: countries.name,
      locale: countries.locale,
      restrict: countries.restrict,
    })
    .from(countries)
    .orderBy(asc(countries.name));
}

/** One currency by its code, enabled or not; undefined when there is none. */
export async function findCurrency(db: Db, code: string) {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  return row;
}

/** The currency rates are quoted in (USD in the demo set). */
export async function findBaseCurrency(db: Db) {
  const [row] = await db.select().from(currencies).where(eq(currencies.isBase, true));
  return row;
}

/**
 * A currency's rate (units of the base currency one unit is worth) as text, as a subquery for a caller's own
 * statement: what `findCurrency(…).rate` reads, without a round trip of its own (issue 38). Null when there is no
 * such currency. `code` is an SQL expression: a column of the caller's statement or a parameter.
 */
export const currencyRateSql = (code: SQL) =>
  sql`(select c.rate::text from ${currencies} c where c.code = ${code})`;

/** The base currency's code as a subquery for a caller's own statement (`findBaseCurrency(…).code`); null when none. */
export const baseCurrencyCodeSql = () => sql`(select c.code from ${currencies} c where c.is_base limit 1)`;

export async function findCountry(db: Db, code: string) {
  const [row] = await db.select().from(countries).where(eq(countries.code, code));
  return row;
}

export async function listLocales(db: Db) {
  return db
    .select({ code: locales.code, name: locales.name, isDefault: locales.isDefault })
    .from(locales)
    .where(eq(locales.isEnabled, true))
    .orderBy(asc(locales.sortOrder));
}

let timeZones: TimeZone[] | undefined;

/** Every IANA zone, named "(UTC+03:00) Europe/Moscow", west to east. Offsets are today's (summer time moves them). */
export function listTimeZones(now = new Date()): TimeZone[] {
  if (timeZones) return timeZones;
  const zones = Intl.supportedValuesOf("timeZone").map((id) => {
    const offset = utcOffset(id, now);
    return { id, name: `(UTC${offset.label}) ${id}`, minutes: offset.minutes };
  });
  zones.sort((a, b) => a.minutes - b.minutes || a.id.localeCompare(b.id));
  timeZones = zones.map(({ id, name }) => ({ id, name }));
  return timeZones;
}

function utcOffset(timeZone: string, now: Date): { label: string; minutes: number } {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(now)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = part?.match(/GMT([+-])(\d{2}):(\d{2})/);
  if (!m) return { label: "+00:00", minutes: 0 };
  const minutes = (Number(m[2]) * 60 + Number(m[3])) * (m[1] === "-" ? -1 : 1);
  return { label: `${m[1]}${m[2]}:${m[3]}`, minutes };
}

export function constants() {
  return { "player.timeZone": listTimeZones(), ...CONSTANT_GROUPS };
}

/**
 * Refreshes every currency's rate (units of the base currency one unit is worth) from a feed quoting "units
 * per one base". The division happens in NUMERIC, rounded to the column's 12 places. A currency the feed does
 * not quote keeps its rate. Answers the codes it updated; every process then forgets the cached currencies.
 */
export async function refreshRates(
  db: Db,
  source: RatesSource,
  cache: Cache,
  now: Date = new Date(),
): Promise<string[]> {
  const [base] = await db.select().from(currencies).where(eq(currencies.isBase, true));
  if (!base) return [];
  const quotes = await source.latest(base.code);
  const updated: string[] = [];
  for (const c of await db.select().from(currencies)) {
    const quote = quotes[c.code];
    if (c.isBase || !quote || !/^\d+(\.\d+)?$/.test(quote) || Number(quote) === 0) continue;
    await db
      .update(currencies)
      .set({ rate: sql`round(1 / ${quote}::numeric, 12)` })
      .where(eq(currencies.code, c.code));
    updated.push(c.code);
  }
  if (updated.length > 0) await cache.invalidate(SETTINGS_CACHE.name);
  if (updated.length > 0) await recordDayRates(db, now, { replace: true });
  return updated;
}

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Copies every currency's current rate into the rates of `at`'s UTC day (decision 0023): `replace` (a refresh)
 * overwrites what the day had, so the day keeps its last rate; the daily job only fills a day that has none.
 * Answers how many rows it wrote.
 */
export async function recordDayRates(db: Db, at: Date, opts: { replace?: boolean } = {}): Promise<number> {
  const day = utcDay(at);
  const onConflict = opts.replace ? sql`do update set rate = excluded.rate` : sql`do nothing`;
  const inserted = await rowsOf<{ currency: string }>(
    db,
    sql`
    insert into ${currencyRateDays} (currency, day, rate)
    select code, ${day}::date, rate from ${currencies}
    on conflict (currency, day) ${onConflict}
    returning currency`,
  );
  return inserted.length;
}
