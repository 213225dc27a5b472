import type { ApiModule, AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import { jobsOfSettings } from "./jobs";
import { settingsRoutes } from "./routes";

// The analytics and error-reporting settings the page loads (player init) and the security headers allow.
export { analyticsOrigins, analyticsSiteSettings } from "./analytics";

export {
  baseCurrencyCodeSql,
  currencyRateSql,
  findBaseCurrency,
  findCountry,
  findCurrency,
  listCurrencies,
  recordDayRates,
  SETTINGS_CACHE,
} from "./service";

export const settingsModule: ApiModule = async (api, deps) => {
  await api.register(settingsRoutes(deps));
};

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { seedSettings } from "./seed";

/** The settings' scheduled work (currency rates), for the job runner (server/jobs). */
export const settingsJobs = (deps: AppDeps): Job[] =>
  jobsOfSettings({
    db: deps.db,
    clock: deps.clock,
    cache: deps.cache,
    ratesUrl: deps.config.RATES_URL,
    refreshMinutes: deps.config.RATES_REFRESH_MINUTES,
  });
