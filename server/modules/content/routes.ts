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
import { cacheSuccessfulAnswers } from "../../http/caching";
import { type BannerFactsSource, ContentService } from "./service";
import { ContentStore, contentLocale } from "./store";

export const contentRoutes =
  (store = new ContentStore(), bannerFacts?: BannerFactsSource): FastifyPluginAsyncZod =>
  async (app) => {
    const content = new ContentService(store, bannerFacts);
    // Content changes rarely and is the same for every visitor.
    cacheSuccessfulAnswers(app);

    /** Every shell dictionary of a locale in one call: what the site needs for its first paint. */
    app.get(
      "/content/directories",
      { schema: { querystring: contentQuery, response: { 200: directoriesAnswer } } },
      async (req) => {
        const locale = contentLocale(req.query.locale);
        const entries = await Promise.all(
          CONTENT_DIRECTORIES.map(async (d) => [d, await content.directory(d, locale)] as const),
        );
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
      async (req) => {
        const locale = contentLocale(req.query.locale);
        return { locale, data: await content.directory(req.params.directory, locale) };
      },
    );

    /** A static or catch-all page; the identity may be nested ("promotions/summer-cup"). */
    app.get(
      "/content/pages/*",
      {
        schema: {
          params: z.object({ "*": z.string().max(300) }),
          querystring: contentQuery,
          response: { 200: contentPage },
        },
      },
      async (req) => content.page(req.params["*"], contentLocale(req.query.locale)),
    );

    app.get(
      "/content/questions",
      { schema: { querystring: contentQuery, response: { 200: questionList } } },
      async (req) => content.questions(contentLocale(req.query.locale)),
    );

    app.get(
      "/content/questions/:identity",
      {
        schema: {
          params: z.object({ identity: z.string().max(200) }),
          querystring: contentQuery,
          response: { 200: question },
        },
      },
      async (req) => content.question(req.params.identity, contentLocale(req.query.locale)),
    );

    app.get(
      "/content/home",
      { schema: { querystring: contentQuery, response: { 200: homeContent } } },
      async (req) => content.home(contentLocale(req.query.locale)),
    );

    app.get(
      "/content/help",
      { schema: { querystring: contentQuery, response: { 200: helpContent } } },
      async (req) => content.help(contentLocale(req.query.locale)),
    );
  };
