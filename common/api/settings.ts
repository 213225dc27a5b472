import { z } from "zod";
import { CONSTANT_GROUPS } from "../constants";
import { dataOf } from "./shared";

/** GET /api/settings/currencies: the rate nested as `rate.rate`, units of the base currency per unit. */
export const currency = z
  .object({
    code: z.string(),
    name: z.string(),
    type: z.enum(["fiat", "crypto"]),
    isEnabled: z.boolean(),
    isBase: z.boolean(),
    subunitToUnit: z.number().int(),
    rate: z.object({ rate: z.string() }),
    symbol: z.string(),
    /** Display units: BTC and ETH are shown in mBTC / mETH (subunitToUnit 1000, spec point 9). */
    subCurrencies: z.array(z.object({ code: z.string(), subunitToUnit: z.number().int() })),
  })
  .meta({ id: "Currency" });
export type Currency = z.infer<typeof currency>;

/** `?visible=true` lists only the currencies players may use. */
export const currenciesQuery = z.object({
  visible: z
    .enum(["true", "false", "1", "0"], { message: "visible must be true, false, 1 or 0" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

/** A country (spec point 3); `restrict` sends its visitors to the geo-restricted layout. */
export const country = z
  .object({ code: z.string(), name: z.string(), locale: z.string(), restrict: z.boolean() })
  .meta({ id: "Country" });
export type Country = z.infer<typeof country>;

export const locale = z
  .object({ code: z.string(), name: z.string(), isDefault: z.boolean() })
  .meta({ id: "Locale" });
export type Locale = z.infer<typeof locale>;

export const timeZone = z.object({ id: z.string(), name: z.string() }).meta({ id: "TimeZone" });
export type TimeZone = z.infer<typeof timeZone>;

/** The settings constants of spec point 3: each group maps names to their numbers; time zones listed. */
const group = z.record(z.string(), z.number());
export const constantsAnswer = dataOf(
  z.object({
    "player.timeZone": z.array(timeZone),
    ...(Object.fromEntries(Object.keys(CONSTANT_GROUPS).map((name) => [name, group])) as Record<
      keyof typeof CONSTANT_GROUPS,
      typeof group
    >),
  }),
);

export const currenciesAnswer = dataOf(z.array(currency));
export const countriesAnswer = dataOf(z.array(country));
export const localesAnswer = dataOf(z.array(locale));
