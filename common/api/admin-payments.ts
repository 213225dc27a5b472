import { z } from "zod";
import { paged, pagingQuery } from "./paging";

/**
 * The back office's payments and risk calls (issue #21, decision 0021): the withdrawal review queue and the
 * operator's own limits per payment method. The site imports these as types only.
 */

export const REVIEW_STATES = ["awaiting", "approved", "rejected"] as const;

export const WITHDRAWAL_FLAGS = [
  /** The player's identity is not verified (documents / verification service). */
  "identity_not_verified",
  /** A bonus is active on the account the money comes from. */
  "active_bonus",
  /** Since the last paid deposit the player staked less than that deposit. */
  "deposits_not_wagered",
  /** These payee details were never on a paid invoice of the player before. */
  "new_payment_details",
  /** Another player signed in from a device with the same fingerprint. */
  "shared_device",
  /** Another player signed in (or registered) from the same address. */
  "shared_address",
] as const;

export const withdrawalFlag = z.object({
  code: z.enum(WITHDRAWAL_FLAGS),
  /** What the flag saw, in staff's words (e.g. "staked 10 of a 100 USD deposit"). */
  detail: z.string(),
});
export type WithdrawalFlag = z.infer<typeof withdrawalFlag>;

export const reviewedWithdrawal = z
  .object({
    id: z.string(),
    playerId: z.string(),
    playerEmail: z.string().nullable(),
    number: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    method: z.string(),
    /** 1 pending, 2 paid, 3 failed (the player's invoice status). */
    status: z.number().int(),
    review: z.enum(REVIEW_STATES),
    reviewedBy: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    reviewReason: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** The payee details the player gave (card holder, wallet address…). */
    customerFields: z.record(z.string(), z.string()),
    flags: z.array(withdrawalFlag),
    createdAt: z.string(),
  })
  .meta({ id: "ReviewedWithdrawal" });
export type ReviewedWithdrawal = z.infer<typeof reviewedWithdrawal>;

export const withdrawalsQuery = z
  .object({ review: z.enum(REVIEW_STATES).default("awaiting") })
  .extend(pagingQuery({ perPage: 20, maxPerPage: 100 }).shape);
export const withdrawalsAnswer = paged(reviewedWithdrawal);
export const withdrawalAnswer = z.object({ data: reviewedWithdrawal });

/** POST /api/admin/withdrawals/{id}/reject: the reason the player reads on their invoice. */
export const withdrawalRejectBody = z.object({ reason: z.string().trim().min(3).max(500) });
export type WithdrawalRejectBody = z.infer<typeof withdrawalRejectBody>;

const amountText = z
  .string()
  .max(40)
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, "a decimal amount, e.g. 10 or 2.50");

export const methodLimit = z.object({
  currency: z.string(),
  /** The bounds in force: the operator's when set, else the catalogue's. */
  min: z.string(),
  max: z.string(),
  catalogueMin: z.string().nullable(),
  catalogueMax: z.string().nullable(),
  /** Whether the operator set these bounds. */
  custom: z.boolean(),
});
export const adminPaymentMethod = z
  .object({
    code: z.string(),
    label: z.string(),
    direction: z.enum(["deposit", "withdrawal"]),
    limits: z.array(methodLimit),
  })
  .meta({ id: "AdminPaymentMethod" });
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethod>;
export const adminPaymentMethodsAnswer = z.object({ data: z.array(adminPaymentMethod) });

/** PUT /api/admin/payment-methods/limits: set a method's bounds in a currency, or `reset` to the catalogue's. */
export const methodLimitBody = z
  .object({
    method: z.string().min(1).max(100),
    currency: z
      .string()
      .max(10)
      .regex(/^[A-Z0-9]{2,10}$/, "a currency code"),
    min: amountText.optional(),
    max: amountText.optional(),
    reset: z.boolean().optional(),
  })
  .refine((b) => b.reset || (b.min !== undefined && b.max !== undefined), {
    message: "min and max, or reset",
    path: ["min"],
  });
export type MethodLimitBody = z.infer<typeof methodLimitBody>;
export const adminPaymentMethodAnswer = z.object({ data: adminPaymentMethod });
