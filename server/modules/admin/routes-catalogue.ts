import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminCollectionAnswer,
  adminCollectionChangeBody,
  adminCollectionCreateBody,
  adminCollectionGamesAnswer,
  adminCollectionGamesBody,
  adminCollectionsAnswer,
  adminGameAnswer,
  adminGameChangeBody,
  adminGamesAnswer,
  adminGamesQuery,
  adminProviderAnswer,
  adminProviderChangeBody,
  adminProvidersAnswer,
} from "#common/api/admin-catalogue";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import {
  changeCollection,
  changeGame,
  changeProvider,
  collectionGames,
  createCollection,
  setCollectionGames,
  staffCollections,
  staffGames,
  staffProviders,
} from "../game";
import { actorOf } from "../staff";

/** The catalogue's staff calls (decision 0025): games, providers, collections. */
export function catalogueRoutes(parent: FastifyInstance, deps: AppDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const cacheSeconds = deps.config.GAME_LOBBY_CACHE_SECONDS;

  app.get(
    "/admin/catalogue/games",
    {
      config: { staff: "catalogue.read" },
      schema: { querystring: adminGamesQuery, response: { 200: adminGamesAnswer } },
    },
    async (req) => {
      const page = await staffGames(deps.db, req.query);
      return { data: page.data, meta: { ...page.meta, cacheSeconds } };
    },
  );
  app.patch(
    "/admin/catalogue/games/:id",
    {
      config: { staff: "catalogue.write" },
      schema: { params: idParam, body: adminGameChangeBody, response: { 200: adminGameAnswer } },
    },
    async (req) => ({ data: await changeGame(deps, actorOf(req), req.params.id, req.body) }),
  );

  app.get(
    "/admin/catalogue/providers",
    { config: { staff: "catalogue.read" }, schema: { response: { 200: adminProvidersAnswer } } },
    async () => ({ data: await staffProviders(deps.db) }),
  );
  app.patch(
    "/admin/catalogue/providers/:id",
    {
      config: { staff: "catalogue.write" },
      schema: { params: idParam, body: adminProviderChangeBody, response: { 200: adminProviderAnswer } },
    },
    async (req) => ({ data: await changeProvider(deps, actorOf(req), req.params.id, req.body) }),
  );

  app.get(
    "/admin/catalogue/collections",
    { config: { staff: "catalogue.read" }, schema: { response: { 200: adminCollectionsAnswer } } },
    async () => ({ data: await staffCollections(deps.db) }),
  );
  app.post(
    "/admin/catalogue/collections",
    {
      config: { staff: "catalogue.write" },
      schema: { body: adminCollectionCreateBody, response: { 200: adminCollectionAnswer } },
    },
    async (req) => ({ data: await createCollection(deps, actorOf(req), req.body) }),
  );
  app.patch(
    "/admin/catalogue/collections/:id",
    {
      config: { staff: "catalogue.write" },
      schema: {
        params: idParam,
        body: adminCollectionChangeBody,
        response: { 200: adminCollectionAnswer },
      },
    },
    async (req) => ({ data: await changeCollection(deps, actorOf(req), req.params.id, req.body) }),
  );
  app.get(
    "/admin/catalogue/collections/:id/games",
    {
      config: { staff: "catalogue.read" },
      schema: { params: idParam, response: { 200: adminCollectionGamesAnswer } },
    },
    async (req) => ({ data: await collectionGames(deps.db, req.params.id) }),
  );
  app.put(
    "/admin/catalogue/collections/:id/games",
    {
      config: { staff: "catalogue.write" },
      schema: {
        params: idParam,
        body: adminCollectionGamesBody,
        response: { 200: adminCollectionGamesAnswer },
      },
    },
    async (req) => ({
      data: await setCollectionGames(deps, actorOf(req), req.params.id, req.body.gameIds),
    }),
  );
}
