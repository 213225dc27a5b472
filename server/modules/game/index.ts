import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app";
import type { Clock } from "../../lib/clock";
import { recoverHouseRounds } from "../../providers/games/house/recovery";
import { houseRoutes } from "../../providers/games/house/routes";
import { type CallWallet, HOUSE_PROVIDER_ID, houseProvider } from "../../providers/games/house/service";
import { type GameProvider, templateProvider } from "../../providers/games/port";
import { NonceMemory, RedisNonces, signWalletCall } from "../../providers/games/signature";
import { optionalPlayer, requirePlayer } from "../player/auth";
import { type BetLimits, noBetLimits } from "./bet-limits";
import { createLobby } from "./lobby";
import { type GamePlayerAuth, gameRoutes } from "./routes";
import { seamlessWalletRoutes } from "./wallet-routes";

export function gameAuth(deps: AppDeps): GamePlayerAuth {
  return {
    required: async (req) => ({ playerId: (await requirePlayer(deps, req)).playerId }),
    optional: async (req) => {
      const caller = await optionalPlayer(deps, req);
      return caller && { playerId: caller.playerId };
    },
  };
}

/**
 * Registers the lobby, launch, history and the provider-facing seamless wallet, and the built-in house-games
 * provider, which reaches the wallet through `inject` — the real route, signature and all — as a remote
 * provider would over HTTP. Aggregators in GAME_AGGREGATORS are added beside it.
 */
export async function registerGames(
  api: FastifyInstance,
  deps: AppDeps,
  opts: { betLimits?: BetLimits } = {},
): Promise<void> {
  const house = houseProvider({
    db: deps.db,
    secret: deps.config.HOUSE_GAMES_SECRET,
    publicUrl: deps.config.publicUrl,
  });
  const providers: Record<string, GameProvider> = { [HOUSE_PROVIDER_ID]: house };
  for (const a of deps.config.GAME_AGGREGATORS) providers[a.id] = templateProvider(a);

  await api.register(
    gameRoutes({
      db: deps.db,
      clock: deps.clock,
      auth: gameAuth(deps),
      lobby: createLobby(deps.db, { ttlMs: deps.config.GAME_LOBBY_CACHE_SECONDS * 1000 }),
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
      betLimits: opts.betLimits ?? noBetLimits,
      providers,
      nonces: deps.redis ? new RedisNonces(deps.redis) : new NonceMemory(),
    }),
  );
  const houseDeps = {
    db: deps.db,
    clock: deps.clock,
    callWallet: houseWalletCaller(api, house.secret, deps.clock),
  };
  await api.register(houseRoutes(houseDeps));
  // Rounds a failure left half done are closed every minute (recovery.ts); mines rounds once their session ended.
  const recovery = setInterval(() => {
    void recoverHouseRounds(houseDeps, {
      staleMs: 5 * 60_000,
      minesAbandonedMs: deps.config.GAME_SESSION_TTL_MINUTES * 60_000,
    })
      .then((r) => {
        if (r.paid + r.refunded + r.cashedOut + r.failed > 0)
          api.log.warn({ houseRecovery: r }, "house rounds recovered");
      })
      .catch((err) => api.log.error({ err }, "house round recovery failed"));
  }, 60_000);
  recovery.unref();
  api.addHook("onClose", async () => clearInterval(recovery));
}

/** The built-in provider reaches the seamless wallet through `inject`: the real route, signature and all. */
export function houseWalletCaller(api: FastifyInstance, secret: string, clock: Clock): CallWallet {
  return async (action, body) => {
    const raw = JSON.stringify(body);
    const res = await api.inject({
      method: "POST",
      url: `/api/game/wallet/${HOUSE_PROVIDER_ID}/${action}`,
      headers: { "content-type": "application/json", ...signWalletCall(secret, raw, clock.now()) },
      payload: raw,
    });
    return res.json();
  };
}
