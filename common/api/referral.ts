import { z } from "zod";
import { currencyCode, dataOf, decimalString } from "./shared";

/**
 * The referral programme (issue #19, spec points 1–3 and 9, decision 0017). A player's code and link; the
 * players who signed up through it (masked) and what each brought; the earnings per currency, moved to the
 * wallet by `POST /api/referral/transfer`. `GET /api/referral/terms` states the configured rules (open to
 * everyone: the affiliate-program modal shows them). All answer 404 when REFERRAL_ENABLED is false.
 */

/** The operator's rules as configured now: the texts render these numbers, so they stay true when rules change. */
export const referralTerms = z
  .object({
    /**
     * Once per referred player, for their first deposit of at least `minDeposit` (null: any amount): paid once
     * they have staked real money in its currency worth `rewardTurnover` × that deposit, forfeited when they
     * withdraw before that.
     */
    firstDeposit: z.array(
      z.object({ currency: z.string(), reward: decimalString, minDeposit: decimalString.nullable() }),
    ),
    /** How many times the qualifying deposit must be staked before its reward is paid ("0": paid at the deposit). */
    rewardTurnover: decimalString,
    /** At most this many first-deposit rewards are paid to one referrer in 24 hours; more wait (0: no limit). */
    maxRewardsPerDay: z.number().int(),
    /** The referrer's share (%) of each referred player's net gaming revenue (stakes less wins), per UTC day. */
    revenueSharePercent: decimalString,
    /** Length of a revenue-share period in days; a period is paid once it is over. */
    periodDays: z.number().int(),
  })
  .meta({ id: "ReferralTerms" });
export type ReferralTerms = z.infer<typeof referralTerms>;

export const referralAmount = z.object({ currency: z.string(), amount: decimalString });
export type ReferralAmount = z.infer<typeof referralAmount>;

/** A referred player as their referrer sees them: masked, with what they brought per currency. */
export const referredPlayer = z
  .object({
    /** Masked id and nickname (first and last characters only). */
    id: z.string(),
    name: z.string(),
    joinedAt: z.string(),
    brought: z.array(referralAmount),
  })
  .meta({ id: "ReferredPlayer" });
export type ReferredPlayer = z.infer<typeof referredPlayer>;

/** Earnings per currency: all ever earned, and what is still to move to the wallet. */
export const referralEarning = z
  .object({ currency: z.string(), earned: decimalString, available: decimalString })
  .meta({ id: "ReferralEarning" });
export type ReferralEarning = z.infer<typeof referralEarning>;

export const referralOverview = z
  .object({
    code: z.string(),
    link: z.string(),
    /** Newest first; the latest 100. */
    referred: z.array(referredPlayer),
    referredCount: z.number().int(),
    earnings: z.array(referralEarning),
  })
  .meta({ id: "ReferralOverview" });
export type ReferralOverview = z.infer<typeof referralOverview>;

export const referralOverviewAnswer = dataOf(referralOverview);
export const referralTermsAnswer = dataOf(referralTerms);

/**
 * POST /api/referral/transfer: moves `amount` of the earnings in `currency` to the player's wallet account in
 * that currency (opened when missing). The same `idempotencyKey` answers the first result and moves nothing.
 */
export const referralTransferBody = z.object({
  currency: currencyCode,
  amount: z
    .string()
    .max(40)
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, "Enter an amount")
    .refine((v) => /[1-9]/.test(v), "Enter an amount"),
  idempotencyKey: z.string().min(8).max(100),
});
export type ReferralTransferBody = z.infer<typeof referralTransferBody>;

export const referralTransfer = z
  .object({
    currency: z.string(),
    amount: decimalString,
    /** The wallet account's real balance after the transfer. */
    balance: decimalString,
    /** Earnings still available in that currency. */
    available: decimalString,
  })
  .meta({ id: "ReferralTransfer" });
export type ReferralTransfer = z.infer<typeof referralTransfer>;
export const referralTransferAnswer = dataOf(referralTransfer);
