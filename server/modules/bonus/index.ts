import type { ApiModule, AppDeps } from "../../app";
import type { BonusDeps } from "./player-bonuses";
import { bonusRoutes } from "./routes";

export { withBonusMaxBet } from "./wagering";

/** What the bonus services run on, from the app's dependencies. */
export const bonusDeps = (deps: AppDeps): BonusDeps => ({
  db: deps.db,
  clock: deps.clock,
  publisher: deps.realtime,
});

/**
 * Bonuses (issue #17, decision 0013): deposit bonuses and the welcome package, bonus codes, cashback; the
 * player's bonuses with their wagering. The money moves through the wallet's ledger; the payment, game and
 * sportsbook modules call this module's services inside their own transactions (deposits.ts, wagering.ts).
 */
export const bonusModule: ApiModule = async (api, deps) => {
  await api.register(bonusRoutes(bonusDeps(deps)));
};

// What the back office (admin) uses (issue 37 step 3).
export {
  batchCsv,
  bonusOptions,
  changeBonusCode,
  createBonusCode,
  generateBonusCodes,
  listBonusCodes,
} from "./admin-codes";
export { changeBonusDefinition, createBonusDefinition, listBonusDefinitions } from "./definitions-admin";
// What the server's jobs, seed and start-up use (issue 37 step 3).
export { expireFreespins } from "./freespins";
export { expireBonuses, listPlayerBonuses } from "./player-bonuses";
export { seedBonuses } from "./seed";
// What server/ports.ts fills the sportsbook's SportsbookBonuses port with (issue 37 step 3).
export { countSettledStake } from "./wagering";
