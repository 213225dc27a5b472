import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminBonusCodeAnswer,
  adminBonusCodesAnswer,
  adminBonusCodesQuery,
  adminBonusOptionsAnswer,
  bonusCodeBatchAnswer,
  bonusCodeBulkBody,
  bonusCodeChangeBody,
  bonusCodeCreateBody,
  bonusCodesExportQuery,
} from "#common/api/admin-promotions";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import {
  batchCsv,
  bonusOptions,
  changeBonusCode,
  createBonusCode,
  generateBonusCodes,
  listBonusCodes,
} from "../bonus";
import { actorOf } from "../staff";

const csvAnswer = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: "string", format: "binary", description: "the batch's codes as CSV" });

/** Promotions (decision 0024): bonus codes, one by one or in bulk. Added to the admin plugin's `app`. */
export function promotionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/admin/promotions/bonuses",
    { config: { staff: "promotions.read" }, schema: { response: { 200: adminBonusOptionsAnswer } } },
    async () => ({ data: await bonusOptions(deps.db) }),
  );
  r.get(
    "/admin/promotions/codes",
    {
      config: { staff: "promotions.read" },
      schema: { querystring: adminBonusCodesQuery, response: { 200: adminBonusCodesAnswer } },
    },
    async (req) => listBonusCodes(deps.db, req.query, req.query),
  );
  r.post(
    "/admin/promotions/codes",
    {
      config: { staff: "promotions.write" },
      schema: { body: bonusCodeCreateBody, response: { 200: adminBonusCodeAnswer } },
    },
    async (req) => ({ data: await createBonusCode(deps.db, actorOf(req), req.body) }),
  );
  r.post(
    "/admin/promotions/codes/bulk",
    {
      config: { staff: "promotions.write" },
      schema: { body: bonusCodeBulkBody, response: { 200: bonusCodeBatchAnswer } },
    },
    async (req) => ({ data: await generateBonusCodes(deps.db, actorOf(req), req.body) }),
  );
  r.get(
    "/admin/promotions/codes/export",
    {
      config: { staff: "promotions.read" },
      schema: { querystring: bonusCodesExportQuery, response: { 200: csvAnswer } },
    },
    async (req, reply) => {
      const csv = await batchCsv(deps.db, req.query.batch);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="bonus-codes-${req.query.batch}.csv"`);
      return reply.send(Buffer.from(csv, "utf8"));
    },
  );
  r.patch(
    "/admin/promotions/codes/:id",
    {
      config: { staff: "promotions.write" },
      schema: { params: idParam, body: bonusCodeChangeBody, response: { 200: adminBonusCodeAnswer } },
    },
    async (req) => ({ data: await changeBonusCode(deps.db, actorOf(req), req.params.id, req.body) }),
  );
}
