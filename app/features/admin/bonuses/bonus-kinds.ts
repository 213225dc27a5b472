import type { AdminBonus, BonusKind } from "#common/api/admin-bonuses";
import type { Items } from "./bonus-form";

/** What the list's answer says beside the bonuses: the placeholders texts may use and the currencies. */
export type BonusMeta = { placeholders: Record<string, string>; currencies: string[]; baseCurrency: string };

export const KINDS: readonly (readonly [BonusKind | "all", string])[] = [
  ["all", "All"],
  ["deposit", "Deposit"],
  ["fixed", "Fixed"],
  ["freespins", "Free spins"],
  ["cashback", "Cashback"],
];
export const KIND_NAME: Record<BonusKind, string> = {
  deposit: "deposit bonus",
  fixed: "fixed bonus",
  freespins: "free-spin package",
  cashback: "cashback rule",
};

/** Deposit bonuses have a page on the site; the others are named by their identity (codes, quests). */
export const where = (b: AdminBonus) => (b.kind === "deposit" ? `/bonus/${b.pageIdentity}` : b.pageIdentity);

/** A bonus's figures in one line for the list. */
export function summary(b: AdminBonus): string {
  const money = (items: Items, base: string | null) =>
    items[0] ? `${items[0].amount} ${items[0].currency}` : (base ?? "—");
  if (b.kind === "deposit")
    return [
      b.matchPercent ? `${b.matchPercent}% up to ${money(b.maxAmountItems, b.baseCurrencyMaxAmount)}` : "",
      b.freespinCount ? `${b.freespinCount} spins` : "",
      `×${b.wageringMultiplier}`,
    ]
      .filter(Boolean)
      .join(" · ");
  if (b.kind === "fixed")
    return `${money(b.maxAmountItems, b.baseCurrencyMaxAmount)} · ×${b.wageringMultiplier}`;
  if (b.kind === "freespins")
    return `${b.freespinCount ?? 0} spins on ${b.freespinGameSlug} · ×${b.wageringMultiplier}`;
  return `${b.cashbackPercent ?? 0}% every ${b.cashbackPeriodHours ?? 24} h · ×${b.wageringMultiplier}`;
}
