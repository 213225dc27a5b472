import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../app";
import { playerInit } from "./init";

export const playerRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get("/player/init", async (req, reply) => {
      // Depends on the visitor's country: never shared between visitors by a cache.
      reply.header("cache-control", "no-store");
      return playerInit(deps.db, {
        country: req.headers["cf-ipcountry"] as string | undefined,
        acceptLanguage: req.headers["accept-language"],
      });
    });
  };
