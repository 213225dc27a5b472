import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { FieldValidationsResponse, OkResponse } from "#common/api/player";
import { parse } from "../../http/errors";
import { optionalPlayer, requirePlayer } from "./auth";
import { AVATARS, setAvatar } from "./avatars";
import { type AccountDeps, requestContext } from "./context";
import { confirmVerification, sendVerificationTo } from "./email-verification";
import { bodyOf, FORMS, SCENARIOS } from "./forms";
import { sendPhoneCode, verifyPhoneCode } from "./otp";
import { loadPlayer, toProfile, updateProfile } from "./profile";

const OK: OkResponse = { ok: true };

/** Profile, phone and e-mail verification, avatars and the scenarios' field rules. */
export const profileRoutes =
  (deps: AccountDeps): FastifyPluginAsync =>
  async (app) => {
    /** The player's language for answers, looked up only when a call needs it. */
    const contextOf = async (req: Parameters<typeof requestContext>[0], playerId: number) =>
      requestContext(req, (await loadPlayer(deps.db, playerId)).language);

    app.get("/player/profile", async (req) => {
      const caller = await requirePlayer(deps, req);
      return toProfile(await loadPlayer(deps.db, caller.playerId));
    });

    app.put("/player/profile", async (req) => {
      const caller = await requirePlayer(deps, req);
      const ctx = await contextOf(req, caller.playerId);
      return updateProfile(deps, deps.forms, caller.playerId, bodyOf(req), ctx.locale);
    });

    app.post("/player/otp/send", async (req) => {
      const caller = await requirePlayer(deps, req);
      return sendPhoneCode(deps, caller, bodyOf(req), await contextOf(req, caller.playerId));
    });

    app.post("/player/otp/verify", async (req) => {
      const caller = await requirePlayer(deps, req);
      return verifyPhoneCode(deps, caller, bodyOf(req), await contextOf(req, caller.playerId));
    });

    const sendVerification = async (req: Parameters<typeof requestContext>[0]) => {
      const caller = await requirePlayer(deps, req);
      await sendVerificationTo(deps, caller.playerId, await contextOf(req, caller.playerId));
      return OK;
    };
    app.post("/player/profile/email/verify/send", sendVerification);
    app.post("/player/profile/confirmations/email/resend", sendVerification);

    app.post("/player/profile/email/verify/confirm", async (req) => {
      // The link proves the mailbox, so it works in a browser where the player is not logged in.
      const caller = await optionalPlayer(deps, req);
      const ctx = requestContext(req);
      await deps.forms.check(FORMS.emailConfirm, bodyOf(req), ctx.locale);
      await confirmVerification(deps, String(bodyOf(req).code), ctx, caller?.playerId);
      return OK;
    });

    const scenarioQuery = z.object({ scenario: z.enum(["registration", "profile"]) });
    app.get("/player/fields/validations", async (req, reply) => {
      const { scenario } = parse(scenarioQuery, req.query);
      reply.header("cache-control", "public, max-age=900");
      return { scenario, fields: SCENARIOS[scenario] } satisfies FieldValidationsResponse;
    });

    app.get("/player/avatar/list", async (_req, reply) => {
      reply.header("cache-control", "public, max-age=900");
      return AVATARS;
    });

    app.post("/player/avatar/set-avatar", async (req) => {
      const caller = await requirePlayer(deps, req);
      return setAvatar(deps, caller, bodyOf(req), await contextOf(req, caller.playerId));
    });
  };
