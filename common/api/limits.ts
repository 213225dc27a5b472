import { z } from "zod";
import { LIMIT_DEFINITION, LIMIT_PERIODS } from "../constants";
import { compareAmounts } from "../money";
import { currencyCode, decimalString } from "./shared";

/**
 * Responsible-gambling limits (spec points 3, 4 and 7; issue 16; decision 0011). Definitions 1 bet, 2 loss and
 * 3 deposit are money limits per currency over a period (daily, weekly, monthly, in the player's time zone);
 * 4 self-exclusion and 5 cooling-off stop all play for a duration the operator offers (`6m`, `24h`…).
 */

export const MONEY_LIMIT_DEFINITIONS = [
  LIMIT_DEFINITION.bet,
  LIMIT_DEFINITION.loss,
  LIMIT_DEFINITION.deposit,
];
export const EXCLUSION_DEFINITIONS = [LIMIT_DEFINITION.selfExclusion, LIMIT_DEFINITION.coolingOff];

/** A duration an exclusion may take: a number and h(ours), d(ays), m(onths) or y(ears). */
export const exclusionPeriod = z.string().regex(/^\d{1,3}[hdmy]$/, "Choose one of the offered periods");

/** A change that protects less, waiting out its cooling period before it applies (RTS 12). */
export const pendingLimitChange = z
  .object({
    /** The new amount and period, or `delete` when the limit is being removed. */
    amount: decimalString.nullable(),
    period: z.string().nullable(),
    delete: z.boolean(),
    effectiveAt: z.string(),
  })
  .meta({ id: "PendingLimitChange" });

/** Spec point 3's Limit (id, definition, period, amount, currency) with what the player needs to see it. */
export const limit = z
  .object({
    id: z.string(),
    definition: z.number().int(),
    period: z.string(),
    amount: decimalString.nullable(),
    currency: z.string().nullable(),
    /** Money limits: how much of it the current period has used, and when that period ends. */
    used: decimalString.nullable(),
    /**
     * Deposit limits: deposits awaiting payment, counted until paid, cancelled or expired
     * (DEPOSIT_PENDING_EXPIRY_MINUTES); null for other limits.
     */
    pendingDeposits: decimalString.nullable(),
    /** Money limits: what is left now — the amount less `used` and `pendingDeposits`, never below zero. */
    left: decimalString.nullable(),
    periodEndsAt: z.string().nullable(),
    /** Exclusions: when it started and ends (null: never). */
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    pending: pendingLimitChange.nullable(),
  })
  .meta({ id: "Limit" });
export type Limit = z.infer<typeof limit>;

/** GET /api/player/limits: the player's limits and what they may choose from. */
export const limitsResponse = z
  .object({
    data: z.array(limit),
    options: z.object({
      periods: z.array(z.enum(LIMIT_PERIODS)),
      selfExclusionPeriods: z.array(z.string()),
      coolingOffPeriods: z.array(z.string()),
      /** Hours a change that protects less waits before it applies. */
      coolingHours: z.number().int(),
    }),
  })
  .meta({ id: "Limits" });
export type LimitsResponse = z.infer<typeof limitsResponse>;

/** POST /api/player/limits: a new limit. Money limits take a period, amount and currency; exclusions a period. */
export const createLimitBody = z.object({
  definition: z.union(Object.values(LIMIT_DEFINITION).map((d) => z.literal(d))),
  period: z.string().max(10),
  amount: decimalString.optional(),
  currency: currencyCode.optional(),
});
export type CreateLimitBody = z.infer<typeof createLimitBody>;

/** PUT /api/player/limits/{id} (spec: body period, amount). */
export const updateLimitBody = z.object({ period: z.enum(LIMIT_PERIODS), amount: decimalString });
export type UpdateLimitBody = z.infer<typeof updateLimitBody>;

export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** How long a period is, to compare two limits: a weekly limit of an amount protects more than a daily one. */
export const PERIOD_DAYS: Record<LimitPeriod, number> = { daily: 1, weekly: 7, monthly: 30 };

/**
 * Whether a new money limit protects at least as much as the current one: no more money over no shorter a
 * period. Anything else (a higher amount, a shorter period) protects less and waits out the cooling period.
 */
export function protectsAtLeastAsMuch(
  current: { period: string; amount: string | null },
  period: LimitPeriod,
  amount: string,
): boolean {
  return (
    compareAmounts(amount, current.amount ?? "0") <= 0 &&
    PERIOD_DAYS[period] >= PERIOD_DAYS[current.period as LimitPeriod]
  );
}
