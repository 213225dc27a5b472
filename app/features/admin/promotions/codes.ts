import type { AdminBonusCode, AdminBonusOption } from "#common/api/admin-promotions";
import { downloadStaffFile } from "../download";
import { when } from "../kit/format";

/** How a player redeems a code. */
export const TRIGGERS = [
  ["manual", "Typed by the player"],
  ["registration", "At sign-up"],
  ["deposit", "With the next deposit"],
] as const;
export type Trigger = (typeof TRIGGERS)[number][0];

export const KIND_NAMES: Record<AdminBonusOption["kind"], string> = {
  deposit: "deposit bonus",
  fixed: "fixed bonus",
  freespins: "free spins",
  cashback: "cashback",
};

/** The bonuses a code with this trigger may give: a deposit code a deposit bonus, others money or spins. */
export const fits = (b: AdminBonusOption, trigger: Trigger) =>
  b.isEnabled &&
  (trigger === "deposit" ? b.kind === "deposit" : b.kind === "fixed" || b.kind === "freespins");

/** A datetime-local value (the staff member's own time) as an ISO instant; blank: none. */
export const instant = (v: string) => (v ? new Date(v).toISOString() : null);

/** When a code may be redeemed, in words. */
export function validity(c: AdminBonusCode) {
  if (!c.validFrom && !c.validTo) return "Always";
  return `${c.validFrom ? when(c.validFrom) : "now"} – ${c.validTo ? when(c.validTo) : "no end"}`;
}

export const CODES_KEY = ["admin", "promotions", "codes"] as const;

export const downloadBatch = (batch: string) =>
  downloadStaffFile(
    `/admin/promotions/codes/export?batch=${encodeURIComponent(batch)}`,
    `bonus-codes-${batch}.csv`,
    "Could not download the codes",
  );
