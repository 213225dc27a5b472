import { bigint, numeric, timestamp } from "drizzle-orm/pg-core";

/**
 * Column shapes every module's tables share, so that a moment, an amount of money and a row's key are written
 * one way across the schema.
 */

/** A moment, kept with its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** When the row was last changed (set by the code that changes it). */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** Scale of every amount: 18 decimals holds wei; 38 digits in all holds any balance a casino will see. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** A generated row key read as a JS number: for tables that stay catalogue-sized. */
export const numberIdentity = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();

/** A generated row key read as a bigint: for tables that grow without end (players, money movements). */
export const bigintIdentity = () => bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity();
