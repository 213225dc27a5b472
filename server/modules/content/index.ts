import type { ApiModule } from "../../app";
import { contentRoutes } from "./routes";

export const contentModule: ApiModule = async (api, deps) => {
  await api.register(contentRoutes(deps));
};
