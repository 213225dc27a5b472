import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { GAME_SORTS } from "#common/api/game";
import type { Db } from "../../db/client";
import { parse } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { requestLocale } from "../player/forms";
import { getGame, type Viewer } from "./catalogue";
import { type LaunchDeps, launchGame } from "./launch";
import type { Lobby } from "./lobby";
import {
  addFavorite,
  clearRecentSearches,
  listFavorites,
  listPlayed,
  listRecentSearches,
  removeFavorite,
  searchGames,
} from "./player-games";
import { listSpins, listWinners } from "./spins";

/** Resolves the caller's session to a player (401 otherwise); `optional` answers undefined for a guest. */
export interface GamePlayerAuth {
  required(req: FastifyRequest): Promise<{ playerId: number }>;
  optional(req: FastifyRequest): Promise<{ playerId: number } | undefined>;
}

export interface GameRoutesDeps {
  db: Db;
  clock: Clock;
  auth: GamePlayerAuth;
  launch: LaunchDeps;
  lobby: Lobby;
}

/** A query value given once, several times, or in bracket style (`provider[]=a&provider[]=b`). */
const list = (q: Record<string, unknown>, name: string): string[] | undefined => {
  const v = q[name] ?? q[`${name}[]`];
  if (v === undefined || v === "") return undefined;
  return (Array.isArray(v) ? v : String(v).split(","))
    .map((s) => String(s).trim())
    .filter(Boolean)
    .slice(0, 50);
};

const gamesQuery = z.object({
  collection: z.string().trim().min(1).max(100).optional(),
  search: z.string().max(100).optional(),
  sort: z.enum(GAME_SORTS).default("popular"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(24),
});

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

const searchQuery = z.object({
  q: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const playBody = z.object({
  real: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(false),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
});

export const gameRoutes =
  (deps: GameRoutesDeps): FastifyPluginAsync =>
  async (app) => {
    const viewer = async (req: FastifyRequest): Promise<Viewer> => ({
      country: req.clientCountry,
      playerId: (await deps.auth.optional(req))?.playerId,
    });
    const player = async (req: FastifyRequest) => ({
      country: req.clientCountry,
      playerId: (await deps.auth.required(req)).playerId,
    });

    app.get("/game/collections", async (req) => ({
      data: await deps.lobby.collections(req.clientCountry),
    }));

    app.get("/game/providers", async (req) => ({ data: await deps.lobby.providers(req.clientCountry) }));

    app.get<{ Params: { id: string } }>("/game/providers/:id", async (req) => ({
      data: await deps.lobby.provider(req.params.id, req.clientCountry),
    }));

    app.get("/game/games", async (req) => {
      const raw = (req.query ?? {}) as Record<string, unknown>;
      const q = parse(gamesQuery, raw);
      return deps.lobby.games(await viewer(req), {
        ...q,
        providers: list(raw, "provider"),
        features: list(raw, "feature"),
      });
    });

    app.get("/game/games/features", async (req) => ({
      data: await deps.lobby.features(req.clientCountry),
    }));

    app.get("/game/games/search", async (req) => {
      const q = parse(searchQuery, req.query);
      return {
        data: await searchGames(
          deps.db,
          deps.lobby,
          await viewer(req),
          q.q ?? q.search ?? "",
          q.limit,
          deps.clock.now(),
        ),
      };
    });

    app.get("/game/games/favorites", async (req) => ({
      data: await listFavorites(deps.db, await player(req)),
    }));

    app.get("/game/games/played", async (req) => ({ data: await listPlayed(deps.db, await player(req)) }));

    app.get<{ Params: { id: string } }>("/game/games/:id", async (req) => ({
      data: await getGame(deps.db, await viewer(req), req.params.id),
    }));

    app.post<{ Params: { id: string } }>("/game/games/:id/play", async (req) => {
      const body = parse(playBody, req.body ?? {});
      const real = body.real || (req.query as Record<string, unknown>)?.real === "true";
      return {
        data: await launchGame(deps.launch, await viewer(req), req.params.id, {
          real,
          currency: body.currency,
          language: requestLocale(req),
        }),
      };
    });

    app.post<{ Params: { id: string } }>("/game/games/:id/favorite", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await addFavorite(deps.db, playerId, req.params.id) };
    });

    app.delete<{ Params: { id: string } }>("/game/games/:id/favorite", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await removeFavorite(deps.db, playerId, req.params.id) };
    });

    app.get("/game/search/recent", async (req) => {
      const { playerId } = await deps.auth.required(req);
      return { data: await listRecentSearches(deps.db, playerId) };
    });

    app.delete("/game/search/recent", async (req) => {
      const { playerId } = await deps.auth.required(req);
      const id = (req.query as Record<string, unknown>)?.id;
      await clearRecentSearches(deps.db, playerId, typeof id === "string" ? id : undefined);
      return { data: await listRecentSearches(deps.db, playerId) };
    });

    app.get("/game/spins", async (req) => {
      const { playerId } = await deps.auth.required(req);
      const q = parse(pageQuery, req.query);
      return listSpins(deps.db, playerId, q.page, q.perPage);
    });

    app.get("/game/spins/winners", async () => ({ data: await listWinners(deps.db) }));
  };
