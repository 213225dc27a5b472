import type { FastifyPluginAsync } from "fastify";
import type { OkResponse } from "#common/api/player";
import { requirePlayer } from "./auth";
import { type AccountDeps, requestContext } from "./context";
import { bodyOf } from "./forms";
import { sendPasswordChangeCode } from "./otp";
import { changePassword, confirmPasswordReset, requestPasswordReset } from "./passwords";
import { loadPlayer } from "./profile";

const OK: OkResponse = { ok: true };

/** Changing, resetting and confirming passwords. */
export const passwordRoutes =
  (deps: AccountDeps): FastifyPluginAsync =>
  async (app) => {
    app.put("/player/passwords", async (req) => {
      const caller = await requirePlayer(deps, req);
      const player = await loadPlayer(deps.db, caller.playerId);
      await changePassword(deps, caller, bodyOf(req), requestContext(req, player.language));
      return OK;
    });

    app.post("/player/otp/email/send", async (req) => {
      const caller = await requirePlayer(deps, req);
      const player = await loadPlayer(deps.db, caller.playerId);
      return sendPasswordChangeCode(deps, caller, requestContext(req, player.language));
    });

    app.post("/player/passwords/reset", async (req) => {
      await requestPasswordReset(deps, bodyOf(req), requestContext(req));
      return OK;
    });

    app.post("/player/passwords/confirm", async (req) => {
      await confirmPasswordReset(deps, bodyOf(req), requestContext(req));
      return OK;
    });
  };
