import type { ApiModule } from "../../app";
import { settingsRoutes } from "./routes";

export const settingsModule: ApiModule = async (api, deps) => {
  await api.register(settingsRoutes(deps));
};

// What the sportsbook uses (issue 37 step 3).
export { findBaseCurrency, findCurrency } from "./service";
