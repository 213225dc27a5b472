import type { AdminBonus } from "#common/api/admin-bonuses";
import { TRANSLATED_LOCALES } from "../kit/format";

export type Items = { currency: string; amount: string }[];

/** "USD 200, EUR 180" ↔ per-currency amounts: one line per list keeps the form short at 390 px. */
const itemsText = (items: Items) => items.map((i) => `${i.currency} ${i.amount}`).join(", ");
function parseItems(text: string): Items | string {
  const out: Items = [];
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z0-9]{2,10})\s+(\S+)$/.exec(part);
    if (!m) return `"${part}": write a currency and an amount, e.g. USD 200`;
    out.push({ currency: m[1]!.toUpperCase(), amount: m[2]!.replace(",", ".") });
  }
  return out;
}

/** The form's state: every field as the text its input shows. */
export type BonusForm = Record<string, string> & { isEnabled: string };

export function formOf(b: AdminBonus): BonusForm {
  return {
    isEnabled: b.isEnabled ? "on" : "",
    name: b.name,
    description: b.description,
    ...Object.fromEntries(
      TRANSLATED_LOCALES.flatMap(([l]) => [
        [`${l}.name`, b.translations[l]?.name ?? ""],
        [`${l}.description`, b.translations[l]?.description ?? ""],
      ]),
    ),
    packageStep: b.packageStep === null ? "" : String(b.packageStep),
    minDeposit: b.triggerConditions.invoiceAmountItems.map((i) => `${i.currency} ${i.amountFrom}`).join(", "),
    baseMinDeposit: b.triggerConditions.baseCurrencyInvoiceAmountFrom ?? "",
    matchPercent: String(b.matchPercent),
    maxAmountItems: itemsText(b.maxAmountItems),
    baseCurrencyMaxAmount: b.baseCurrencyMaxAmount ?? "",
    wageringMultiplier: b.wageringMultiplier,
    slots: String(b.contribution.slots),
    tables: String(b.contribution.tables),
    live: String(b.contribution.live),
    sportsbook: String(b.contribution.sportsbook),
    sportsbookMinOdds: b.contribution.sportsbookMinOdds,
    maxBetItems: itemsText(b.maxBetItems),
    maxConversionMultiplier: b.maxConversionMultiplier ?? "",
    activationDays: String(b.activationDays),
    wageringDays: String(b.wageringDays),
    cashbackPercent: b.cashbackPercent === null ? "" : String(b.cashbackPercent),
    cashbackPeriodHours: b.cashbackPeriodHours === null ? "" : String(b.cashbackPeriodHours),
    cashbackMinItems: itemsText(b.cashbackMinItems),
    freespinGameSlug: b.freespinGameSlug ?? "",
    freespinCount: b.freespinCount === null ? "" : String(b.freespinCount),
    freespinBetItems: itemsText(b.freespinBetItems),
    sortOrder: String(b.sortOrder),
  };
}

/** A new bonus's starting terms. */
export const BLANK: AdminBonus = {
  id: "",
  kind: "deposit",
  pageIdentity: "",
  isEnabled: false,
  sortOrder: 100,
  name: "",
  description: "",
  translations: {},
  packageStep: null,
  triggerConditions: { invoiceAmountItems: [], baseCurrencyInvoiceAmountFrom: null },
  matchPercent: 0,
  maxAmountItems: [],
  baseCurrencyMaxAmount: null,
  wageringMultiplier: "30",
  contribution: { slots: 100, tables: 10, live: 10, sportsbook: 100, sportsbookMinOdds: "1.5" },
  maxBetItems: [],
  maxConversionMultiplier: null,
  activationDays: 7,
  wageringDays: 30,
  cashbackPercent: null,
  cashbackPeriodHours: null,
  cashbackMinItems: [],
  freespinGameSlug: null,
  freespinCount: null,
  freespinBetItems: [],
  preview: { name: "", description: "" },
  issued: 0,
};

/** The form as the API's terms; a list that does not parse is named in `problems`. */
export function termsOf(f: BonusForm, problems: Record<string, string>) {
  const list = (field: string, text: string) => {
    const r = parseItems(text);
    if (typeof r === "string") {
      problems[field] = r;
      return [];
    }
    return r;
  };
  const int = (v: string) => (v.trim() === "" ? null : Number(v));
  const text = (v: string) => (v.trim() === "" ? null : v.trim());
  const translations: Record<string, { name: string; description: string }> = {};
  for (const [l] of TRANSLATED_LOCALES)
    if (f[`${l}.name`]!.trim() || f[`${l}.description`]!.trim())
      translations[l] = { name: f[`${l}.name`]!, description: f[`${l}.description`]! };
  return {
    isEnabled: f.isEnabled === "on",
    name: f.name!,
    description: f.description!,
    translations,
    packageStep: int(f.packageStep!),
    triggerConditions: {
      invoiceAmountItems: list("triggerConditions.invoiceAmountItems", f.minDeposit!).map((i) => ({
        currency: i.currency,
        amountFrom: i.amount,
      })),
      baseCurrencyInvoiceAmountFrom: text(f.baseMinDeposit!),
    },
    matchPercent: int(f.matchPercent!) ?? 0,
    maxAmountItems: list("maxAmountItems", f.maxAmountItems!),
    baseCurrencyMaxAmount: text(f.baseCurrencyMaxAmount!),
    wageringMultiplier: f.wageringMultiplier!.trim(),
    contribution: {
      slots: int(f.slots!) ?? 0,
      tables: int(f.tables!) ?? 0,
      live: int(f.live!) ?? 0,
      sportsbook: int(f.sportsbook!) ?? 0,
      sportsbookMinOdds: f.sportsbookMinOdds!.trim(),
    },
    maxBetItems: list("maxBetItems", f.maxBetItems!),
    maxConversionMultiplier: text(f.maxConversionMultiplier!),
    activationDays: int(f.activationDays!) ?? 0,
    wageringDays: int(f.wageringDays!) ?? 0,
    cashbackPercent: int(f.cashbackPercent!),
    cashbackPeriodHours: int(f.cashbackPeriodHours!),
    cashbackMinItems: list("cashbackMinItems", f.cashbackMinItems!),
    freespinGameSlug: text(f.freespinGameSlug!),
    freespinCount: int(f.freespinCount!),
    freespinBetItems: list("freespinBetItems", f.freespinBetItems!),
    sortOrder: int(f.sortOrder!) ?? 0,
  };
}
