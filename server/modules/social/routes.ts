import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { profile } from "#common/api/player";
import { dataOf } from "#common/api/shared";
import {
  oidcLinkBody,
  oidcLoginBody,
  socialConnection,
  socialProviders,
  telegramLinkBody,
  telegramLoginBody,
  telegramSyncBody,
  unlinkBody,
} from "#common/api/social";
import type { AppDeps } from "../../app";
import { cacheable } from "../../http/caching";
import { loginRoute } from "../player";
import {
  linkOidc,
  linkTelegram,
  listConnections,
  loginWithOidc,
  loginWithTelegram,
  oidcProviders,
  syncTelegramUser,
  unlink,
} from "./service";

const connections = { 200: dataOf(z.array(socialConnection)) };

/** Messenger login, social login and linked accounts (spec point 7, player and session). */
export const socialRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const social = { ...deps, log: app.log };
    // Answers about a player are that player's alone: no cache may keep them.
    app.addHook("onSend", async (_req, reply) => {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });

    /** What the site needs to offer external sign-in: the providers (public data only), the bot and its channel. */
    app.get(
      "/player/social-providers",
      { schema: { response: { 200: socialProviders } } },
      async (_req, reply) => {
        cacheable(reply);
        return {
          providers: oidcProviders(deps.config).map((p) => ({
            id: p.id,
            name: p.name,
            issuer: p.issuer,
            clientId: p.clientId,
            scope: p.scope,
            audience: p.audience,
            organization: p.organization,
            maxAge: p.maxAge,
            refreshTokens: p.refreshTokens ?? false,
            refreshTokensFallback: p.refreshTokensFallback ?? false,
            logout: p.logout ?? null,
          })),
          telegram: deps.config.TELEGRAM_BOT_USERNAME
            ? {
                botUsername: deps.config.TELEGRAM_BOT_USERNAME,
                newsChannel: deps.config.TELEGRAM_NEWS_CHANNEL ?? null,
              }
            : null,
        };
      },
    );

    loginRoute(app, "/player/tg_login", telegramLoginBody, (body, context) =>
      loginWithTelegram(social, body, context),
    );

    app.put(
      "/tg-bot/users",
      { config: { auth: "player" }, schema: { body: telegramSyncBody, response: { 200: dataOf(profile) } } },
      async (req) => ({ data: await syncTelegramUser(social, req.player, req.body) }),
    );

    loginRoute(app, "/player/sessions/social", oidcLoginBody, (body, context) =>
      loginWithOidc(social, body, context),
    );

    app.get(
      "/player/social-connections",
      { config: { auth: "player" }, schema: { response: connections } },
      async (req) => ({ data: await listConnections(deps.db, req.player.playerId) }),
    );

    app.post(
      "/player/social-connections/telegram",
      { config: { auth: "player" }, schema: { body: telegramLinkBody, response: connections } },
      async (req) => ({ data: await linkTelegram(social, req.player, req.body) }),
    );

    app.post(
      "/player/social-connections/unlink",
      { config: { auth: "player" }, schema: { body: unlinkBody, response: connections } },
      async (req) => ({ data: await unlink(social, req.player, req.body.socialType) }),
    );

    // Google by the spec's path, and any other configured OpenID provider by its id.
    app.post(
      "/player/social-connections/:provider",
      {
        config: { auth: "player" },
        schema: {
          params: z.object({ provider: z.string().max(40) }),
          body: oidcLinkBody,
          response: connections,
        },
      },
      async (req) => ({ data: await linkOidc(social, req.player, req.params.provider, req.body) }),
    );
  };
