import type { ApiModule } from "../../app";
import { settingsRoutes } from "./routes";

export { findBaseCurrency, findCountry, findCurrency, listCurrencies } from "./service";

export const settingsModule: ApiModule = async (api, deps) => {
  await api.register(settingsRoutes(deps));
};
