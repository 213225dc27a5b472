import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminLoyaltyLevelAnswer,
  adminLoyaltyLevelChangeBody,
  adminLoyaltyLevelsAnswer,
  adminQuestAnswer,
  adminQuestChangeBody,
  adminQuestCreateBody,
  adminQuestsAnswer,
  adminReferralRulesAnswer,
  adminReferralRulesBody,
} from "#common/api/admin-retention";
import { idParam } from "#common/api/shared";
import type { AppDeps } from "../../app";
import { changeLevel, staffLevels } from "../loyalty";
import { changeQuest, createQuest, staffQuests } from "../quests";
import { changeReferralRules, staffReferralRules } from "../referral";
import { actorOf } from "../staff";

/** Retention (decision 0027): quests, loyalty levels, referral rules. Added to the admin plugin's `app`. */
export function retentionRoutes(parent: FastifyInstance, deps: AppDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/admin/retention/quests",
    { config: { staff: "promotions.read" }, schema: { response: { 200: adminQuestsAnswer } } },
    async () => ({ data: await staffQuests(deps.db) }),
  );
  app.post(
    "/admin/retention/quests",
    {
      config: { staff: "promotions.write" },
      schema: { body: adminQuestCreateBody, response: { 200: adminQuestAnswer } },
    },
    async (req) => ({ data: await createQuest(deps.db, actorOf(req), req.body) }),
  );
  app.patch(
    "/admin/retention/quests/:id",
    {
      config: { staff: "promotions.write" },
      schema: { params: idParam, body: adminQuestChangeBody, response: { 200: adminQuestAnswer } },
    },
    async (req) => ({ data: await changeQuest(deps.db, actorOf(req), req.params.id, req.body) }),
  );

  app.get(
    "/admin/retention/loyalty/levels",
    { config: { staff: "promotions.read" }, schema: { response: { 200: adminLoyaltyLevelsAnswer } } },
    async () => ({ data: await staffLevels(deps.db) }),
  );
  app.patch(
    "/admin/retention/loyalty/levels/:id",
    {
      config: { staff: "promotions.write" },
      schema: {
        params: idParam,
        body: adminLoyaltyLevelChangeBody,
        response: { 200: adminLoyaltyLevelAnswer },
      },
    },
    async (req) => ({ data: await changeLevel(deps.db, actorOf(req), req.params.id, req.body) }),
  );

  app.get(
    "/admin/retention/referral",
    { config: { staff: "promotions.read" }, schema: { response: { 200: adminReferralRulesAnswer } } },
    async () => ({ data: await staffReferralRules(deps.db, deps.config) }),
  );
  app.put(
    "/admin/retention/referral",
    {
      config: { staff: "promotions.write" },
      schema: { body: adminReferralRulesBody, response: { 200: adminReferralRulesAnswer } },
    },
    async (req) => ({ data: await changeReferralRules(deps.db, deps.config, actorOf(req), req.body) }),
  );
}
