import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  reportCurrenciesAnswer,
  reportExportQuery,
  reportGamesAnswer,
  reportProvidersAnswer,
  reportQuery,
  reportSportsAnswer,
  reportSummaryAnswer,
} from "#common/api/admin-reports";
import type { AppDeps } from "../../app";
import {
  reportCsv,
  reportCurrencies,
  reportGames,
  reportProviders,
  reportSports,
  reportSummary,
} from "../reports";

const csvAnswer = z.string().meta({ description: "the table as CSV (text/csv), money as plain decimals" });

/** The reports (decision 0023): read-only, `reports.read`; each table also as a CSV download. */
export function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { staff: "reports.read" } as const;
  r.get(
    "/admin/reports/summary",
    { config, schema: { querystring: reportQuery, response: { 200: reportSummaryAnswer } } },
    async (req) => ({ data: await reportSummary(deps.db, req.query) }),
  );
  r.get(
    "/admin/reports/currencies",
    { config, schema: { querystring: reportQuery, response: { 200: reportCurrenciesAnswer } } },
    async (req) => ({ data: await reportCurrencies(deps.db, req.query) }),
  );
  r.get(
    "/admin/reports/games",
    { config, schema: { querystring: reportQuery, response: { 200: reportGamesAnswer } } },
    async (req) => ({ data: await reportGames(deps.db, req.query) }),
  );
  r.get(
    "/admin/reports/providers",
    { config, schema: { querystring: reportQuery, response: { 200: reportProvidersAnswer } } },
    async (req) => ({ data: await reportProviders(deps.db, req.query) }),
  );
  r.get(
    "/admin/reports/sports",
    { config, schema: { querystring: reportQuery, response: { 200: reportSportsAnswer } } },
    async (req) => ({ data: await reportSports(deps.db, req.query) }),
  );
  r.get(
    "/admin/reports/export",
    { config, schema: { querystring: reportExportQuery, response: { 200: csvAnswer } } },
    async (req, reply) => {
      const { table, ...range } = req.query;
      const { filename, csv } = await reportCsv(deps.db, table, range);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("x-content-type-options", "nosniff")
        .send(csv);
    },
  );
}
