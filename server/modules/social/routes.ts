import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../app";
import { requirePlayer } from "../player/auth";
import { requestContext } from "../player/context";
import { bodyOf } from "../player/forms";
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

/** Messenger login, social login and linked accounts (spec point 7, player and session). */
export const socialRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const social = { ...deps, log: app.log };
    // Answers about a player are that player's alone: no cache may keep them.
    app.addHook("onSend", async (_req, reply) => {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });

    /** What the site needs to offer external sign-in: the providers (public data only), the bot and its channel. */
    app.get("/player/social-providers", async (_req, reply) => {
      reply.header("cache-control", "public, max-age=900");
      return {
        providers: oidcProviders(deps.config).map(({ id, name, issuer, clientId, scope }) => ({
          id,
          name,
          issuer,
          clientId,
          scope,
        })),
        telegram: deps.config.TELEGRAM_BOT_USERNAME
          ? {
              botUsername: deps.config.TELEGRAM_BOT_USERNAME,
              newsChannel: deps.config.TELEGRAM_NEWS_CHANNEL ?? null,
            }
          : null,
      };
    });

    app.post("/player/tg_login", async (req) => loginWithTelegram(social, bodyOf(req), requestContext(req)));

    app.put("/tg-bot/users", async (req) => ({
      data: await syncTelegramUser(social, await requirePlayer(deps, req), bodyOf(req)),
    }));

    app.post("/player/sessions/social", async (req) =>
      loginWithOidc(social, bodyOf(req), requestContext(req)),
    );

    app.get("/player/social-connections", async (req) => ({
      data: await listConnections(deps.db, (await requirePlayer(deps, req)).playerId),
    }));

    app.post("/player/social-connections/telegram", async (req) => ({
      data: await linkTelegram(social, await requirePlayer(deps, req), bodyOf(req)),
    }));

    app.post("/player/social-connections/unlink", async (req) => ({
      data: await unlink(social, await requirePlayer(deps, req), bodyOf(req).socialType),
    }));

    // Google by the spec's path, and any other configured OpenID provider by its id.
    app.post<{ Params: { provider: string } }>("/player/social-connections/:provider", async (req) => ({
      data: await linkOidc(social, await requirePlayer(deps, req), req.params.provider, bodyOf(req)),
    }));
  };
