import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createLimitBody, limit, limitsResponse, updateLimitBody } from "#common/api/limits";
import { dataOf, idParam } from "#common/api/shared";
import { createLimit, deleteLimit, type LimitsDeps, listLimits, updateLimit } from "./service";

const one = dataOf(limit);

/** The player's responsible-gambling limits (spec point 7). */
export const limitRoutes =
  (deps: LimitsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/player/limits",
      { config: { auth: "player" }, schema: { response: { 200: limitsResponse } } },
      async (req) => listLimits(deps, req.player.playerId),
    );
    app.post(
      "/player/limits",
      { config: { auth: "player" }, schema: { body: createLimitBody, response: { 201: one } } },
      async (req, reply) => {
        reply.status(201);
        return { data: await createLimit(deps, req.player.playerId, req.body) };
      },
    );
    app.put(
      "/player/limits/:id",
      {
        config: { auth: "player" },
        schema: { params: idParam, body: updateLimitBody, response: { 200: one } },
      },
      async (req) => ({ data: await updateLimit(deps, req.player.playerId, req.params.id, req.body) }),
    );
    app.delete(
      "/player/limits/:id",
      {
        config: { auth: "player" },
        // The spec's client sends the limit's period and amount along; they change nothing.
        schema: { params: idParam, body: z.object({}).passthrough().optional(), response: { 200: one } },
      },
      async (req) => ({ data: await deleteLimit(deps, req.player.playerId, req.params.id) }),
    );
  };
