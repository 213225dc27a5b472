import type { ApiModule } from "../../app";
import { walletRoutes } from "./routes";

export {
  accountInCurrency,
  listAccounts,
  openAccount,
  openFirstAccount,
  walletAccountById,
} from "./accounts";
export {
  findPosted,
  house,
  houseBalance,
  InsufficientFunds,
  playerFlows,
  postEntry,
  postHouseTransfer,
  postOnce,
  stakeSplitOf,
} from "./ledger";
export { holdsAccountIn } from "./segments";

/** The wallet: accounts per currency and the ledger behind their balances. */
export const walletModule: ApiModule = async (api, deps) => {
  await api.register(walletRoutes({ db: deps.db, publisher: deps.realtime }));
};
