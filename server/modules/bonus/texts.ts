import { convertAmount, fromUnits, normalizeAmount, placesOf, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import { gameRefs } from "../game";
import { findBaseCurrency, findCurrency } from "../settings";
import type { bonusDefinitions } from "./tables";

/**
 * The player-facing texts of a bonus (decision 0026). A bonus's name and description are templates: every
 * figure in them is a placeholder filled from the definition's own rule when the text is shown, so a text can
 * never quote a percentage, cap or wagering the rule no longer has. A text that writes a figure out in digits is
 * refused (`textProblems`), and so is a placeholder for something the bonus does not have.
 */

type Definition = typeof bonusDefinitions.$inferSelect;
type Items = { currency: string; amount: string }[];

/** What each placeholder stands for (the screen lists them). */
export const BONUS_TEXT_PLACEHOLDERS = {
  step: "the welcome package step (deposit number)",
  percent: "the match percentage (without %)",
  cap: "the match cap, or a fixed bonus's amount, with its currency",
  amount: "the same as {cap}",
  minDeposit: "the least qualifying deposit, with its currency",
  days: "the days of the week a deposit may take it",
  wagering: "the wagering multiplier (without ×)",
  maxBet: "the largest bet while wagering, with its currency",
  conversion: "the conversion cap multiplier (without ×)",
  spins: "the number of free spins",
  spinBet: "the bet of one free spin, with its currency",
  game: "the free spins' game",
  cashbackPercent: "the cashback percentage (without %)",
  cashbackMin: "the least cashback paid, with its currency",
  periodHours: "the cashback period in hours",
  activationDays: "days to activate",
  wageringDays: "days to wager",
} as const;
export type BonusTextKey = keyof typeof BONUS_TEXT_PLACEHOLDERS;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The placeholders a definition can fill: those of what it has (a bonus without spins has no `{spins}`). */
export function availablePlaceholders(d: Pick<Definition, keyof Definition>): Set<BonusTextKey> {
  const has = new Set<BonusTextKey>(["wagering", "activationDays", "wageringDays"]);
  if (d.packageStep !== null) has.add("step");
  if (d.matchPercent > 0) has.add("percent");
  if (d.maxAmountItems.length > 0 || d.baseCurrencyMaxAmount !== null) {
    has.add("cap");
    has.add("amount");
  }
  const t = d.triggerConditions;
  if (t.invoiceAmountItems.length > 0 || t.baseCurrencyInvoiceAmountFrom !== null) has.add("minDeposit");
  if (t.weekdays && t.weekdays.length > 0) has.add("days");
  if (d.maxBetItems.length > 0) has.add("maxBet");
  if (d.maxConversionMultiplier !== null) has.add("conversion");
  if (d.freespinGameSlug && d.freespinCount) {
    has.add("spins");
    has.add("game");
    if (d.freespinBetItems.length > 0) has.add("spinBet");
  }
  if (d.cashbackPercent !== null) has.add("cashbackPercent");
  if (d.cashbackMinItems.length > 0) has.add("cashbackMin");
  if (d.cashbackPeriodHours !== null) has.add("periodHours");
  return has;
}

/**
 * What is wrong with one text of a definition: a figure written in digits (it would not follow the rule), an
 * unknown placeholder, or one this bonus cannot fill. Empty when the text is fine.
 */
export function textProblems(text: string, d: Pick<Definition, keyof Definition>): string[] {
  const out: string[] = [];
  const has = availablePlaceholders(d);
  for (const [, key] of text.matchAll(PLACEHOLDER)) {
    if (!(key! in BONUS_TEXT_PLACEHOLDERS)) out.push(`{${key}} is not a placeholder`);
    else if (!has.has(key as BonusTextKey)) out.push(`{${key}}: this bonus has no such figure`);
  }
  if (/\d/.test(text.replace(PLACEHOLDER, "")))
    out.push("Write figures as placeholders ({percent}, {cap}, …) so the text follows the rule");
  return out;
}

const dec = (v: string) => normalizeAmount(v) ?? v;

async function roundedIn(db: Db, currency: string, amount: string) {
  const cur = await findCurrency(db, currency);
  if (!cur) return undefined;
  const converted = convertAmount(amount, "1", normalizeAmount(String(cur.rate)) ?? "0");
  const step = 10n ** BigInt(18 - placesOf(cur.subunitToUnit));
  return fromUnits(((toUnits(converted) ?? 0n) / step) * step);
}

/**
 * An amount of a per-currency list as a text: the currency asked for when listed, else the base-currency
 * amount converted into it (as the rules do), else the first one listed, else the base amount.
 */
async function figure(db: Db, items: Items, base: string | null, currency: string | undefined) {
  const listed = currency ? items.find((i) => i.currency === currency) : undefined;
  if (listed) return `${dec(listed.amount)} ${listed.currency}`;
  if (currency && base !== null) {
    const converted = await roundedIn(db, currency, base);
    if (converted !== undefined) return `${dec(converted)} ${currency}`;
  }
  if (items[0]) return `${dec(items[0].amount)} ${items[0].currency}`;
  if (base !== null) return `${dec(base)} ${(await findBaseCurrency(db))?.code ?? ""}`.trim();
  return "";
}

/** The figures a definition's texts quote, in `currency` (or its first listed currency). */
/** ISO weekdays (1 Monday … 7 Sunday) in words, "Saturday and Sunday", in a locale. */
export function weekdayNames(days: number[], locale = "en"): string {
  // 2024-01-01 was a Monday.
  const day = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const names = [...new Set(days)]
    .sort((a, b) => a - b)
    .map((n) => day.format(new Date(Date.UTC(2024, 0, n))));
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
}

export async function textValues(
  db: Db,
  d: Definition,
  currency?: string,
  locale?: string,
): Promise<Record<BonusTextKey, string>> {
  const t = d.triggerConditions;
  const cap = await figure(db, d.maxAmountItems, d.baseCurrencyMaxAmount, currency);
  const game = d.freespinGameSlug ? (await gameRefs(db, { slug: d.freespinGameSlug }))[0] : undefined;
  return {
    step: d.packageStep === null ? "" : String(d.packageStep),
    percent: String(d.matchPercent),
    cap,
    amount: cap,
    minDeposit: await figure(
      db,
      t.invoiceAmountItems.map((i) => ({ currency: i.currency, amount: i.amountFrom })),
      t.baseCurrencyInvoiceAmountFrom,
      currency,
    ),
    days: weekdayNames(t.weekdays ?? [], locale),
    wagering: dec(d.wageringMultiplier),
    maxBet: await figure(db, d.maxBetItems, null, currency),
    conversion: d.maxConversionMultiplier === null ? "" : dec(d.maxConversionMultiplier),
    spins: d.freespinCount === null ? "" : String(d.freespinCount),
    spinBet: await figure(db, d.freespinBetItems, null, currency),
    game: game?.name ?? "",
    cashbackPercent: d.cashbackPercent === null ? "" : String(d.cashbackPercent),
    cashbackMin: await figure(db, d.cashbackMinItems, null, currency),
    periodHours: d.cashbackPeriodHours === null ? "" : String(d.cashbackPeriodHours),
    activationDays: String(d.activationDays),
    wageringDays: String(d.wageringDays),
  };
}

export const fillText = (text: string, values: Record<string, string>) =>
  text.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);

/**
 * The bonus's name and description as a player reads them: in `locale` when translated (else the default
 * locale's), figures filled in `currency`.
 */
export async function bonusTexts(
  db: Db,
  d: Definition,
  opts: { currency?: string; locale?: string } = {},
): Promise<{ name: string; description: string }> {
  const translated = opts.locale ? d.translations[opts.locale] : undefined;
  const texts = translated?.name ? translated : { name: d.name, description: d.description };
  const values = await textValues(db, d, opts.currency, opts.locale);
  return { name: fillText(texts.name, values), description: fillText(texts.description, values) };
}

/** The name alone (what a player's bonus, a code's answer and a reward keep), in the default locale. */
export async function bonusName(db: Db, d: Definition, currency?: string): Promise<string> {
  return (await bonusTexts(db, d, { currency })).name;
}
