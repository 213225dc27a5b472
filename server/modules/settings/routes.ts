import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  constantsAnswer,
  countriesAnswer,
  currenciesAnswer,
  currenciesQuery,
  localesAnswer,
} from "#common/api/settings";
import type { Db } from "../../db/client";
import { cacheable } from "../../http/caching";
import { constants, listCountries, listCurrencies, listLocales } from "./service";

export const settingsRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/settings/currencies",
      { schema: { querystring: currenciesQuery, response: { 200: currenciesAnswer } } },
      async (req, reply) => {
        cacheable(reply);
        return { data: await listCurrencies(deps.db, { visibleOnly: req.query.visible }) };
      },
    );
    app.get(
      "/settings/countries",
      { schema: { response: { 200: countriesAnswer } } },
      async (_req, reply) => {
        cacheable(reply);
        return { data: await listCountries(deps.db) };
      },
    );
    app.get("/settings/locales", { schema: { response: { 200: localesAnswer } } }, async (_req, reply) => {
      cacheable(reply);
      return { data: await listLocales(deps.db) };
    });
    app.get(
      "/settings/constants",
      { schema: { response: { 200: constantsAnswer } } },
      async (_req, reply) => {
        cacheable(reply);
        return { data: constants() };
      },
    );
  };
