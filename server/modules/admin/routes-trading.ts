import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  sportShortfallAnswer,
  sportShortfallParam,
  sportShortfallsAnswer,
  sportShortfallsQuery,
  sportShortfallWriteOffBody,
  tradingEventAnswer,
  tradingEventParam,
  tradingEventsAnswer,
  tradingEventsQuery,
  tradingMarketParam,
  tradingSettleAnswer,
  tradingSettleBody,
} from "#common/api/admin-trading";
import type { AppDeps } from "../../app";
import { ApiError } from "../../http/errors";
import {
  collectShortfall,
  holdMarket,
  listShortfalls,
  settleMarket,
  sportsbookDeps,
  tradingEvent,
  tradingEvents,
  writeOffShortfall,
} from "../sportsbook";
import { actorOf } from "../staff";

/** Sportsbook trading (decision 0022): thin routes over server/modules/sportsbook/trading.ts. */
export function tradingRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const engine = () => {
    const e = sportsbookDeps(deps);
    if (!e) throw new ApiError(503, "sportsbook_off", "The sportsbook is switched off");
    return e;
  };

  api.get(
    "/admin/trading/events",
    {
      config: { staff: "trading.read" },
      schema: { querystring: tradingEventsQuery, response: { 200: tradingEventsAnswer } },
    },
    async (req) => ({ data: tradingEvents(engine(), req.query) }),
  );
  api.get(
    "/admin/trading/events/:eventId",
    {
      config: { staff: "trading.read" },
      schema: { params: tradingEventParam, response: { 200: tradingEventAnswer } },
    },
    async (req) => ({ data: await tradingEvent(engine(), req.params.eventId) }),
  );
  for (const [verb, hold] of [
    ["suspend", true],
    ["resume", false],
  ] as const) {
    api.post(
      `/admin/trading/events/:eventId/${verb}`,
      {
        config: { staff: "trading.write" },
        schema: { params: tradingEventParam, body: z.object({}), response: { 200: tradingEventAnswer } },
      },
      async (req) => ({ data: await holdMarket(engine(), actorOf(req), req.params.eventId, null, hold) }),
    );
    api.post(
      `/admin/trading/events/:eventId/markets/:marketId/${verb}`,
      {
        config: { staff: "trading.write" },
        schema: { params: tradingMarketParam, body: z.object({}), response: { 200: tradingEventAnswer } },
      },
      async (req) => ({
        data: await holdMarket(engine(), actorOf(req), req.params.eventId, req.params.marketId, hold),
      }),
    );
  }
  for (const [verb, correct] of [
    ["settle", false],
    ["resettle", true],
  ] as const)
    api.post(
      `/admin/trading/events/:eventId/markets/:marketId/${verb}`,
      {
        config: { staff: "trading.write" },
        schema: {
          params: tradingMarketParam,
          body: tradingSettleBody,
          response: { 200: tradingSettleAnswer },
        },
      },
      async (req) => ({
        data: await settleMarket(
          engine(),
          actorOf(req),
          req.params.eventId,
          req.params.marketId,
          req.body,
          correct,
        ),
      }),
    );

  // Resettlement shortfalls (issue 42): what a corrected result could not take back, until staff resolve it.
  // Readable with the sportsbook switched off: money owed does not go away with the feed.
  api.get(
    "/admin/trading/shortfalls",
    {
      config: { staff: "trading.read" },
      schema: { querystring: sportShortfallsQuery, response: { 200: sportShortfallsAnswer } },
    },
    async (req) => listShortfalls(deps.db, req.query),
  );
  api.post(
    "/admin/trading/shortfalls/:id/collect",
    {
      config: { staff: "trading.write" },
      schema: { params: sportShortfallParam, body: z.object({}), response: { 200: sportShortfallAnswer } },
    },
    async (req) => ({
      data: await collectShortfall(
        { db: deps.db, clock: deps.clock, publisher: deps.realtime },
        actorOf(req),
        req.params.id,
      ),
    }),
  );
  api.post(
    "/admin/trading/shortfalls/:id/write-off",
    {
      config: { staff: "trading.write" },
      schema: {
        params: sportShortfallParam,
        body: sportShortfallWriteOffBody,
        response: { 200: sportShortfallAnswer },
      },
    },
    async (req) => ({
      data: await writeOffShortfall(deps, actorOf(req), req.params.id, req.body.reason),
    }),
  );
}
