import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  catalogueSportsAnswer,
  sportCategoriesData,
  sportInfoAnswer,
  sportInfoQuery,
  sportLocaleQuery,
} from "#common/api/sportsbook";
import type { SiteLocale } from "#common/i18n/locales";
import { ApiError } from "../../../http/errors";
import { siteLocaleFor } from "../../player";
import type { Catalogue } from "./catalogue";
import { categoriesData, sportInfo, sportList } from "./service";

/**
 * The catalogue changes with a release, not during one: browsers and CDNs may keep it an hour and serve it stale a
 * day while they fetch it again. Names follow Accept-Language when no locale is asked, hence the Vary.
 */
function cacheCatalogue(reply: FastifyReply) {
  reply.header("cache-control", "public, max-age=3600, stale-while-revalidate=86400");
  reply.header("vary", "accept-language");
}

const localeOf = (req: FastifyRequest, asked: string | undefined): SiteLocale =>
  siteLocaleFor(asked, req.headers["accept-language"]);

/** GET /api/sport/sports and /api/sport/info: registered under /api by the catalogue module. */
export const sportCatalogueRoutes =
  (deps: { catalogue: Catalogue }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/sport/sports",
      { schema: { querystring: sportLocaleQuery, response: { 200: catalogueSportsAnswer } } },
      async (req, reply) => {
        cacheCatalogue(reply);
        return { data: sportList(deps.catalogue, localeOf(req, req.query.locale)) };
      },
    );
    app.get(
      "/sport/info",
      { schema: { querystring: sportInfoQuery, response: { 200: sportInfoAnswer } } },
      async (req, reply) => {
        const data = sportInfo(deps.catalogue, req.query, localeOf(req, req.query.locale));
        cacheCatalogue(reply);
        return { data };
      },
    );
  };

const DATA_FILE = /^(.+)-(champs|categories)\.json$/;

/**
 * GET /altenar-data/{sport}-champs.json and /altenar-data/{sport}-categories.json (spec point 7), at the site's
 * root where the spec's site fetches them: both the sport's categories with their championships in the spec's
 * shape. `{sport}` is the code ("ice-hockey") or the id ("69").
 */
export const altenarDataRoutes =
  (deps: { catalogue: Catalogue }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/altenar-data/:file",
      {
        schema: {
          params: z.object({ file: z.string().max(80) }),
          querystring: sportLocaleQuery,
          response: { 200: sportCategoriesData },
        },
      },
      async (req, reply) => {
        const match = DATA_FILE.exec(req.params.file);
        if (!match) throw ApiError.notFound(`No such sports data file: ${req.params.file}`);
        const data = categoriesData(deps.catalogue, match[1]!, localeOf(req, req.query.locale));
        cacheCatalogue(reply);
        return data;
      },
    );
  };
