import type { ApiModule } from "../../app";
import type { AdjustableClock } from "../../lib/clock";
import { devClockRoutes, devOutboxRoutes } from "./routes";

/**
 * The built-in e-mail and SMS outbox for developers, and the test clock when asked for. Never in production: it
 * shows live codes and links.
 */
export const outboxModule: ApiModule = async (api, deps) => {
  if (deps.config.APP_ENV === "production") return;
  await api.register(devOutboxRoutes(deps));
  const clock = deps.clock;
  if (deps.config.TEST_CLOCK_CONTROL && "advance" in clock)
    await api.register(devClockRoutes(clock as AdjustableClock));
};
