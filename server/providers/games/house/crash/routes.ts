import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  crashBetAnswer,
  crashBetBody,
  crashFairness,
  crashHistory,
  crashState as crashStateSchema,
  crashVerifiable,
} from "#common/api/crash";
import { dataOf } from "#common/api/shared";
import {
  type CrashDeps,
  cashOutCrash,
  crashFairnessRecord,
  crashHistoryOf,
  crashRoundForVerification,
  crashState,
  placeCrashBet,
} from "./service";

const session = z.object({ token: z.string().max(200) });

/**
 * The crash game's calls: the game page's (keyed by the launch token, like every house game) and the public
 * fairness record anyone may read.
 */
export const crashRoutes =
  (deps: CrashDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/house/sessions/:token/crash",
      { schema: { params: session, response: { 200: dataOf(crashStateSchema) } } },
      async (req) => ({ data: await crashState(deps, req.params.token) }),
    );
    app.post(
      "/house/sessions/:token/crash/bet",
      { schema: { params: session, body: crashBetBody, response: { 200: dataOf(crashBetAnswer) } } },
      async (req) => ({ data: await placeCrashBet(deps, req.params.token, req.body) }),
    );
    app.post(
      "/house/sessions/:token/crash/cashout",
      { schema: { params: session, body: z.object({}), response: { 200: dataOf(crashBetAnswer) } } },
      async (req) => ({ data: await cashOutCrash(deps, req.params.token) }),
    );
    app.get(
      "/house/sessions/:token/crash/history",
      { schema: { params: session, response: { 200: dataOf(crashHistory) } } },
      async (req) => ({ data: await crashHistoryOf(deps, req.params.token) }),
    );
    app.get("/house/crash/fairness", { schema: { response: { 200: dataOf(crashFairness) } } }, async () => ({
      data: await crashFairnessRecord(deps),
    }));
    app.get(
      "/house/crash/rounds/:id",
      {
        schema: { params: z.object({ id: z.string().max(40) }), response: { 200: dataOf(crashVerifiable) } },
      },
      async (req) => ({ data: await crashRoundForVerification(deps, req.params.id) }),
    );
  };
