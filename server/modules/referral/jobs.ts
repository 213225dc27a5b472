import type { Job } from "../../jobs/scheduler";
import { payWaitingRewards } from "./rewards";
import type { ReferralDeps } from "./service";
import { shareClosedPeriods } from "./share";

/** The referral programme's scheduled work (the face's `referralJobs`; run once across processes). */
export function jobsOfReferral(deps: ReferralDeps): Job[] {
  return [
    {
      // Each closed UTC day's revenue share for referrers (decision 0017); each period is credited once.
      name: "referral-revenue-share",
      everyMs: 60 * 60_000,
      atStart: true,
      run: async () => {
        const n = await shareClosedPeriods(deps);
        return n > 0 ? `credited ${n} referral revenue shares` : undefined;
      },
    },
    {
      // First-deposit rewards played through while their referrer was at REFERRAL_MAX_REWARDS_PER_DAY (decision 0017).
      name: "referral-waiting-rewards",
      everyMs: 15 * 60_000,
      atStart: true,
      run: async () => {
        if (!deps.config.REFERRAL_ENABLED) return undefined;
        const n = await payWaitingRewards(deps);
        return n > 0 ? `paid ${n} waiting referral rewards` : undefined;
      },
    },
  ];
}
