import type { ApiModule } from "../../app";
import { registerConsumer } from "../facts";
import { loyaltyRoutes } from "./routes";
import { loyaltyConsumer } from "./service";

export { levelOrderOf } from "./segments";

/**
 * Loyalty (issue #18, decision 0014): points for settled real-money bets from the domain facts, levels reached
 * once with their rewards, the account and the levels under /api/retention. LOYALTY_ENABLED=false leaves it
 * all out: the calls answer 404 and no points are counted.
 */
export const loyaltyModule: ApiModule = async (api, deps) => {
  if (!deps.config.LOYALTY_ENABLED) return;
  // A copy per app: closing one app (tests run several) removes only its own registration.
  const unregister = registerConsumer({ ...loyaltyConsumer });
  api.addHook("onClose", async () => unregister());
  await api.register(loyaltyRoutes({ db: deps.db }));
};

// What the back office (admin) uses (issue 37 step 3).
export { changeLevel, staffLevels } from "./admin";

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { seedLoyalty } from "./seed";
