import type { ApiModule } from "../../app";
import { crashDeps } from "../../providers/games/house/crash";
import { crashRoutes } from "../../providers/games/house/crash/routes";
import { houseRoutes } from "../../providers/games/house/routes";
import { NonceMemory, RedisNonces } from "../../providers/games/signature";
import { withBonusMaxBet } from "../bonus/wagering";
import { stakeLimits } from "../limits/enforcement";
import { createLobby } from "./lobby";
import { gameRoutes } from "./routes";
import { seamlessWalletRoutes } from "./wallet-routes";

/**
 * The lobby, launch and history; the provider-facing seamless wallet; and the built-in house provider's game
 * API (its pages call it from the game iframe). Providers come built from server/providers/games.
 */
export const gameModule: ApiModule = async (api, deps) => {
  const { providers, house } = deps.games;
  await api.register(
    gameRoutes({
      db: deps.db,
      clock: deps.clock,
      cache: deps.cache,
      lobby: createLobby(deps.db, deps.cache, { ttlMs: deps.config.GAME_LOBBY_CACHE_SECONDS * 1000 }),
      launch: {
        db: deps.db,
        clock: deps.clock,
        providers,
        sessionTtlMs: deps.config.GAME_SESSION_TTL_MINUTES * 60_000,
        publicUrl: deps.config.publicUrl,
      },
    }),
  );
  await api.register(
    seamlessWalletRoutes({
      db: deps.db,
      clock: deps.clock,
      publisher: deps.realtime,
      betLimits: withBonusMaxBet(stakeLimits(deps.clock)),
      providers,
      nonces: deps.redis ? new RedisNonces(deps.redis) : new NonceMemory(),
    }),
  );
  await api.register(houseRoutes(house));
  await api.register(crashRoutes(crashDeps(house, deps.realtime, deps.config)));
};

// What the sportsbook uses (issue 37 step 3): the stake limits' port type (noBetLimits for tests).
export { type BetLimits, type BetLimitVerdict, noBetLimits } from "./bet-limits";

// What the back office (admin) uses (issue 37 step 3).
export {
  changeCollection,
  changeGame,
  changeProvider,
  collectionGames,
  createCollection,
  setCollectionGames,
  staffCollections,
  staffGames,
  staffProviders,
} from "./catalogue-admin";

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { LOBBY_CACHE_NAME } from "./lobby";
export { roundLedgerProblems } from "./reconciliation";
export { seedGames } from "./seed";
