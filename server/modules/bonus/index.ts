import type { ApiModule, AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import type { GameBonuses } from "../game";
import type { PaymentBonuses } from "../payment";
import type { SportsbookBonuses } from "../sportsbook";
import { bonusForPaidDeposit, recordDepositChoice } from "./deposits";
import {
  FreeRoundRefused,
  freeRoundOfBet,
  freeRoundsOf,
  freeRoundsOfSql,
  refundFreeRound,
  settleFreeRound,
  takeFreeRound,
} from "./freespins";
import { jobsOfBonus } from "./jobs";
import {
  accountsWithActiveBonus,
  activeBonusOf,
  assertNoActiveBonus,
  type BonusDeps,
} from "./player-bonuses";
import { bonusRoutes } from "./routes";

import { countSettledStake, winNeedsNoBonus, withBonusMaxBet } from "./wagering";

export { withBonusMaxBet };

/** What the sportsbook asks of bonuses (the sportsbook's port, filled in server/app.ts). */
export const sportsbookBonuses: SportsbookBonuses = {
  withMaxBet: withBonusMaxBet,
  countSettledStake,
  withActiveBonus: accountsWithActiveBonus,
};

/** What the game asks of bonuses (the game's port, filled in server/app.ts). */
export const gameBonuses: GameBonuses = {
  withMaxBet: withBonusMaxBet,
  countSettledStake,
  winNeedsNoBonus,
  freeRounds: {
    of: freeRoundsOf,
    ofSql: freeRoundsOfSql,
    ofBet: freeRoundOfBet,
    take: takeFreeRound,
    settle: settleFreeRound,
    refund: refundFreeRound,
    refused: (err): err is Error => err instanceof FreeRoundRefused,
  },
};

/** What payments ask of bonuses (payment's port, filled in server/app.ts). */
export const paymentBonuses: PaymentBonuses = {
  choose: recordDepositChoice,
  paid: bonusForPaidDeposit,
  assertWithdrawable: assertNoActiveBonus,
  active: activeBonusOf,
};
export { redeemCode, registrationCodeRefusal } from "./codes";
export { BONUS_FIGURES_CACHE, definitionByIdentity, welcomePackageOffer } from "./definitions";
export { issueBonus, listPlayerBonuses } from "./player-bonuses";
export {
  issuedRewards,
  issueRewardBonus,
  issueRewardFreespins,
  rewardBonusOffer,
  rewardFreespinsOffer,
} from "./rewards";

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
export { seedBonuses } from "./seed";

/** The bonuses' scheduled work, for the job runner (server/jobs). */
export const bonusJobs = (deps: AppDeps): Job[] => jobsOfBonus(bonusDeps(deps));
