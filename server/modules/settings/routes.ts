import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  constantsAnswer,
  countriesAnswer,
  currenciesAnswer,
  currenciesQuery,
  localesAnswer,
} from "#common/api/settings";
import type { Cache } from "../../cache";
import type { Db } from "../../db/client";
import { cacheable, sendCached } from "../../http/caching";
import { constants, listCountries, listCurrencies, listLocales, SETTINGS_CACHE } from "./service";

/** Every visitor reads the same settings: the answers are kept written in memory (SETTINGS_CACHE). */
export const settingsRoutes =
  (deps: { db: Db; cache: Cache }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/settings/currencies",
      { schema: { querystring: currenciesQuery, response: { 200: currenciesAnswer } } },
      async (req, reply) => {
        cacheable(reply);
        const visibleOnly = req.query.visible === true;
        return sendCached(reply, deps.cache, SETTINGS_CACHE, `currencies:${visibleOnly}`, async () => ({
          data: await listCurrencies(deps.db, { visibleOnly }),
        }));
      },
    );
    app.get(
      "/settings/countries",
      { schema: { response: { 200: countriesAnswer } } },
      async (_req, reply) => {
        cacheable(reply);
        return sendCached(reply, deps.cache, SETTINGS_CACHE, "countries", async () => ({
          data: await listCountries(deps.db),
        }));
      },
    );
    app.get("/settings/locales", { schema: { response: { 200: localesAnswer } } }, async (_req, reply) => {
      cacheable(reply);
      return sendCached(reply, deps.cache, SETTINGS_CACHE, "locales", async () => ({
        data: await listLocales(deps.db),
      }));
    });
    app.get(
      "/settings/constants",
      { schema: { response: { 200: constantsAnswer } } },
      async (_req, reply) => {
        cacheable(reply);
        return sendCached(reply, deps.cache, SETTINGS_CACHE, "constants", async () => ({
          data: constants(),
        }));
      },
    );
  };
