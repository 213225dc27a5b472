import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { activateQuestBody, questAnswer, questsAnswer, questsQuery } from "#common/api/quests";
import { idParam } from "#common/api/shared";
import { activateQuest, cancelQuest, listQuests, type QuestDeps } from "./service";

/** Spec point 7's quest calls (decision 0015). */
export const questRoutes =
  (deps: QuestDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/retention/quests",
      { config: { auth: "player" }, schema: { querystring: questsQuery, response: { 200: questsAnswer } } },
      async (req) => ({ data: await listQuests(deps, req.player.playerId, req.query) }),
    );
    app.put(
      "/retention/quests/:id/activate",
      {
        config: { auth: "player" },
        schema: { params: idParam, body: activateQuestBody, response: { 200: questAnswer } },
      },
      async (req) => ({
        data: await activateQuest(deps, req.player.playerId, req.params.id, req.body?.currency),
      }),
    );
    app.put(
      "/retention/quests/:id/cancel",
      {
        config: { auth: "player" },
        schema: {
          params: idParam,
          body: z.object({}).passthrough().optional(),
          response: { 200: questAnswer },
        },
      },
      async (req) => ({ data: await cancelQuest(deps, req.player.playerId, req.params.id) }),
    );
  };
