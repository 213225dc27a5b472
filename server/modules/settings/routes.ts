import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../app";
import { listCurrencies } from "./service";

export const settingsRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get("/settings/currencies", async () => ({ data: await listCurrencies(deps.db) }));
  };
