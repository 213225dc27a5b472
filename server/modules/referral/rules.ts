import type { ReferralTerms } from "#common/api/referral";
import { normalizeAmount, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import type { ReferralConfig } from "./service";
import { referralRules } from "./tables";

/**
 * The programme's rules in force (decision 0027): the row staff saved, else the configuration's. Every reader —
 * the first-deposit consumer, the revenue-share job, the terms the affiliate-program modal shows — asks here,
 * so a change applies to the next fact, the next closed period and the next page view alike.
 */
export interface ReferralRules {
  firstDeposit: { currency: string; reward: string; minDeposit: string | null }[];
  revenueSharePercent: string;
  /** Whether staff set them (false: the configuration's). */
  fromStaff: boolean;
}

const decimal = (v: string | null | undefined) => normalizeAmount(v ?? "0") ?? "0";

export function configuredRules(config: ReferralConfig): ReferralRules {
  const min = config.REFERRAL_MIN_FIRST_DEPOSIT;
  return {
    firstDeposit: Object.entries(config.REFERRAL_FIRST_DEPOSIT_REWARD)
      .filter(([, reward]) => (toUnits(reward) ?? 0n) > 0n)
      .map(([currency, reward]) => ({
        currency,
        reward: decimal(reward),
        minDeposit: min[currency] ? decimal(min[currency]) : null,
      })),
    revenueSharePercent: decimal(config.REFERRAL_REVENUE_SHARE_PERCENT),
    fromStaff: false,
  };
}

export async function referralRulesOf(db: Db, config: ReferralConfig): Promise<ReferralRules> {
  const [row] = await db.select().from(referralRules);
  if (!row) return configuredRules(config);
  return {
    firstDeposit: row.firstDeposit.map((f) => ({
      currency: f.currency,
      reward: decimal(f.reward),
      minDeposit: f.minDeposit === null ? null : decimal(f.minDeposit),
    })),
    revenueSharePercent: decimal(row.revenueSharePercent),
    fromStaff: true,
  };
}

/**
 * The rules as the player reads them (GET /api/referral/terms); the first-deposit reward's play-through and daily
 * limit are the configuration's.
 */
export const termsOf = (
  rules: ReferralRules,
  config: Pick<ReferralConfig, "REFERRAL_REWARD_TURNOVER" | "REFERRAL_MAX_REWARDS_PER_DAY">,
): ReferralTerms => ({
  firstDeposit: rules.firstDeposit.filter((f) => (toUnits(f.reward) ?? 0n) > 0n),
  rewardTurnover: decimal(config.REFERRAL_REWARD_TURNOVER),
  maxRewardsPerDay: config.REFERRAL_MAX_REWARDS_PER_DAY,
  revenueSharePercent: rules.revenueSharePercent,
  periodDays: 1,
});
