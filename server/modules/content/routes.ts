import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { parse } from "../../http/errors";
import { ContentService } from "./service";
import { CONTENT_DIRECTORIES, ContentStore, contentLocale } from "./store";

/** Content changes rarely and is the same for every visitor: browsers and CDNs may keep it 15 minutes. */
const cacheable = (reply: FastifyReply) => reply.header("cache-control", "public, max-age=900");

const localeOf = (query: unknown) => contentLocale((query as { locale?: string } | undefined)?.locale);

export const contentRoutes =
  (_deps: AppDeps, store = new ContentStore()): FastifyPluginAsync =>
  async (app) => {
    const content = new ContentService(store);

    /** Every shell dictionary of a locale in one call: what the site needs for its first paint. */
    app.get("/content/directories", async (req, reply) => {
      const locale = localeOf(req.query);
      const entries = await Promise.all(
        CONTENT_DIRECTORIES.map(async (d) => [d, await store.directory(d, locale)] as const),
      );
      cacheable(reply);
      return { locale, data: Object.fromEntries(entries) };
    });

    app.get("/content/directories/:directory", async (req, reply) => {
      const { directory } = parse(z.object({ directory: z.enum(CONTENT_DIRECTORIES) }), req.params);
      const locale = localeOf(req.query);
      cacheable(reply);
      return { locale, data: await store.directory(directory, locale) };
    });

    /** A static or catch-all page; the identity may be nested ("promotions/summer-cup"). */
    app.get("/content/pages/*", async (req, reply) => {
      const identity = (req.params as { "*": string })["*"];
      const page = await content.page(identity, localeOf(req.query));
      cacheable(reply);
      return page;
    });

    app.get("/content/questions", async (req, reply) => {
      const list = await content.questions(localeOf(req.query));
      cacheable(reply);
      return list;
    });

    app.get("/content/questions/:identity", async (req, reply) => {
      const { identity } = req.params as { identity: string };
      const question = await content.question(identity, localeOf(req.query));
      cacheable(reply);
      return question;
    });

    app.get("/content/home", async (req, reply) => {
      const home = await content.home(localeOf(req.query));
      cacheable(reply);
      return home;
    });

    app.get("/content/help", async (req, reply) => {
      const help = await content.help(localeOf(req.query));
      cacheable(reply);
      return help;
    });
  };
