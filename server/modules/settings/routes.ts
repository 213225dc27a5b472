import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { parse } from "../../http/errors";
import { constants, listCountries, listCurrencies, listLocales } from "./service";

/** The site caches settings for 15 minutes (spec point 7); browsers and proxies may too. */
const cacheable = (reply: FastifyReply) => reply.header("cache-control", "public, max-age=900");

const currenciesQuery = z.object({
  visible: z
    .enum(["true", "false", "1", "0"], { message: "visible must be true, false, 1 or 0" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

export const settingsRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get("/settings/currencies", async (req, reply) => {
      const { visible } = parse(currenciesQuery, req.query);
      cacheable(reply);
      return { data: await listCurrencies(deps.db, { visibleOnly: visible }) };
    });
    app.get("/settings/countries", async (_req, reply) => {
      cacheable(reply);
      return { data: await listCountries(deps.db) };
    });
    app.get("/settings/locales", async (_req, reply) => {
      cacheable(reply);
      return { data: await listLocales(deps.db) };
    });
    app.get("/settings/constants", async (_req, reply) => {
      cacheable(reply);
      return { data: constants() };
    });
  };
