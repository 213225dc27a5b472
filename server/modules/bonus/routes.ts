import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bonusCodePreviewAnswer,
  bonusCodesAnswer,
  bonusCodesQuery,
  bonusStatusAnswer,
  bonusStatusQuery,
  cashbackAnswer,
  cashbackQuery,
  claimCashbackAnswer,
  claimCashbackBody,
  deleteBonusCodeBody,
  depositBonusesAnswer,
  depositBonusesQuery,
  playerBonusAnswer,
  playerBonusesAnswer,
  playerBonusesQuery,
  playerFreespinAnswer,
  playerFreespinsAnswer,
  redeemBonusCodeAnswer,
  redeemBonusCodeBody,
} from "#common/api/bonus";
import { idParam } from "#common/api/shared";
import { cashbackOf, claimCashback } from "./cashback";
import { deleteCode, listCodes, previewCode, redeemCode } from "./codes";
import { bonusStatuses, offeredDepositBonuses } from "./definitions";
import { activateFreespins, cancelFreespins, listFreespins } from "./freespins";
import { activateBonus, type BonusDeps, cancelBonus, listPlayerBonuses } from "./player-bonuses";

/** Spec point 7's bonus calls, under /api/game as the spec names them (decision 0013). */
export const bonusRoutes =
  (deps: BonusDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/game/player-bonuses",
      {
        config: { auth: "player" },
        schema: { querystring: playerBonusesQuery, response: { 200: playerBonusesAnswer } },
      },
      async (req) => ({ data: await listPlayerBonuses(deps.db, req.player.playerId, req.query) }),
    );
    app.put(
      "/game/player-bonuses/:id/activate",
      {
        config: { auth: "player" },
        schema: {
          params: idParam,
          body: z.object({}).passthrough().optional(),
          response: { 200: playerBonusAnswer },
        },
      },
      async (req) => ({ data: await activateBonus(deps, req.player.playerId, req.params.id) }),
    );
    app.put(
      "/game/player-bonuses/:id/cancel",
      {
        // A player whose token only withdraws (decision 0011) may still cancel the bonus that holds the withdrawal.
        config: { auth: "player", withdrawalScope: true },
        schema: {
          params: idParam,
          body: z.object({}).passthrough().optional(),
          response: { 200: playerBonusAnswer },
        },
      },
      async (req) => ({ data: await cancelBonus(deps, req.player.playerId, req.params.id) }),
    );
    app.get(
      "/game/player-freespins",
      {
        config: { auth: "player" },
        schema: { querystring: playerBonusesQuery, response: { 200: playerFreespinsAnswer } },
      },
      async (req) => ({ data: await listFreespins(deps.db, req.player.playerId, req.query) }),
    );
    app.put(
      "/game/player-freespins/:id/activate",
      {
        config: { auth: "player" },
        schema: {
          params: idParam,
          body: z.object({}).passthrough().optional(),
          response: { 200: playerFreespinAnswer },
        },
      },
      async (req) => ({ data: await activateFreespins(deps, req.player.playerId, req.params.id) }),
    );
    app.put(
      "/game/player-freespins/:id/cancel",
      {
        config: { auth: "player" },
        schema: {
          params: idParam,
          body: z.object({}).passthrough().optional(),
          response: { 200: playerFreespinAnswer },
        },
      },
      async (req) => ({ data: await cancelFreespins(deps, req.player.playerId, req.params.id) }),
    );
    app.get(
      "/game/bonuses",
      {
        config: { auth: "optional" },
        schema: { querystring: depositBonusesQuery, response: { 200: depositBonusesAnswer } },
      },
      async (req) => ({
        data: await offeredDepositBonuses(deps.db, req.caller?.playerId, req.query, deps.clock.now()),
      }),
    );
    app.get(
      "/game/bonuses/status",
      {
        config: { auth: "player" },
        schema: { querystring: bonusStatusQuery, response: { 200: bonusStatusAnswer } },
      },
      async (req) => ({
        data: await bonusStatuses(deps.db, req.player.playerId, req.query.bonusIds, deps.clock.now()),
      }),
    );
    app.get(
      "/game/bonuses/bonuscodes",
      {
        config: { auth: "player" },
        schema: { querystring: bonusCodesQuery, response: { 200: bonusCodesAnswer } },
      },
      async (req) => ({ data: await listCodes(deps.db, req.player.playerId, req.query.trigger) }),
    );
    app.post(
      "/game/bonuses/bonuscodes",
      {
        config: { auth: "player" },
        schema: { body: redeemBonusCodeBody, response: { 200: redeemBonusCodeAnswer } },
      },
      async (req) => ({ data: await redeemCode(deps, req.player.playerId, req.body, req.player.sessionId) }),
    );
    app.post(
      "/game/bonuses/bonuscodes/preview",
      {
        config: { auth: "player" },
        schema: { body: redeemBonusCodeBody, response: { 200: bonusCodePreviewAnswer } },
      },
      async (req) => ({ data: await previewCode(deps, req.player.playerId, req.body) }),
    );
    app.delete(
      "/game/bonuses/bonuscodes",
      { config: { auth: "player" }, schema: { body: deleteBonusCodeBody, response: { 200: z.object({}) } } },
      async (req) => {
        await deleteCode(deps, req.player.playerId, req.body.playerBonusCodeId);
        return {};
      },
    );
    app.get(
      "/game/bonuses/cashback",
      {
        config: { auth: "player" },
        schema: { querystring: cashbackQuery, response: { 200: cashbackAnswer } },
      },
      async (req) => ({ data: await cashbackOf(deps, req.player.playerId, req.query.currency) }),
    );
    app.post(
      "/game/bonuses/cashback",
      {
        config: { auth: "player" },
        schema: { body: claimCashbackBody, response: { 200: claimCashbackAnswer } },
      },
      async (req) => ({
        data: await claimCashback(deps, req.player.playerId, req.body.currency, req.player.sessionId),
      }),
    );
  };
