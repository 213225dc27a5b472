import type { ApiModule, AppDeps } from "../../app";
import type { FactConsumer } from "../facts/relay";
import { registerConsumer } from "../facts/relay";
import { referralRoutes } from "./routes";
import { type ReferralDeps, rewardFirstDeposit } from "./service";

export const referralDeps = (deps: AppDeps): ReferralDeps => ({
  db: deps.db,
  clock: deps.clock,
  config: deps.config,
  publisher: deps.realtime,
});

/** The first-deposit reward, once per `deposit.succeeded` fact (and once per referred player). */
const referralConsumer = (deps: AppDeps): FactConsumer => ({
  name: "referral",
  kinds: ["deposit.succeeded"],
  async handle(tx, fact, ctx) {
    if (fact.kind !== "deposit.succeeded") return;
    await rewardFirstDeposit(tx, deps.config, fact, ctx.send);
  },
});

/**
 * The referral programme (issue #19, decision 0017): codes and links, attribution at sign-up (called by the
 * player and social modules in their sign-up transactions), rewards on first deposits and a revenue share per
 * closed day (a job), earnings moved to the wallet once. REFERRAL_ENABLED=false leaves it all out (404).
 */
export const referralModule: ApiModule = async (api, deps) => {
  if (!deps.config.REFERRAL_ENABLED) return;
  const unregister = registerConsumer(referralConsumer(deps));
  api.addHook("onClose", async () => unregister());
  await api.register(referralRoutes(referralDeps(deps)));
};
