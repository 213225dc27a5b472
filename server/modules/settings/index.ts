import type { ApiModule } from "../../app";
import { settingsRoutes } from "./routes";

export {
  findBaseCurrency,
  findCountry,
  findCurrency,
  listCurrencies,
  recordDayRates,
  refreshRates,
  SETTINGS_CACHE,
} from "./service";

export const settingsModule: ApiModule = async (api, deps) => {
  await api.register(settingsRoutes(deps));
};

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { seedSettings } from "./seed";
