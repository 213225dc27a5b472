import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  referralOverviewAnswer,
  referralTermsAnswer,
  referralTransferAnswer,
  referralTransferBody,
} from "#common/api/referral";
import { type ReferralDeps, referralOverview, referralTerms, transferEarnings } from "./service";

/** The referral calls (decision 0017): the terms for everyone, the rest the player's own. */
export const referralRoutes =
  (deps: ReferralDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/referral/terms",
      { config: { auth: "optional" }, schema: { response: { 200: referralTermsAnswer } } },
      async () => ({ data: await referralTerms(deps) }),
    );
    app.get(
      "/referral",
      { config: { auth: "player" }, schema: { response: { 200: referralOverviewAnswer } } },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return { data: await referralOverview(deps, req.player.playerId) };
      },
    );
    app.post(
      "/referral/transfer",
      {
        config: { auth: "player" },
        schema: { body: referralTransferBody, response: { 200: referralTransferAnswer } },
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return { data: await transferEarnings(deps, req.player.playerId, req.body) };
      },
    );
  };
