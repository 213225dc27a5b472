import type { ApiModule } from "../../app";
import { settingsRoutes } from "./routes";

export const settingsModule: ApiModule = async (api, deps) => {
  await api.register(settingsRoutes(deps));
};

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { seedSettings } from "./seed";
// What the sportsbook uses (issue 37 step 3).
export { findBaseCurrency, findCurrency, recordDayRates, refreshRates, SETTINGS_CACHE } from "./service";
