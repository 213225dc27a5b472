import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { realityCheckResponse, setRealityCheckBody } from "#common/api/reality-check";
import { type RealityCheckDeps, realityCheck, setRealityCheck } from "./reality-check";

/** The player's reality check (RTS 13): the reminder's setting and what the current session did. */
export const realityCheckRoutes =
  (deps: RealityCheckDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/player/reality-check",
      { config: { auth: "player" }, schema: { response: { 200: realityCheckResponse } } },
      async (req) => ({ data: await realityCheck(deps, req.player) }),
    );
    app.put(
      "/player/reality-check",
      {
        config: { auth: "player" },
        schema: { body: setRealityCheckBody, response: { 200: realityCheckResponse } },
      },
      async (req) => ({ data: await setRealityCheck(deps, req.player, req.body) }),
    );
  };
