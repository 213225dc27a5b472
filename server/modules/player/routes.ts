import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../app";

export const playerRoutes =
  (_deps: AppDeps): FastifyPluginAsync =>
  async () => {};
