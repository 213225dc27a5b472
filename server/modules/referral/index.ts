import type { ApiModule, AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import { registerConsumer } from "../facts";
import { jobsOfReferral } from "./jobs";
import { referralConsumer } from "./rewards";
import { referralRoutes } from "./routes";
import type { ReferralDeps } from "./service";

export { attributeReferral } from "./attribution";

export const referralDeps = (deps: AppDeps): ReferralDeps => ({
  db: deps.db,
  clock: deps.clock,
  config: deps.config,
  publisher: deps.realtime,
});

/**
 * The referral programme (issue #19, decision 0017): codes and links, attribution at sign-up (called by the
 * player and social modules in their sign-up transactions), first-deposit rewards paid once the deposit is
 * played through (facts: deposits, settled bets, withdrawals; `rewards.ts`) and a revenue share per closed day
 * (a job), earnings moved to the wallet once. REFERRAL_ENABLED=false leaves it all out (404).
 */
export const referralModule: ApiModule = async (api, deps) => {
  if (!deps.config.REFERRAL_ENABLED) return;
  const unregister = registerConsumer(referralConsumer(deps.config));
  api.addHook("onClose", async () => unregister());
  await api.register(referralRoutes(referralDeps(deps)));
};

// What the back office (admin) uses (issue 37 step 3).
export { changeReferralRules, staffReferralRules } from "./admin";

// What the server's jobs, seed and start-up use (issue 37 step 3).

/** The referral programme's scheduled work, for the job runner (server/jobs). */
export const referralJobs = (deps: AppDeps): Job[] => jobsOfReferral(referralDeps(deps));
