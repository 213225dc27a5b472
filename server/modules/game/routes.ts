import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clearRecentQuery,
  game,
  gameCollection,
  gameDetails,
  gameFeature,
  gameLaunch,
  gameProvider,
  gameSearchQuery,
  gamesQuery,
  playBody,
  playQuery,
  recentSearch,
  spin,
  spinsQuery,
  winner,
} from "#common/api/game";
import { paged } from "#common/api/paging";
import { dataOf, idParam } from "#common/api/shared";
import type { Cache } from "../../cache";
import type { Db } from "../../db/client";
import { sendCached } from "../../http/caching";
import type { Clock } from "../../lib/clock";
import { requestLocale } from "../player";
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

export interface GameRoutesDeps {
  db: Db;
  cache: Cache;
  clock: Clock;
  launch: LaunchDeps;
  lobby: Lobby;
}

const favorite = dataOf(z.object({ gameId: z.string(), isFavorite: z.boolean() }));
const games = dataOf(z.array(game));

/** Who is looking, for country rules and favourites; a guest has no player id. */
const viewer = (req: FastifyRequest): Viewer => ({
  country: req.clientCountry,
  playerId: req.caller?.playerId,
});

export const gameRoutes =
  (deps: GameRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/game/collections",
      { schema: { response: { 200: dataOf(z.array(gameCollection)) } } },
      async (req, reply) =>
        sendCached(
          reply,
          deps.cache,
          deps.lobby.scope,
          `answer:collections:${req.clientCountry}`,
          async () => ({
            data: await deps.lobby.collections(req.clientCountry),
          }),
        ),
    );

    app.get(
      "/game/providers",
      { schema: { response: { 200: dataOf(z.array(gameProvider)) } } },
      async (req, reply) =>
        sendCached(
          reply,
          deps.cache,
          deps.lobby.scope,
          `answer:providers:${req.clientCountry}`,
          async () => ({
            data: await deps.lobby.providers(req.clientCountry),
          }),
        ),
    );

    app.get(
      "/game/providers/:id",
      { schema: { params: idParam, response: { 200: dataOf(gameProvider) } } },
      async (req) => ({ data: await deps.lobby.provider(req.params.id, req.clientCountry) }),
    );

    app.get(
      "/game/games",
      { config: { auth: "optional" }, schema: { querystring: gamesQuery, response: { 200: paged(game) } } },
      async (req, reply) => {
        const who = viewer(req);
        if (who.playerId) return deps.lobby.games(who, req.query);
        // A guest's page is the same for every guest of the country: kept written, as the cache holds it.
        const key = deps.lobby.gamesKey(who.country, req.query);
        return sendCached(reply, deps.cache, deps.lobby.scope, key, () => deps.lobby.games(who, req.query));
      },
    );

    app.get(
      "/game/games/features",
      { schema: { response: { 200: dataOf(z.array(gameFeature)) } } },
      async (req, reply) =>
        sendCached(reply, deps.cache, deps.lobby.scope, `answer:features:${req.clientCountry}`, async () => ({
          data: await deps.lobby.features(req.clientCountry),
        })),
    );

    app.get(
      "/game/games/search",
      { config: { auth: "optional" }, schema: { querystring: gameSearchQuery, response: { 200: games } } },
      async (req) => ({
        data: await searchGames(
          deps.db,
          deps.lobby,
          viewer(req),
          req.query.q ?? req.query.search ?? "",
          req.query.limit,
          deps.clock.now(),
        ),
      }),
    );

    app.get(
      "/game/games/favorites",
      { config: { auth: "player" }, schema: { response: { 200: games } } },
      async (req) => ({
        data: await listFavorites(deps.db, { country: req.clientCountry, playerId: req.player.playerId }),
      }),
    );

    app.get(
      "/game/games/played",
      { config: { auth: "player" }, schema: { response: { 200: games } } },
      async (req) => ({
        data: await listPlayed(deps.db, { country: req.clientCountry, playerId: req.player.playerId }),
      }),
    );

    app.get(
      "/game/games/:id",
      { config: { auth: "optional" }, schema: { params: idParam, response: { 200: dataOf(gameDetails) } } },
      async (req) => ({ data: await getGame(deps.db, viewer(req), req.params.id) }),
    );

    app.post(
      "/game/games/:id/play",
      {
        config: { auth: "optional" },
        schema: {
          params: idParam,
          querystring: playQuery,
          body: playBody,
          response: { 200: dataOf(gameLaunch) },
        },
      },
      async (req) => ({
        data: await launchGame(deps.launch, viewer(req), req.params.id, {
          real: req.body.real || req.query.real === "true",
          currency: req.body.currency,
          language: requestLocale(req),
        }),
      }),
    );

    app.post(
      "/game/games/:id/favorite",
      {
        config: { auth: "player" },
        schema: { params: idParam, body: z.object({}), response: { 200: favorite } },
      },
      async (req) => ({ data: await addFavorite(deps.db, req.player.playerId, req.params.id) }),
    );

    app.delete(
      "/game/games/:id/favorite",
      { config: { auth: "player" }, schema: { params: idParam, response: { 200: favorite } } },
      async (req) => ({ data: await removeFavorite(deps.db, req.player.playerId, req.params.id) }),
    );

    app.get(
      "/game/search/recent",
      { config: { auth: "player" }, schema: { response: { 200: dataOf(z.array(recentSearch)) } } },
      async (req) => ({ data: await listRecentSearches(deps.db, req.player.playerId) }),
    );

    app.delete(
      "/game/search/recent",
      {
        config: { auth: "player" },
        schema: { querystring: clearRecentQuery, response: { 200: dataOf(z.array(recentSearch)) } },
      },
      async (req) => {
        await clearRecentSearches(deps.db, req.player.playerId, req.query.id);
        return { data: await listRecentSearches(deps.db, req.player.playerId) };
      },
    );

    app.get(
      "/game/spins",
      { config: { auth: "player" }, schema: { querystring: spinsQuery, response: { 200: paged(spin) } } },
      async (req) =>
        listSpins(deps.db, req.player.playerId, req.query.page, req.query.perPage, deps.launch.providers),
    );

    app.get("/game/spins/winners", { schema: { response: { 200: dataOf(z.array(winner)) } } }, async () => ({
      data: await listWinners(deps.db),
    }));
  };
