import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminBonusAnswer,
  adminBonusChangeBody,
  adminBonusCreateBody,
  adminBonusesAnswer,
} from "#common/api/admin-bonuses";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import { changeBonusDefinition, createBonusDefinition, listBonusDefinitions } from "../bonus";
import { actorOf } from "../staff";

/**
 * Bonus definitions (decision 0026): deposit bonuses and the welcome package, fixed bonuses, free-spin packages,
 * cashback rules. Added to the admin plugin's `app`.
 */
export function bonusRoutes(parent: FastifyInstance, deps: AppDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/admin/bonuses",
    { config: { staff: "promotions.read" }, schema: { response: { 200: adminBonusesAnswer } } },
    async () => listBonusDefinitions(deps.db),
  );
  app.post(
    "/admin/bonuses",
    {
      config: { staff: "promotions.write" },
      schema: { body: adminBonusCreateBody, response: { 200: adminBonusAnswer } },
    },
    async (req) => ({ data: await createBonusDefinition(deps, actorOf(req), req.body) }),
  );
  app.patch(
    "/admin/bonuses/:id",
    {
      config: { staff: "promotions.write" },
      schema: { params: idParam, body: adminBonusChangeBody, response: { 200: adminBonusAnswer } },
    },
    async (req) => ({ data: await changeBonusDefinition(deps, actorOf(req), req.params.id, req.body) }),
  );
}
