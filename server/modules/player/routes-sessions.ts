import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paged, pagingQuery } from "#common/api/paging";
import {
  codeSentResponse,
  loginBody,
  phoneLoginBody,
  phoneLoginCodeBody,
  playerSession,
  registerBody,
  registerPhoneBody,
  sessionResponse,
  tokenLoginBody,
  withdrawalSessionResponse,
} from "#common/api/player";
import { realtimeTokenResponse } from "#common/api/realtime-token";
import { ApiError } from "../../http/errors";
import { sessionCredential } from "../../http/session-cookie";
import { type AccountDeps, loginRoute, OK, okAnswer, requestContext } from "./context";
import { login, loginWithToken, logout, refresh } from "./login";
import { loginByPhoneCode, sendLoginCode } from "./phone-login";
import { registerByEmail, registerByPhone } from "./registration";
import { openWithdrawalSession } from "./restricted-withdrawal";
import { closeSessions, listSessions, realtimeToken } from "./sessions";

/** Registration, login, refresh, logout and the sessions list (spec point 7, player and session). */
export const sessionRoutes =
  (deps: AccountDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/player/register",
      { schema: { body: registerBody, response: { 201: sessionResponse } } },
      async (req, reply) => {
        reply.status(201);
        return reply.withSession(await registerByEmail(deps, req.body, requestContext(req)));
      },
    );

    app.post(
      "/player/register/phone",
      { schema: { body: registerPhoneBody, response: { 200: codeSentResponse, 201: sessionResponse } } },
      async (req, reply) => {
        const answer = await registerByPhone(deps, req.body, requestContext(req));
        if (!("accessToken" in answer)) return answer;
        reply.status(201);
        return reply.withSession(answer);
      },
    );

    loginRoute(app, "/player/sessions", loginBody, (body, context) => login(deps, body, context));
    loginRoute(app, "/player/sessions/token", tokenLoginBody, (body, context) =>
      loginWithToken(deps, body, context),
    );

    // A phone account signs in with an SMS code instead of its password (decision 0058).
    app.post(
      "/player/sessions/phone/code",
      { schema: { body: phoneLoginCodeBody, response: { 200: codeSentResponse } } },
      async (req) => sendLoginCode(deps, req.body, requestContext(req)),
    );
    loginRoute(app, "/player/sessions/phone", phoneLoginBody, (body, context) =>
      loginByPhoneCode(deps, body, context),
    );

    // A restricted player's way to their money (decision 0011): the login's body, a withdrawal-only token.
    app.post(
      "/player/restricted-withdrawal/session",
      { schema: { body: loginBody, response: { 200: withdrawalSessionResponse } } },
      async (req) => openWithdrawalSession(deps, req.body, requestContext(req)),
    );

    // Refresh and logout take the token (bearer or cookie) even when it has expired: the session row decides
    // (0004). A refused refresh or a logout forgets the cookie, so the browser stops sending a dead token.
    app.post(
      "/player/sessions/refresh",
      { schema: { body: z.object({}), response: { 200: sessionResponse } } },
      async (req, reply) => {
        const credential = sessionCredential(req, deps.config.publicUrl);
        try {
          return reply.withSession(await refresh(deps, credential?.token));
        } catch (err) {
          if (err instanceof ApiError && (err.status === 401 || err.status === 403)) reply.endSession();
          throw err;
        }
      },
    );

    app.post(
      "/player/sessions/logout",
      { schema: { body: z.object({}), response: okAnswer } },
      async (req, reply) => {
        const credential = sessionCredential(req, deps.config.publicUrl);
        reply.endSession();
        await logout(deps, credential?.token);
        return OK;
      },
    );

    // The site's realtime client connects with this instead of the session token it cannot read (0037).
    app.post(
      "/player/sessions/realtime-token",
      {
        config: { auth: "player" },
        schema: { body: z.object({}), response: { 200: realtimeTokenResponse } },
      },
      async (req) => realtimeToken(deps, req.player),
    );

    app.get(
      "/player/sessions",
      {
        config: { auth: "player" },
        schema: {
          querystring: pagingQuery({ perPage: 20, maxPerPage: 100 }),
          response: { 200: paged(playerSession) },
        },
      },
      async (req) => listSessions(deps, req.player.playerId, req.player.sessionId, req.query),
    );

    app.put(
      "/player/sessions/:id/close",
      {
        config: { auth: "player" },
        schema: { params: z.object({ id: z.string().max(40) }), body: z.object({}), response: okAnswer },
      },
      async (req) => {
        const closed = await closeSessions(deps, req.player.playerId, { only: req.params.id });
        // Another player's session, or one already closed, is simply not found among the caller's.
        if (closed.length === 0) throw ApiError.notFound("No such session");
        return OK;
      },
    );

    app.post(
      "/player/sessions/close-other",
      { config: { auth: "player" }, schema: { body: z.object({}), response: okAnswer } },
      async (req) => {
        await closeSessions(deps, req.player.playerId, { except: req.player.sessionId });
        return OK;
      },
    );
  };
