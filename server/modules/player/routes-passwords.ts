import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  codeSentResponse,
  passwordChangeBody,
  passwordConfirmBody,
  passwordResetBody,
  passwordResetResponse,
} from "#common/api/player";
import { type AccountDeps, OK, okAnswer, requestContext } from "./context";
import { sendPasswordChangeCode } from "./otp";
import { changePassword, confirmPasswordReset, requestPasswordReset } from "./passwords";
import { loadPlayer } from "./profile";

/** Changing, resetting and confirming passwords. */
export const passwordRoutes =
  (deps: AccountDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      "/player/passwords",
      { config: { auth: "player" }, schema: { body: passwordChangeBody, response: okAnswer } },
      async (req) => {
        const player = await loadPlayer(deps.db, req.player.playerId);
        await changePassword(deps, req.player, req.body, requestContext(req, player.language));
        return OK;
      },
    );

    app.post(
      "/player/otp/email/send",
      { config: { auth: "player" }, schema: { body: z.object({}), response: { 200: codeSentResponse } } },
      async (req) => {
        const player = await loadPlayer(deps.db, req.player.playerId);
        return sendPasswordChangeCode(deps, req.player, requestContext(req, player.language));
      },
    );

    app.post(
      "/player/passwords/reset",
      { schema: { body: passwordResetBody, response: { 200: passwordResetResponse } } },
      async (req) => requestPasswordReset(deps, req.body, requestContext(req)),
    );

    app.post(
      "/player/passwords/confirm",
      { schema: { body: passwordConfirmBody, response: okAnswer } },
      async (req) => {
        await confirmPasswordReset(deps, req.body, requestContext(req));
        return OK;
      },
    );
  };
