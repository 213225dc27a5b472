import type { ApiModule } from "../../app";
import { socialRoutes } from "./routes";

export const socialModule: ApiModule = async (api, deps) => {
  await api.register(socialRoutes(deps));
};
