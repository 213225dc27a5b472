import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  actionBody,
  blackjackActionBody,
  blackjackStartBody,
  houseRound,
  houseSession,
  playAnswer,
  playBody,
  revealBody,
  rotateAnswer,
  rotateBody,
  verifiableRound,
} from "#common/api/house-games";
import { dataOf } from "#common/api/shared";
import { blackjackAction, blackjackStart } from "./blackjack";
import { hiloAction, hiloStart } from "./hilo";
import {
  type HouseDeps,
  minesCashOut,
  minesReveal,
  minesStart,
  play,
  recentRounds,
  rotateSeeds,
  roundForVerification,
  sessionState,
} from "./service";
import { videoPokerAction, videoPokerStart } from "./video-poker";

const session = z.object({ token: z.string().max(200) });
const played = { 200: dataOf(playAnswer) };

/**
 * The built-in provider's game API, called by its game pages (/house-games/{engine}?token=…) inside the
 * casino's game iframe. The token is the launch's game session; nothing else identifies the player here.
 */
export const houseRoutes =
  (deps: HouseDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/house/sessions/:token",
      { schema: { params: session, response: { 200: dataOf(houseSession) } } },
      async (req) => ({ data: await sessionState(deps, req.params.token) }),
    );
    app.post(
      "/house/sessions/:token/play",
      { schema: { params: session, body: playBody, response: played } },
      async (req) => ({ data: await play(deps, req.params.token, req.body) }),
    );
    app.post(
      "/house/sessions/:token/mines/start",
      { schema: { params: session, body: playBody, response: played } },
      async (req) => ({ data: await minesStart(deps, req.params.token, req.body) }),
    );
    app.post(
      "/house/sessions/:token/mines/reveal",
      { schema: { params: session, body: revealBody, response: played } },
      async (req) => ({ data: await minesReveal(deps, req.params.token, req.body.tile) }),
    );
    app.post(
      "/house/sessions/:token/mines/cashout",
      { schema: { params: session, body: z.object({}), response: played } },
      async (req) => ({ data: await minesCashOut(deps, req.params.token) }),
    );
    // Hilo and video poker: a start, then moves (conditional updates: of two moves at once, one applies).
    app.post(
      "/house/sessions/:token/hilo/start",
      { schema: { params: session, body: playBody, response: played } },
      async (req) => ({ data: await hiloStart(deps, req.params.token, req.body) }),
    );
    app.post(
      "/house/sessions/:token/hilo/action",
      { schema: { params: session, body: actionBody, response: played } },
      async (req) => ({ data: await hiloAction(deps, req.params.token, req.body.action) }),
    );
    app.post(
      "/house/sessions/:token/videopoker/start",
      { schema: { params: session, body: playBody, response: played } },
      async (req) => ({ data: await videoPokerStart(deps, req.params.token, req.body) }),
    );
    app.post(
      "/house/sessions/:token/videopoker/action",
      { schema: { params: session, body: actionBody, response: played } },
      async (req) => ({ data: await videoPokerAction(deps, req.params.token, req.body.holds) }),
    );
    app.post(
      "/house/sessions/:token/blackjack/start",
      { schema: { params: session, body: blackjackStartBody, response: played } },
      async (req) => ({ data: await blackjackStart(deps, req.params.token, req.body) }),
    );
    app.post(
      "/house/sessions/:token/blackjack/action",
      { schema: { params: session, body: blackjackActionBody, response: played } },
      async (req) => ({ data: await blackjackAction(deps, req.params.token, req.body) }),
    );
    app.post(
      "/house/sessions/:token/seeds/rotate",
      { schema: { params: session, body: rotateBody, response: { 200: dataOf(rotateAnswer) } } },
      async (req) => ({ data: await rotateSeeds(deps, req.params.token, req.body.clientSeed) }),
    );
    app.get(
      "/house/sessions/:token/rounds",
      { schema: { params: session, response: { 200: dataOf(z.array(houseRound)) } } },
      async (req) => ({ data: await recentRounds(deps, req.params.token) }),
    );
    app.get(
      "/house/sessions/:token/rounds/:id",
      {
        schema: {
          params: session.extend({ id: z.string().max(40) }),
          response: { 200: dataOf(verifiableRound) },
        },
      },
      async (req) => ({ data: await roundForVerification(deps, req.params.token, req.params.id) }),
    );
  };
