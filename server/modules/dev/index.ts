import type { ApiModule } from "../../app";
import type { AdjustableClock } from "../../lib/clock";
import { devClockRoutes, devOutboxRoutes } from "./routes";

export { storeMessage } from "./service";

/**
 * Developer tools under /api/dev: the mailbox of the built-in e-mail and SMS providers (what they "sent"), and
 * the test clock when asked for. Never in production: it shows live codes and links. (It was called `outbox`,
 * which the transactional outbox, `facts`, also is.)
 */
export const devModule: ApiModule = async (api, deps) => {
  if (deps.config.APP_ENV === "production") return;
  await api.register(devOutboxRoutes(deps));
  const clock = deps.clock;
  if (deps.config.TEST_CLOCK_CONTROL && "advance" in clock)
    await api.register(devClockRoutes(clock as AdjustableClock));
};
