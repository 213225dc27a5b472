import type { ApiModule } from "../../app";
import { devOutboxRoutes } from "./routes";

/** The built-in e-mail and SMS outbox for developers. Never in production: it shows live codes and links. */
export const outboxModule: ApiModule = async (api, deps) => {
  if (deps.config.APP_ENV === "production") return;
  await api.register(devOutboxRoutes(deps));
};
