import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  avatar,
  codeSentResponse,
  emailVerifyConfirmBody,
  fieldValidationsResponse,
  otpSendBody,
  otpVerifyBody,
  profile,
  profileUpdateBody,
  setAvatarBody,
  validationsQuery,
} from "#common/api/player";
import { cacheable } from "../../http/caching";
import { AVATARS, setAvatar } from "./avatars";
import { type AccountDeps, OK, okAnswer, requestContext } from "./context";
import { confirmVerification, sendVerificationTo } from "./email-verification";
import { FORMS } from "./forms";
import { sendPhoneCode, verifyPhoneCode } from "./otp";
import { loadPlayer, toProfile, updateProfile } from "./profile";

/** Profile, phone and e-mail verification, avatars and the scenarios' field rules. */
export const profileRoutes =
  (deps: AccountDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /** The player's language for answers, looked up only when a call needs it. */
    const contextOf = async (req: Parameters<typeof requestContext>[0], playerId: bigint) =>
      requestContext(req, (await loadPlayer(deps.db, playerId)).language);

    app.get(
      "/player/profile",
      { config: { auth: "player" }, schema: { response: { 200: profile } } },
      async (req) => toProfile(await loadPlayer(deps.db, req.player.playerId)),
    );

    app.put(
      "/player/profile",
      { config: { auth: "player" }, schema: { body: profileUpdateBody, response: { 200: profile } } },
      async (req) => {
        const ctx = await contextOf(req, req.player.playerId);
        return updateProfile(deps, deps.forms, req.player.playerId, req.body, ctx);
      },
    );

    app.post(
      "/player/otp/send",
      { config: { auth: "player" }, schema: { body: otpSendBody, response: { 200: codeSentResponse } } },
      async (req) => sendPhoneCode(deps, req.player, req.body, await contextOf(req, req.player.playerId)),
    );

    app.post(
      "/player/otp/verify",
      { config: { auth: "player" }, schema: { body: otpVerifyBody, response: { 200: profile } } },
      async (req) => verifyPhoneCode(deps, req.player, req.body, await contextOf(req, req.player.playerId)),
    );

    for (const path of ["/player/profile/email/verify/send", "/player/profile/confirmations/email/resend"]) {
      app.post(
        path,
        { config: { auth: "player" }, schema: { body: z.object({}), response: okAnswer } },
        async (req) => {
          await sendVerificationTo(deps, req.player.playerId, await contextOf(req, req.player.playerId));
          return OK;
        },
      );
    }

    app.post(
      "/player/profile/email/verify/confirm",
      // The link proves the mailbox, so it works in a browser where the player is not logged in.
      { config: { auth: "optional" }, schema: { body: emailVerifyConfirmBody, response: okAnswer } },
      async (req) => {
        const ctx = requestContext(req);
        await deps.forms.check(FORMS.emailConfirm, req.body, ctx.locale);
        await confirmVerification(deps, String(req.body.code), ctx, req.caller?.playerId);
        return OK;
      },
    );

    app.get(
      "/player/fields/validations",
      {
        config: { auth: "optional" },
        schema: { querystring: validationsQuery, response: { 200: fieldValidationsResponse } },
      },
      async (req) => {
        // The fields depend on the country (decision 0061): the profile's are the player's country's, else the
        // visitor's. Per visitor, so no shared cache keeps them (the plugin answers no-store).
        const player = req.caller && (await loadPlayer(deps.db, req.caller.playerId).catch(() => undefined));
        const country = player?.country ?? req.clientCountry;
        return { scenario: req.query.scenario, fields: deps.forms.scenario(req.query.scenario, country) };
      },
    );

    app.get(
      "/player/avatar/list",
      { schema: { response: { 200: z.array(avatar) } } },
      async (_req, reply) => {
        cacheable(reply);
        return [...AVATARS];
      },
    );

    app.post(
      "/player/avatar/set-avatar",
      { config: { auth: "player" }, schema: { body: setAvatarBody, response: { 200: profile } } },
      async (req) => setAvatar(deps, req.player, req.body, await contextOf(req, req.player.playerId)),
    );
  };
