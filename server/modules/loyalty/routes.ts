import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loyaltyAccountAnswer, loyaltyLevelsAnswer } from "#common/api/loyalty";
import type { Db } from "../../db/client";
import { listLevels, loyaltyAccountOf, toLevel } from "./service";

/** Spec point 7's loyalty calls under /api/retention (the quests module shares the prefix with its own paths). */
export const loyaltyRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/retention/levels",
      { config: { auth: "optional" }, schema: { response: { 200: loyaltyLevelsAnswer } } },
      async () => ({ data: (await listLevels(deps.db)).map(toLevel) }),
    );
    app.get(
      "/retention/account",
      { config: { auth: "player" }, schema: { response: { 200: loyaltyAccountAnswer } } },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return { data: await loyaltyAccountOf(deps.db, req.player.playerId) };
      },
    );
  };
