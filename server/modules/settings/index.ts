import type { ApiModule } from "../../app";
import { settingsRoutes } from "./routes";

export const settingsModule: ApiModule = async (api, deps) => {
  await api.register(settingsRoutes(deps));
};
