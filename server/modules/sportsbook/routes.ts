import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paged } from "#common/api/paging";
import { dataOf, idParam } from "#common/api/shared";
import {
  cashOutBody,
  gameBetsQuery,
  placeBetBody,
  sportBet,
  sportBetsQuery,
  sportEvent,
  sportEventsQuery,
  sportSearchQuery,
  sportSearchResult,
  sportSummary,
  sportsbookFirstScreen,
  sportsbookToken,
} from "#common/api/sportsbook";
import type { Caller } from "../../http/authentication";
import { ApiError } from "../../http/errors";
import { overviewFirstScreen } from "../../providers/odds/widgets/first-screen";
import { requestLocale } from "../player";
import { listBets, ownBet, toSportBet } from "./bets";
import { freshBook } from "./book";
import { cashOut } from "./cash-out";
import type { SportsbookDeps } from "./deps";
import { getEvent, listEvents, searchSports, sportSummaries } from "./events";
import { placeBet } from "./placement";
import { signSportsbookToken } from "./token";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A sportsbook call of a player: the bearer token may be the sportsbook token or the access token (checked
     * by the sportsbook module's own hook, before the body is read); 401 without one.
     */
    sportsbookPlayer?: boolean;
  }
}

export interface SportsbookRoutesDeps {
  /** Undefined when the sportsbook is switched off (no odds feed): reads of past bets still answer. */
  engine: SportsbookDeps | undefined;
  /** Bets and history need only the database when the sportsbook is off. */
  db: SportsbookDeps["db"];
  cashOutMargin: number;
  /** Whether the site shows this server's widgets, whose first screen it can draw (false with a real provider). */
  firstScreen: boolean;
  caller: (req: FastifyRequest) => Promise<Caller | undefined>;
  token: { secret: string; ttlSeconds: number; now: () => Date };
}

const off = () => new ApiError(503, "sportsbook_off", "The sportsbook is switched off");

export const sportsbookRoutes =
  (deps: SportsbookRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const engine = () =>
      deps.engine ??
      (() => {
        throw off();
      })();
    const player = (req: FastifyRequest) => {
      if (!req.caller) throw new ApiError(401, "unauthorized", "Log in to continue");
      return req.caller.playerId;
    };
    const view = () => ({ feed: deps.engine?.feed, cashOutMargin: deps.cashOutMargin });
    const sportsbookPlayer = { sportsbookPlayer: true };

    // Runs before the body is read: a guest learns nothing about a call's input (401 before 422).
    app.addHook("onRequest", async (req) => {
      if (!req.routeOptions.config.sportsbookPlayer) return;
      req.caller = await deps.caller(req);
      if (!req.caller) throw new ApiError(401, "unauthorized", "Log in to continue");
    });
    app.addHook("onRoute", (route) => {
      if (route.config?.sportsbookPlayer)
        route.schema = { ...route.schema, security: [{ bearer: [] }] } as typeof route.schema;
    });

    app.get(
      "/sportsbook/events",
      { schema: { querystring: sportEventsQuery, response: { 200: dataOf(z.array(sportEvent)) } } },
      async (req) => {
        const e = engine();
        // A trader's change announced a moment ago is being read: answer after it (decision 0022).
        await freshBook(e.feed);
        return {
          data: listEvents(e.feed, e.names, {
            ...req.query,
            top: req.query.top !== undefined,
            locale: req.query.locale ?? requestLocale(req),
          }),
        };
      },
    );

    app.get(
      "/sportsbook/events/:id",
      {
        schema: {
          params: z.object({ id: z.coerce.number().int().min(1) }),
          querystring: z.object({ locale: z.string().max(10).optional() }),
          response: { 200: dataOf(sportEvent) },
        },
      },
      async (req) => {
        const e = engine();
        await freshBook(e.feed);
        return { data: getEvent(e.feed, e.names, req.params.id, req.query.locale ?? requestLocale(req)) };
      },
    );

    app.get(
      "/sportsbook/sports",
      {
        schema: {
          querystring: z.object({ locale: z.string().max(10).optional() }),
          response: { 200: dataOf(z.array(sportSummary)) },
        },
      },
      async (req) => {
        const e = engine();
        return { data: sportSummaries(e.feed, e.names, req.query.locale ?? requestLocale(req)) };
      },
    );

    app.get(
      "/sportsbook/first-screen",
      {
        schema: {
          querystring: z.object({ locale: z.string().max(10).optional() }),
          response: { 200: dataOf(sportsbookFirstScreen) },
        },
      },
      async (req) => {
        if (!deps.firstScreen)
          throw new ApiError(404, "not_found", "The site's sportsbook comes from another provider");
        const e = engine();
        await freshBook(e.feed);
        const locale = req.query.locale ?? requestLocale(req);
        return {
          data: overviewFirstScreen(locale, {
            sports: (l) => sportSummaries(e.feed, e.names, l),
            events: (q, l) =>
              listEvents(e.feed, e.names, { ...q, limit: q.limit ?? 50, top: q.top === true, locale: l }),
          }),
        };
      },
    );

    app.get(
      "/game/sport/search",
      { schema: { querystring: sportSearchQuery, response: { 200: dataOf(sportSearchResult) } } },
      async (req) => {
        const e = engine();
        const { q, limit, locale } = req.query;
        return { data: searchSports(e.feed, e.names, q, limit, locale ?? requestLocale(req)) };
      },
    );

    app.post(
      "/sportsbook/bets",
      { config: sportsbookPlayer, schema: { body: placeBetBody, response: { 200: dataOf(sportBet) } } },
      async (req) => ({
        data: await placeBet(engine(), player(req), req.body, { playerStatus: req.caller?.playerStatus }),
      }),
    );

    app.get(
      "/sportsbook/bets",
      {
        config: sportsbookPlayer,
        schema: { querystring: sportBetsQuery, response: { 200: paged(sportBet) } },
      },
      async (req) =>
        listBets(
          deps.db,
          player(req),
          { settled: req.query.status === "settled", page: req.query.page, perPage: req.query.perPage },
          view(),
        ),
    );

    app.get(
      "/sportsbook/bets/:id",
      { config: sportsbookPlayer, schema: { params: idParam, response: { 200: dataOf(sportBet) } } },
      async (req) => {
        const { bet, legs } = await ownBet(deps.db, player(req), req.params.id);
        return { data: toSportBet(bet, legs, view()) };
      },
    );

    app.post(
      "/sportsbook/bets/:id/cash-out",
      {
        config: sportsbookPlayer,
        schema: { params: idParam, body: cashOutBody, response: { 200: dataOf(sportBet) } },
      },
      async (req) => ({ data: await cashOut(engine(), player(req), req.params.id, req.body.amount) }),
    );

    app.get(
      "/game/bets",
      {
        config: sportsbookPlayer,
        schema: { querystring: gameBetsQuery, response: { 200: paged(sportBet) } },
      },
      async (req) =>
        listBets(
          deps.db,
          player(req),
          { settled: req.query.isSettled, page: req.query.page, perPage: req.query.perPage },
          view(),
        ),
    );

    // The start-game call of the game that is the sportsbook (spec point 7): a static path, so it wins over the
    // lobby's `/game/games/:id/play`. Only a logged-in player gets a token; guests browse without one.
    app.post(
      "/game/games/sportsbook/play",
      {
        config: { auth: "player" },
        schema: { body: z.object({}).passthrough(), response: { 200: dataOf(sportsbookToken) } },
      },
      async (req) => {
        engine();
        return {
          data: await signSportsbookToken(
            deps.token.secret,
            { playerId: req.player.playerId, sessionId: req.player.sessionId },
            { now: deps.token.now(), ttlSeconds: deps.token.ttlSeconds },
          ),
        };
      },
    );
  };
