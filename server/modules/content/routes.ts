import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CONTENT_DIRECTORIES,
  contentPage,
  contentQuery,
  directoriesAnswer,
  directoryAnswer,
  helpContent,
  homeContent,
  question,
  questionList,
} from "#common/api/content";
import { ContentService } from "./service";
import { ContentStore, contentLocale } from "./store";

/** Content changes rarely and is the same for every visitor: browsers and CDNs may keep it 15 minutes. */
const cacheable = (reply: FastifyReply) => reply.header("cache-control", "public, max-age=900");

export const contentRoutes =
  (store = new ContentStore()): FastifyPluginAsyncZod =>
  async (app) => {
    const content = new ContentService(store);

    /** Every shell dictionary of a locale in one call: what the site needs for its first paint. */
    app.get(
      "/content/directories",
      { schema: { querystring: contentQuery, response: { 200: directoriesAnswer } } },
      async (req, reply) => {
        const locale = contentLocale(req.query.locale);
        const entries = await Promise.all(
          CONTENT_DIRECTORIES.map(async (d) => [d, await store.directory(d, locale)] as const),
        );
        cacheable(reply);
        return { locale, data: Object.fromEntries(entries) as z.infer<typeof directoriesAnswer>["data"] };
      },
    );

    app.get(
      "/content/directories/:directory",
      {
        schema: {
          params: z.object({ directory: z.enum(CONTENT_DIRECTORIES) }),
          querystring: contentQuery,
          response: { 200: directoryAnswer },
        },
      },
      async (req, reply) => {
        const locale = contentLocale(req.query.locale);
        cacheable(reply);
        return { locale, data: await store.directory(req.params.directory, locale) };
      },
    );

    /** A static or catch-all page; the identity may be nested ("promotions/summer-cup"). */
    app.get(
      "/content/pages/*",
      {
        schema: {
          params: z.object({ "*": z.string() }),
          querystring: contentQuery,
          response: { 200: contentPage },
        },
      },
      async (req, reply) => {
        const page = await content.page(req.params["*"], contentLocale(req.query.locale));
        cacheable(reply);
        return page;
      },
    );

    app.get(
      "/content/questions",
      { schema: { querystring: contentQuery, response: { 200: questionList } } },
      async (req, reply) => {
        const list = await content.questions(contentLocale(req.query.locale));
        cacheable(reply);
        return list;
      },
    );

    app.get(
      "/content/questions/:identity",
      {
        schema: {
          params: z.object({ identity: z.string() }),
          querystring: contentQuery,
          response: { 200: question },
        },
      },
      async (req, reply) => {
        const answer = await content.question(req.params.identity, contentLocale(req.query.locale));
        cacheable(reply);
        return answer;
      },
    );

    app.get(
      "/content/home",
      { schema: { querystring: contentQuery, response: { 200: homeContent } } },
      async (req, reply) => {
        const home = await content.home(contentLocale(req.query.locale));
        cacheable(reply);
        return home;
      },
    );

    app.get(
      "/content/help",
      { schema: { querystring: contentQuery, response: { 200: helpContent } } },
      async (req, reply) => {
        const help = await content.help(contentLocale(req.query.locale));
        cacheable(reply);
        return help;
      },
    );
  };
