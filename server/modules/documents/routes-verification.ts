import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { identityWebhookAnswer, sumsubAuthResponse, verificationResponse } from "#common/api/documents";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { type IdentityVerifier, IdentityWebhookRejected } from "../../providers/identity/port";
import { SandboxVerifier } from "../../providers/identity/sandbox";
import { identitySandboxPage } from "../../providers/identity/sandbox-page";
import { applyReview, verificationOf } from "./verification";

interface VerificationDeps {
  db: Db;
  config: Config;
  verifier: IdentityVerifier | undefined;
}

const off = () => ApiError.notFound("Identity verification is off");

/** The player's verification: its status, the widget's token, the service's webhook and the sandbox's page. */
export const verificationRoutes =
  (deps: VerificationDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { verifier } = deps;
    app.get(
      "/player/verification",
      { config: { auth: "player" }, schema: { response: { 200: verificationResponse } } },
      async (req) => ({
        data: {
          mode: deps.config.IDENTITY_VERIFICATION,
          ...(await verificationOf(deps.db, req.player.playerId)),
        },
      }),
    );

    app.post(
      "/player/services/sumsub/auth",
      { config: { auth: "player" }, schema: { body: z.object({}), response: { 200: sumsubAuthResponse } } },
      async (req) => {
        if (!verifier) throw off();
        return verifier.accessToken(String(req.player.playerId));
      },
    );

    // The digest is over the exact bytes sent, so this scope reads JSON bodies raw.
    const webhook: FastifyPluginAsyncZod = async (scope) => {
      scope.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
        done(null, body),
      );
      scope.post(
        "/player/services/sumsub/webhook",
        {
          schema: {
            body: z
              .string()
              .max(256 * 1024)
              .meta({ description: "Sumsub's applicant event, signed by X-Payload-Digest" }),
            response: { 200: identityWebhookAnswer },
          },
        },
        async (req) => {
          if (!verifier) throw off();
          try {
            const review = verifier.readWebhook(req.headers, req.body);
            const applied = review ? await applyReview(deps.db, verifier.mode, review) : false;
            return { received: true as const, applied };
          } catch (err) {
            if (err instanceof IdentityWebhookRejected)
              throw new ApiError(401, "webhook_rejected", err.message);
            throw err;
          }
        },
      );
    };
    await app.register(webhook);

    if (!(verifier instanceof SandboxVerifier)) return;
    const sandbox = verifier;
    const tokenParam = z.object({
      token: z
        .string()
        .max(200)
        .regex(/^sbx_[A-Za-z0-9_.-]+$/),
    });
    const player = (token: string) => {
      if (!sandbox.playerOf(token)) throw ApiError.notFound("No such verification, or it expired");
    };
    const pages: FastifyPluginAsyncZod = async (scope) => {
      // The page's buttons are plain HTML forms, posted form-encoded and empty.
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string" },
        (_req, body, done) => done(null, body),
      );
      scope.get(
        "/player/services/sumsub/sandbox/:token",
        {
          schema: {
            params: tokenParam,
            response: { 200: z.string().meta({ description: "the sandbox's hosted page (HTML)" }) },
          },
        },
        async (req, reply) => {
          player(req.params.token);
          reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
          return identitySandboxPage(sandbox.pagePath(req.params.token));
        },
      );
      scope.post(
        "/player/services/sumsub/sandbox/:token/:outcome",
        {
          schema: {
            params: tokenParam.extend({ outcome: z.enum(["approve", "reject"]) }),
            body: z.unknown().meta({ description: "the page's form (no fields)" }),
            response: { 303: z.null().meta({ description: "back to the documents page" }) },
          },
        },
        async (req, reply) => {
          player(req.params.token);
          await sandbox.decide(req.params.token, req.params.outcome);
          return reply.redirect(`${deps.config.publicUrl}/profile/documents?verification=done`, 303);
        },
      );
    };
    await app.register(pages);
  };
