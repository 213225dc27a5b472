import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { registerClientIp, trustProxyOption } from "./http/client-ip";
import { ApiError, installErrorHandler } from "./http/errors";
import type { Clock } from "./lib/clock";
import { systemClock } from "./lib/clock";
import { createRateLimiter, type RateLimiter } from "./lib/rate-limit";
import { contentRoutes } from "./modules/content/routes";
import { registerGames } from "./modules/game";
import { notificationRoutes } from "./modules/notification/routes";
import { devOutboxRoutes } from "./modules/outbox/routes";
import { registerMoney } from "./modules/payment";
import { playerRoutes } from "./modules/player/routes";
import { isSessionLive } from "./modules/player/sessions";
import { settingsRoutes } from "./modules/settings/routes";
import { socialRoutes } from "./modules/social/routes";
import { createMailer, type Mailer } from "./providers/email";
import { createSmsSender, type SmsSender } from "./providers/sms";
import { createRealtime, type Realtime, realtimeRoutes } from "./realtime";

/** What every module's routes and services are built from. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Present when REDIS_URL is set; shared state (rate limits, fan-out) goes there. */
  redis?: Redis;
  /** Announces changes to players' open pages; see server/realtime/publisher.ts for when to call it. */
  realtime: Realtime;
  /** E-mail: the outbox, or SMTP when SMTP_URL is set. */
  mailer: Mailer;
  /** SMS: the outbox, or Twilio when configured. */
  sms: SmsSender;
  /** Attempt counts (login, registration, codes): in memory, or in Redis when present. */
  limiter: RateLimiter;
}

/** The HTTP API under /api. The SSR handler is added by main.ts, so tests can use this alone with inject(). */
export async function buildApp(
  deps: Omit<AppDeps, "clock" | "realtime" | "mailer" | "sms" | "limiter"> &
    Partial<Pick<AppDeps, "clock" | "realtime" | "mailer" | "sms" | "limiter">>,
): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const realtime =
    deps.realtime ??
    createRealtime({
      jwtSecret: deps.config.JWT_SECRET,
      clock,
      redis: deps.redis,
      isSessionLive: (sessionId) => isSessionLive(deps.db, sessionId, clock.now()),
    });
  const full: AppDeps = {
    ...deps,
    clock,
    realtime,
    mailer: deps.mailer ?? createMailer(deps.config, deps.db),
    sms: deps.sms ?? createSmsSender(deps.config, deps.db),
    limiter: deps.limiter ?? createRateLimiter({ redis: deps.redis, now: () => clock.now().getTime() }),
  };
  const app = Fastify({
    logger: deps.config.LOG_LEVEL === "silent" ? false : { level: deps.config.LOG_LEVEL },
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 512 * 1024,
  });
  registerClientIp(app, { cloudflare: deps.config.BEHIND_CLOUDFLARE });
  // Before anything closes, tell every websocket client to reconnect (to another process or to this one).
  app.addHook("preClose", () => realtime.hub.close());
  await app.register(cookie, { secret: deps.config.COOKIE_SECRET });
  // Limits are opt-in per route (config.rateLimit); Redis keeps counts shared between processes.
  await app.register(rateLimit, { global: false, ...(deps.redis ? { redis: deps.redis } : {}) });

  await app.register(
    async (api) => {
      installErrorHandler(api);
      await realtimeRoutes(api, realtime);
      await api.register(settingsRoutes(full));
      await api.register(contentRoutes(full));
      await api.register(playerRoutes(full));
      await api.register(notificationRoutes(full));
      await api.register(socialRoutes(full));
      await registerMoney(api, full);
      await registerGames(api, full);
      // Shows live codes and links: never in production.
      if (deps.config.APP_ENV !== "production") await api.register(devOutboxRoutes(full));
      // Unknown API paths answer in the API's error shape instead of falling through to the site.
      api.all("/*", async (req) => {
        throw ApiError.notFound(`No such call: ${req.method} ${req.url}`);
      });
    },
    { prefix: "/api" },
  );
  installErrorHandler(app);
  return app;
}
