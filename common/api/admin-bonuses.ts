import { z } from "zod";
import { SITE_LOCALES } from "../i18n/locales";

/**
 * The back office's bonus definitions (issue #21, decision 0026): deposit bonuses (the welcome package's steps
 * among them), fixed bonuses, free-spin packages and cashback rules. The site imports these with `import type`
 * only (decision 0020). Money is a decimal string, never a JSON number.
 */

export const BONUS_KINDS = ["deposit", "fixed", "freespins", "cashback"] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** A positive decimal amount as text: up to 12 digits, up to 8 places. */
const amount = z
  .string()
  .max(40)
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, "a decimal amount, e.g. 12.50")
  .refine((v) => /[1-9]/.test(v), "must be more than zero");
/** A multiplier of the table's numeric(8,2): up to 999999.99. */
const multiplier = z
  .string()
  .max(20)
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, "a number with up to 2 decimals, e.g. 30 or 12.5");
const currency = z
  .string()
  .max(16)
  .trim()
  .regex(/^[A-Z0-9]{2,10}$/, "a currency code, e.g. USD");
const items = z.array(z.object({ currency, amount })).max(40);
const days = z.number().int().min(1).max(365);
const localeCodes = SITE_LOCALES.map((l) => l.code).filter((c) => c !== "en") as [string, ...string[]];

const texts = z.object({
  name: z.string().trim().min(1, "a name is needed").max(120),
  description: z.string().trim().max(1000),
});

/** The terms staff set (everything but the kind and the page address, fixed at creation). */
const termsShape = {
  /** The default locale's (en) name and description: templates, figures as placeholders ({percent}, {cap}…). */
  name: texts.shape.name,
  description: texts.shape.description,
  /** The other locales' texts (ru, pt-br); a locale left out shows the default's. */
  translations: z.partialRecord(z.enum(localeCodes), texts),
  /** Deposit bonuses: the welcome package step (deposit number 1–10) or null (not in the package). */
  packageStep: z.number().int().min(1).max(10).nullable(),
  /** Deposit bonuses: the least qualifying deposit per currency, and for the others in the base currency. */
  triggerConditions: z.object({
    invoiceAmountItems: z.array(z.object({ currency, amountFrom: amount })).max(40),
    baseCurrencyInvoiceAmountFrom: amount.nullable(),
  }),
  /** Deposit bonuses: the match in percent (0: free spins only). */
  matchPercent: z.number().int().min(0).max(1000),
  /** Deposit: the cap of the match; fixed: the amount given. Per currency; others get the base amount converted. */
  maxAmountItems: items,
  baseCurrencyMaxAmount: amount.nullable(),
  /** × the bonus amount (free spins and cashback: × what they give). */
  wageringMultiplier: multiplier,
  /** Percent of each kind of stake that counts towards wagering; sports bets from these odds. */
  contribution: z.object({
    slots: z.number().int().min(0).max(100),
    tables: z.number().int().min(0).max(100),
    live: z.number().int().min(0).max(100),
    sportsbook: z.number().int().min(0).max(100),
    sportsbookMinOdds: z
      .string()
      .max(20)
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, "odds, e.g. 1.5"),
  }),
  /** The largest bet while wagering, per currency (none listed: no limit). */
  maxBetItems: items,
  /** Converted at most this × the bonus amount; null: no cap. */
  maxConversionMultiplier: multiplier.nullable(),
  activationDays: days,
  wageringDays: days,
  /** Cashback: percent of net losses, the period in hours, the least paid per currency. */
  cashbackPercent: z.number().int().min(1).max(100).nullable(),
  cashbackPeriodHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 31)
    .nullable(),
  cashbackMinItems: items,
  /** Free spins (a package, or a deposit bonus's extra): the game's slug, the spins, the bet per currency. */
  freespinGameSlug: z.string().trim().min(1).max(120).nullable(),
  freespinCount: z.number().int().min(1).max(1000).nullable(),
  freespinBetItems: items,
  /** Place in lists (lower first). */
  sortOrder: z.number().int().min(-1000).max(100_000),
};

export const adminBonusCreateBody = z.object({
  kind: z.enum(BONUS_KINDS),
  /** The page address part, /bonus/{pageIdentity}: lower-case letters, digits and dashes; never changes. */
  pageIdentity: z
    .string()
    .max(60)
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, "lower-case letters, digits and dashes"),
  /** New bonuses start switched off unless asked otherwise, so they can be checked before players see them. */
  isEnabled: z.boolean().default(false),
  ...termsShape,
  translations: termsShape.translations.default({}),
  packageStep: termsShape.packageStep.default(null),
  triggerConditions: termsShape.triggerConditions.default({
    invoiceAmountItems: [],
    baseCurrencyInvoiceAmountFrom: null,
  }),
  matchPercent: termsShape.matchPercent.default(0),
  maxAmountItems: items.default([]),
  baseCurrencyMaxAmount: termsShape.baseCurrencyMaxAmount.default(null),
  maxBetItems: items.default([]),
  maxConversionMultiplier: termsShape.maxConversionMultiplier.default(null),
  activationDays: days.default(7),
  wageringDays: days.default(30),
  cashbackPercent: termsShape.cashbackPercent.default(null),
  cashbackPeriodHours: termsShape.cashbackPeriodHours.default(null),
  cashbackMinItems: items.default([]),
  freespinGameSlug: termsShape.freespinGameSlug.default(null),
  freespinCount: termsShape.freespinCount.default(null),
  freespinBetItems: items.default([]),
  sortOrder: termsShape.sortOrder.default(100),
});
export type AdminBonusCreateBody = z.input<typeof adminBonusCreateBody>;

/** PATCH: any of the terms, and the switch. What is left out stays. */
export const adminBonusChangeBody = z
  .object({ isEnabled: z.boolean(), ...termsShape })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: "nothing to change", path: ["_"] });
export type AdminBonusChangeBody = z.input<typeof adminBonusChangeBody>;

const shownItems = z.array(z.object({ currency: z.string(), amount: z.string() }));

export const adminBonus = z.object({
  id: z.string(),
  kind: z.enum(BONUS_KINDS),
  pageIdentity: z.string(),
  isEnabled: z.boolean(),
  sortOrder: z.number().int(),
  name: z.string(),
  description: z.string(),
  translations: z.partialRecord(z.enum(localeCodes), texts),
  packageStep: z.number().int().nullable(),
  triggerConditions: z.object({
    invoiceAmountItems: z.array(z.object({ currency: z.string(), amountFrom: z.string() })),
    baseCurrencyInvoiceAmountFrom: z.string().nullable(),
  }),
  matchPercent: z.number().int(),
  maxAmountItems: shownItems,
  baseCurrencyMaxAmount: z.string().nullable(),
  wageringMultiplier: z.string(),
  contribution: termsShape.contribution,
  maxBetItems: shownItems,
  maxConversionMultiplier: z.string().nullable(),
  activationDays: z.number().int(),
  wageringDays: z.number().int(),
  cashbackPercent: z.number().int().nullable(),
  cashbackPeriodHours: z.number().int().nullable(),
  cashbackMinItems: shownItems,
  freespinGameSlug: z.string().nullable(),
  freespinCount: z.number().int().nullable(),
  freespinBetItems: shownItems,
  /** The name and description as players read them now (default locale, first listed currency). */
  preview: z.object({ name: z.string(), description: z.string() }),
  /** Player bonuses and free-spin packages given from it so far (they keep their own terms). */
  issued: z.number().int(),
});
export type AdminBonus = z.infer<typeof adminBonus>;

export const adminBonusesAnswer = z.object({
  data: z.array(adminBonus),
  meta: z.object({
    /** Placeholder → what it stands for, for the texts. */
    placeholders: z.record(z.string(), z.string()),
    /** Currencies amounts may be listed in. */
    currencies: z.array(z.string()),
    baseCurrency: z.string(),
  }),
});
export const adminBonusAnswer = z.object({ data: adminBonus });
