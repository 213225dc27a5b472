import type { ApiModule } from "../../app";
import { walletRoutes } from "./routes";

/** The wallet: accounts per currency and the ledger behind their balances. */
export const walletModule: ApiModule = async (api, deps) => {
  await api.register(walletRoutes({ db: deps.db, publisher: deps.realtime }));
};

// What payment, limits, game and bonus use (issue 37 step 3).
export { accountInCurrency, listAccounts, toWalletAccount, walletAccountById } from "./accounts";
export {
  house,
  InsufficientFunds,
  lockAccount,
  lockedBalances,
  playerFlows,
  playFlowsSince,
  postEntry,
  postHouseTransfer,
  postOnce,
  postRefund,
  postReturn,
  postStake,
} from "./ledger";
export { inPlayerOrder } from "./player-lock";
export { type LedgerProblem, referenceNets } from "./reconciliation";
