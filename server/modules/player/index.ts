import type { ApiModule } from "../../app";
import { playerRoutes } from "./routes";

export const playerModule: ApiModule = async (api, deps) => {
  await api.register(playerRoutes(deps));
};
