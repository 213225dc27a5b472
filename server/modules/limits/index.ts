import type { ApiModule, AppDeps } from "../../app";
import { closeSessions } from "../player";
import type { RealityCheckDeps } from "./reality-check";
import { realityCheckRoutes } from "./reality-check-routes";
import { limitRoutes } from "./routes";

export { type BetLimits, type BetLimitVerdict, noBetLimits } from "./bet-limits";
export { depositLimits, stakeLimits } from "./enforcement";

import type { LimitsDeps } from "./service";

/** What the limits services run on, from the app's dependencies. */
export function limitsDeps(deps: AppDeps): LimitsDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    options: {
      selfExclusionPeriods: deps.config.SELF_EXCLUSION_PERIODS,
      coolingOffPeriods: deps.config.COOLING_OFF_PERIODS,
      coolingHours: deps.config.LIMIT_COOLING_HOURS,
      depositPendingExpiryMs: deps.config.DEPOSIT_PENDING_EXPIRY_MINUTES * 60_000,
    },
    closeAllSessions: (playerId) => closeSessions(deps, playerId),
  };
}

/** What the reality check runs on. */
export function realityCheckDeps(deps: AppDeps): RealityCheckDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    options: {
      intervals: deps.config.REALITY_CHECK_INTERVALS,
      defaultMinutes: deps.config.REALITY_CHECK_DEFAULT_MINUTES,
      defaultCountries: deps.config.REALITY_CHECK_DEFAULT_COUNTRIES,
    },
  };
}

/** Responsible gambling: bet, loss and deposit limits, self-exclusion, breaks and the reality check (decision 0011). */
export const limitsModule: ApiModule = async (api, deps) => {
  await api.register(limitRoutes(limitsDeps(deps)));
  await api.register(realityCheckRoutes(realityCheckDeps(deps)));
};

export { limitJobs } from "./jobs";
// What the server's jobs, seed and start-up use (issue 37 step 3).
