import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";

export const currencies = pgTable("currencies", {
  code: text("code").primaryKey(),
  type: text("type", { enum: ["fiat", "crypto"] }).notNull(),
  name: text("name").notNull(),
  symbol: text("symbol").notNull(),
  isEnabled: boolean("is_enabled").notNull().default(true),
  isBase: boolean("is_base").notNull().default(false),
  subunitToUnit: integer("subunit_to_unit").notNull(),
  /** Units of the base currency one unit of this currency is worth; NUMERIC, never a float. */
  rate: numeric("rate", { precision: 30, scale: 12 }).notNull(),
  /** Display sub-currencies, e.g. mBTC = 1/1000 BTC. */
  subCurrencies: jsonb("sub_currencies")
    .$type<{ code: string; subunitToUnit: number }[]>()
    .notNull()
    .default([]),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const countries = pgTable("countries", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  locale: text("locale").notNull(),
  /** A restricted country's visitors get the geo-restricted layout and cannot register. */
  restrict: boolean("restrict").notNull().default(false),
  /** The currency a visitor from here starts with, when it is enabled. */
  currency: text("currency"),
});

export const locales = pgTable("locales", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  isEnabled: boolean("is_enabled").notNull().default(true),
  sortOrder: smallint("sort_order").notNull().default(0),
});

/**
 * Each currency's rate on each day (UTC), for reports that convert a day's money at that day's rate (decision
 * 0023): written when the rates are refreshed (the day's last refresh wins) and by a daily job that copies the
 * current rate into a day that has none yet. A day without a row uses the nearest earlier day's rate.
 */
export const currencyRateDays = pgTable(
  "currency_rate_days",
  {
    currency: text("currency")
      .notNull()
      .references(() => currencies.code),
    day: date("day", { mode: "string" }).notNull(),
    /** Units of the base currency one unit was worth that day; NUMERIC as `currencies.rate`. */
    rate: numeric("rate", { precision: 30, scale: 12 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);
