import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../app";

export const contentRoutes =
  (_deps: AppDeps): FastifyPluginAsync =>
  async () => {};
