import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { parse } from "../../http/errors";
import { CONTENT_DIRECTORIES, ContentStore, contentLocale } from "./store";

export const contentRoutes =
  (_deps: AppDeps, store = new ContentStore()): FastifyPluginAsync =>
  async (app) => {
    /** Every shell dictionary of a locale in one call: what the site needs for its first paint. */
    app.get("/content/directories", async (req, reply) => {
      const locale = contentLocale((req.query as { locale?: string }).locale);
      const entries = await Promise.all(
        CONTENT_DIRECTORIES.map(async (d) => [d, await store.directory(d, locale)] as const),
      );
      reply.header("cache-control", "public, max-age=900");
      return { locale, data: Object.fromEntries(entries) };
    });

    app.get("/content/directories/:directory", async (req, reply) => {
      const { directory } = parse(z.object({ directory: z.enum(CONTENT_DIRECTORIES) }), req.params);
      const locale = contentLocale((req.query as { locale?: string }).locale);
      reply.header("cache-control", "public, max-age=900");
      return { locale, data: await store.directory(directory, locale) };
    });
  };
