import type { ApiModule } from "../../app";
import { notificationRoutes } from "./routes";

export const notificationModule: ApiModule = async (api, deps) => {
  await api.register(notificationRoutes(deps));
};
