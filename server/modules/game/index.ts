import type { ApiModule, AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import { crashDeps } from "../../providers/games/house/crash";
import { crashRoutes } from "../../providers/games/house/crash/routes";
import { houseRoutes } from "../../providers/games/house/routes";
import { NonceMemory, RedisNonces } from "../../providers/games/signature";
import { stakeLimits } from "../limits";
import type { GameBonuses } from "./bonus-port";
import { jobsOfGame } from "./jobs";
import { createLobby } from "./lobby";
import { gameRoutes } from "./routes";

export { collectionIdsOfGame, collectionsByIds, findCollection, gameRefs } from "./catalogue";

import { seamlessWalletRoutes } from "./wallet-routes";

export type { FreeRoundsLeft, GameBonuses, SettledStake, StakeKind } from "./bonus-port";

/**
 * What the game asks of the modules above it (issue 37): filled in server/app.ts (bonus) and handed through
 * AppDeps, so this module does not import them.
 */
export interface GamePorts {
  bonuses: GameBonuses;
}

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
      betLimits: deps.gamePorts.bonuses.withMaxBet(stakeLimits(deps.clock)),
      bonuses: deps.gamePorts.bonuses,
      providers,
      nonces: deps.redis ? new RedisNonces(deps.redis) : new NonceMemory(),
    }),
  );
  await api.register(houseRoutes(house));
  await api.register(crashRoutes(crashDeps(house, deps.realtime, deps.config)));
};

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

/** The games' scheduled work (the house provider's unfinished rounds), for the job runner (server/jobs). */
export const gameJobs = (deps: AppDeps): Job[] =>
  jobsOfGame(deps.games.house, crashDeps(deps.games.house, deps.realtime, deps.config), {
    minesAbandonedMs: deps.config.GAME_SESSION_TTL_MINUTES * 60_000,
  });
