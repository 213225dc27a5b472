import { z } from "zod";

/** A currency code as players and operators write it: 2–10 letters or digits, upper-cased. */
export const currencyCode = z
  .string()
  .max(16)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, "Unknown currency");

/** A decimal amount on the wire: never a JSON number (money is never a float). */
export const decimalString = z
  .string()
  .max(64)
  .meta({ description: 'a decimal number as text, e.g. "12.50"' });

/** An id the database keeps as bigint, carried as its decimal text. */
export const idParam = z.object({ id: z.string().max(40) });

/** The envelope of most answers: `{ data }`. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data });
