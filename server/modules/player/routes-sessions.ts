import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { OkResponse } from "#common/api/player";
import { bearerToken } from "../../http/authentication";
import { ApiError, parse } from "../../http/errors";
import { requirePlayer } from "./auth";
import { type AccountDeps, requestContext } from "./context";
import { bodyOf } from "./forms";
import { login, loginWithToken, logout, refresh } from "./login";
import { registerByEmail, registerByPhone } from "./registration";
import { closeSessions, listSessions } from "./sessions";

const OK: OkResponse = { ok: true };

const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

/** Registration, login, refresh, logout and the sessions list (spec point 7, player and session). */
export const sessionRoutes =
  (deps: AccountDeps): FastifyPluginAsync =>
  async (app) => {
    app.post("/player/register", async (req, reply) => {
      reply.status(201);
      return registerByEmail(deps, bodyOf(req), requestContext(req));
    });

    app.post("/player/register/phone", async (req, reply) => {
      const answer = await registerByPhone(deps, bodyOf(req), requestContext(req));
      if ("accessToken" in answer) reply.status(201);
      return answer;
    });

    app.post("/player/sessions", async (req) => login(deps, bodyOf(req), requestContext(req)));

    app.post("/player/sessions/token", async (req) => loginWithToken(deps, bodyOf(req), requestContext(req)));

    app.post("/player/sessions/refresh", async (req) => refresh(deps, bearerToken(req)));

    app.post("/player/sessions/logout", async (req) => {
      await logout(deps, bearerToken(req));
      return OK;
    });

    app.get("/player/sessions", async (req) => {
      const caller = await requirePlayer(deps, req);
      return listSessions(deps, caller.playerId, caller.sessionId, parse(paging, req.query));
    });

    app.put<{ Params: { id: string } }>("/player/sessions/:id/close", async (req) => {
      const caller = await requirePlayer(deps, req);
      const closed = await closeSessions(deps, caller.playerId, { only: req.params.id });
      // Another player's session, or one already closed, is simply not found among the caller's.
      if (closed.length === 0) throw ApiError.notFound("No such session");
      return OK;
    });

    app.post("/player/sessions/close-other", async (req) => {
      const caller = await requirePlayer(deps, req);
      await closeSessions(deps, caller.playerId, { except: caller.sessionId });
      return OK;
    });
  };
