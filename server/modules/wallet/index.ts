import type { ApiModule } from "../../app";
import { walletRoutes } from "./routes";

// The wallet's face (issue 37): what other modules may call. Money moves only through the commands of
// service.ts; the `accounts` message is built only by announceAccount.

export {
  accountInCurrency,
  accountOwner,
  announceAccount,
  announceAccountOf,
  listAccounts,
  openAccount,
  openFirstAccount,
  playableSql,
  type Send,
  toWalletAccount,
  walletAccountById,
} from "./accounts";
export {
  type EntryKind,
  findPosted,
  type HouseAccount,
  house,
  houseBalance,
  InsufficientFunds,
  ledgerSum,
  type PlayerFlows,
  type PlayFlows,
  type Posted,
  type Posting,
  playerFlows,
  playFlowsSince,
  type Staked,
  type StakePosting,
  stakeSplitOf,
  type Within,
} from "./ledger";
export { holdsAccountIn } from "./segments";

/** The wallet: accounts per currency and the ledger behind their balances. */
export const walletModule: ApiModule = async (api, deps) => {
  await api.register(walletRoutes({ db: deps.db, publisher: deps.realtime }));
};

export { inPlayerOrder, lockPlayer } from "./player-lock";
// What the sportsbook's reconciliation uses (issue 37 step 3).
// What the server's jobs, seed and start-up use (issue 37 step 3).
export {
  type LedgerProblem,
  lastReconciliation,
  ledgerProblems,
  recordReconciliation,
  referenceNets,
} from "./reconciliation";
export {
  bettingPlayers,
  casinoPlayByDay,
  type LedgerPeriod,
  moneyFlowsByDay,
  sportsbookPlayByDay,
} from "./report-queries";
export {
  balancesAlone,
  lockAccount,
  lockAccounts,
  lockedBalances,
  lockPlayerAccount,
  once,
  post,
  postAtomically,
  postQuietly,
  refund,
  refundAlone,
  settle,
  settleAlone,
  settleMany,
  stake,
  stakeAlone,
  stakeSplits,
  transferBetweenHouse,
} from "./service";
