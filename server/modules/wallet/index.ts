import type { ApiModule } from "../../app";
import { walletRoutes } from "./routes";

/** The wallet: accounts per currency and the ledger behind their balances. */
export const walletModule: ApiModule = async (api, deps) => {
  await api.register(walletRoutes({ db: deps.db, publisher: deps.realtime }));
};
