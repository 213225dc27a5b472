import type { ApiModule, AppDeps } from "../../app";
import { closeSessions } from "../player/sessions";
import { limitRoutes } from "./routes";
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
    },
    closeAllSessions: (playerId) => closeSessions(deps, playerId),
  };
}

/** Responsible gambling: bet, loss and deposit limits, self-exclusion and breaks (decision 0011). */
export const limitsModule: ApiModule = async (api, deps) => {
  await api.register(limitRoutes(limitsDeps(deps)));
};
