import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { type Cache, createCache } from "./cache";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { authentication } from "./http/authentication";
import { registerClientIp, trustProxyOption } from "./http/client-ip";
import { registerApiDocs } from "./http/docs";
import { ApiError, frameworkErrorOptions, installErrorHandler, zodValidatorCompiler } from "./http/errors";
import { registerOperations } from "./http/operations";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSharedAnswers, SharedAnswers, sharedAnswersServer } from "./http/shared-answers";
import { registerTraceId, traceOptions } from "./http/trace";
import { serverJobs } from "./jobs";
import { startJobs } from "./jobs/scheduler";
import type { Clock } from "./lib/clock";
import { systemClock } from "./lib/clock";
import { createRateLimiter, type RateLimiter } from "./lib/rate-limit";
import { adminModule } from "./modules/admin";
import {
  BONUS_FIGURES_CACHE,
  bonusDeps,
  bonusModule,
  gameBonuses,
  paymentBonuses,
  redeemCode,
  registrationCodeRefusal,
  sportsbookBonuses,
  welcomePackageOffer,
} from "./modules/bonus";
import { chatModule, chatSiteSettings, supportHours } from "./modules/chat";
import { type BannerFigures, contentModule } from "./modules/content";
import { devModule } from "./modules/dev";
import { documentsModule } from "./modules/documents";
import { createFactRelay, type FactRelay } from "./modules/facts";
import { type GamePorts, gameModule } from "./modules/game";
import { depositLimits, limitsModule } from "./modules/limits";
import { loyaltyModule } from "./modules/loyalty";
import { notificationModule } from "./modules/notification";
import { catalogueOf, type PaymentPorts, paymentModule } from "./modules/payment";
import {
  authenticate,
  isSessionLive,
  playerModule,
  type RegistrationSteps,
  type SiteChat,
} from "./modules/player";
import { questsModule } from "./modules/quests";
import { attributeReferral, referralModule } from "./modules/referral";
import { settingsModule } from "./modules/settings";
import { socialModule } from "./modules/social";
import {
  altenarDataRoutes,
  type SportNames,
  type SportsbookPorts,
  sportCatalogue,
  sportCatalogueModule,
  sportsbookModule,
} from "./modules/sportsbook";
import { walletModule } from "./modules/wallet";
import { createMailer, type Mailer } from "./providers/email";
import { createGameProviders, type GameProviders } from "./providers/games";
import { crashDeps } from "./providers/games/house/crash";
import { startCrashLoop } from "./providers/games/house/crash/loop";
import { createIdentityVerifier, type IdentityVerifier } from "./providers/identity";
import type { OddsFeed } from "./providers/odds/port";
import { createPaymentProviders, evmOptionsOf, type PaymentProviders } from "./providers/payment";
import { pixSettingsOf } from "./providers/payment/pix/settings";
import { createSmsSender, type SmsSender } from "./providers/sms";
import { createFileStorage, type FileStorage } from "./providers/storage";
import { createRealtime, type Realtime, realtimeModule } from "./realtime";

/** What every module's routes and services are built from. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Present when REDIS_URL is set; shared state (rate limits, fan-out) goes there. */
  redis?: Redis;
  /** Read-mostly data in memory (settings, the lobby); whoever changes it invalidates, across processes with Redis. */
  cache: Cache;
  /** Announces changes to players' open pages; see server/realtime/publisher.ts for when to call it. */
  realtime: Realtime;
  /** E-mail: the outbox, or SMTP when SMTP_URL is set. */
  mailer: Mailer;
  /** SMS: the outbox, or Twilio when configured. */
  sms: SmsSender;
  /** Attempt counts (login, registration, codes): in memory, or in Redis when present. */
  limiter: RateLimiter;
  /** Payment processors (server/providers/payment). */
  payments: PaymentProviders;
  /** Game providers (server/providers/games). */
  games: GameProviders;
  /** Uploaded files (server/providers/storage): DATA_DIR/files, or an S3-compatible bucket. */
  storage: FileStorage;
  /** Identity verification (server/providers/identity); undefined when IDENTITY_VERIFICATION is off. */
  identity: IdentityVerifier | undefined;
  /** The sportsbook's odds feed (server/providers/odds); without one the sportsbook is switched off. */
  oddsFeed?: OddsFeed;
  /** Names of sports, categories and championships (the sportsbook catalogue); placeholders by id without. */
  sportNames?: SportNames;
  /** The domain facts' relay (server/modules/facts): delivers recorded facts to loyalty, quests, messages. */
  facts: FactRelay;
  /** Payment's ports, filled here with the bonus and limits modules' services (issue 37: no face fills its own). */
  paymentPorts: PaymentPorts;
  /** The game's ports, filled here with the bonus module's services (issue 37). */
  gamePorts: GamePorts;
  /** The sportsbook's ports, filled here with the bonus module's services (issue 37). */
  sportsbookPorts: SportsbookPorts;
  /** Ports lower modules own, filled from higher modules' faces (peoplePorts below). */
  registrationSteps: RegistrationSteps;
  bannerFigures: BannerFigures;
  siteChat: SiteChat;
}

/**
 * One module of the API: a Fastify plugin registered under /api with the app's dependencies. It owns its tables
 * and channels; other modules ask it through its service. Every module has this one shape.
 */
export type ApiModule = FastifyPluginAsyncZod<AppDeps>;

/** The API's modules, in registration order. */
const modules: ApiModule[] = [
  realtimeModule,
  settingsModule,
  contentModule,
  playerModule,
  notificationModule,
  socialModule,
  walletModule,
  limitsModule,
  paymentModule,
  gameModule,
  sportsbookModule,
  bonusModule,
  loyaltyModule,
  questsModule,
  referralModule,
  documentsModule,
  chatModule,
  devModule,
  sportCatalogueModule,
  adminModule,
];

type Optional =
  | "cache"
  | "clock"
  | "realtime"
  | "mailer"
  | "sms"
  | "limiter"
  | "payments"
  | "games"
  | "storage"
  | "identity"
  | "facts"
  | "paymentPorts"
  | "gamePorts"
  | "sportsbookPorts"
  | "registrationSteps"
  | "bannerFigures"
  | "siteChat";

/** The HTTP API under /api. The SSR handler is added by main.ts, so tests can use this alone with inject(). */
export async function buildApp(
  deps: Omit<AppDeps, Optional> &
    Partial<Pick<AppDeps, Optional>> & {
      jobs?: boolean;
      /** Where the logs go instead of stdout (tests read them). */
      logStream?: { write(line: string): void };
    },
): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const { config, db } = deps;
  const realtime =
    deps.realtime ??
    createRealtime({
      jwtSecret: config.JWT_SECRET,
      clock,
      redis: deps.redis,
      limits: { maxConnectionsPerIp: config.REALTIME_MAX_CONNECTIONS_PER_IP },
      isSessionLive: (sessionId) => isSessionLive(db, sessionId, clock.now()),
    });
  // Guests' cached answers, given before the router once the app can report them (decision 0076).
  const shared = new SharedAnswers();
  const trustProxy = trustProxyOption(config.TRUST_PROXY);
  const app = Fastify({
    serverFactory: sharedAnswersServer(shared),
    // Structured (JSON) logs; each request's lines carry the site's trace id (server/http/trace.ts).
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : { level: config.LOG_LEVEL, ...(deps.logStream && { stream: deps.logStream }) },
    ...traceOptions,
    trustProxy,
    bodyLimit: 512 * 1024,
    // What the router and Node's parser refuse before any route (/%ff, a 20 KB header) answers in our shape.
    ...frameworkErrorOptions,
    // Requests arriving while the app closes get the operations hooks' 503 in the API's shape (and /ready its own).
    return503OnClosing: false,
  });
  // Built-in providers call this same server the way remote ones would: over its real routes.
  const inject: Parameters<typeof createGameProviders>[0]["inject"] = (req) => app.inject(req);
  const cache =
    deps.cache ??
    createCache({
      redis: deps.redis,
      onError: (err) => app.log.warn({ err }, "cache invalidation not broadcast"),
    });
  if (!deps.cache) app.addHook("onClose", () => cache.close());
  // Redis down at start must not stop the server (/ready reports it): the subscription follows when ioredis
  // reconnects, and the cache is emptied then (see server/cache).
  await cache.ready.catch((err) => app.log.warn({ err }, "cache invalidations not subscribed yet"));
  const facts =
    deps.facts ??
    createFactRelay({
      db,
      clock,
      publisher: realtime,
      redis: deps.redis,
      log: app.log,
      pollMs: config.FACTS_POLL_MS,
    });
  if (!deps.facts) app.addHook("onClose", () => facts.stop());
  // A request that recorded facts has committed by the time it answers: deliver them now, not at the next poll.
  app.addHook("onResponse", async () => facts.nudge());
  const full: AppDeps = {
    ...deps,
    facts,
    cache,
    clock,
    realtime,
    mailer: deps.mailer ?? createMailer(config, db),
    sms: deps.sms ?? createSmsSender(config, db),
    limiter: deps.limiter ?? createRateLimiter({ redis: deps.redis }),
    payments:
      deps.payments ??
      createPaymentProviders({
        db,
        clock,
        sandbox: config.paymentSandbox ? { secret: config.PAYMENT_SANDBOX_SECRET } : undefined,
        pix: pixSettingsOf(config),
        evm: evmOptionsOf(config),
        publicUrl: config.publicUrl,
        deliver: async (provider, payload, headers) => {
          const res = await inject({
            method: "POST",
            url: `/api/payment/webhooks/${provider}`,
            headers,
            payload,
          });
          // Only a 2xx acknowledges it; anything else leaves it in the sandbox's outbox to be sent again.
          if (res.statusCode < 200 || res.statusCode >= 300)
            throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        },
      }),
    games:
      deps.games ??
      createGameProviders({
        db,
        clock,
        houseSecret: config.HOUSE_GAMES_SECRET,
        publicUrl: config.publicUrl,
        aggregators: config.GAME_AGGREGATORS,
        inject,
      }),
    ...peoplePorts(deps, () => full),
    storage: deps.storage ?? createFileStorage(config),
    identity:
      "identity" in deps
        ? deps.identity
        : createIdentityVerifier({
            config,
            clock,
            deliver: async (payload, headers) => {
              const res = await inject({
                method: "POST",
                url: "/api/player/services/sumsub/webhook",
                headers,
                payload,
              });
              if (res.statusCode >= 400) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
            },
          }),
    paymentPorts: deps.paymentPorts ?? {
      bonuses: paymentBonuses,
      depositLimits: depositLimits(db, clock, config.DEPOSIT_PENDING_EXPIRY_MINUTES * 60_000),
    },
    gamePorts: deps.gamePorts ?? { bonuses: gameBonuses },
    sportsbookPorts: deps.sportsbookPorts ?? { bonuses: sportsbookBonuses },
  };
  // Not a refusal: a site may open for play first and take payments later; but the operator must know (0047).
  if (catalogueOf(full.payments.processors).all.length === 0)
    app.log.warn(
      "payments: no payment processor is configured, so the cashier offers no method and players can neither deposit nor withdraw (docs/payments.md)",
    );
  // Every route's body, query and params are checked by its zod schema, and its answer written by it.
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerTraceId(app);
  registerSecurityHeaders(app, config);
  registerClientIp(app, { cloudflare: config.BEHIND_CLOUDFLARE });
  // Before anything closes, tell every websocket client to reconnect (to another process or to this one).
  app.addHook("preClose", () => realtime.hub.close());
  // A processor this app made and that holds connections (Pix's mutual-TLS agent) lets them go with the app.
  if (!deps.payments)
    app.addHook("onClose", async () => {
      for (const p of Object.values(full.payments.processors)) (p as { close?: () => void }).close?.();
    });
  // /health, /ready, /metrics and the shutdown gate: before the API and the site, so its hooks see every route.
  const { countRequest } = await registerOperations(app, {
    db,
    redis: deps.redis,
    hub: realtime.hub,
    metricsToken: config.METRICS_TOKEN,
  });
  registerSharedAnswers(app, shared, { countRequest, cache, trustProxy });
  await registerApiDocs(app, { publicUrl: config.publicUrl });
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  await app.register(authentication, {
    authenticate: (token, opts) => authenticate(full, token, opts),
    cookies: config,
  });

  await app.register(
    async (api) => {
      installErrorHandler(api);
      for (const module of modules) await api.register(module, full);
      // Unknown API paths answer in the API's error shape instead of falling through to the site.
      api.all("/*", { schema: { hide: true } }, async (req) => {
        throw ApiError.notFound(`No such call: ${req.method} ${req.url}`);
      });
    },
    { prefix: "/api" },
  );
  installErrorHandler(app);
  // A path outside /api that nothing serves (an API-only build, as the tests run it; with the site, its
  // catch-all answers every page) still answers in the one error shape, not Fastify's own.
  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ code: "not_found", message: `No such call: ${req.method} ${req.url}`, errors: {} });
  });
  // The sports data files sit at the site's root, where the spec's site fetches them (spec point 7).
  await app.register(altenarDataRoutes({ catalogue: sportCatalogue() }));
  if (deps.jobs) {
    const jobs = startJobs(serverJobs(full, app.log), {
      db,
      postgres: config.DATABASE_URL !== undefined,
      log: app.log,
    });
    app.addHook("onClose", async () => jobs.stop());
    // The crash game's rounds: every process with jobs competes for the lease; one runs them (decision 0034).
    const crash = startCrashLoop(crashDeps(full.games.house, realtime, config), { log: app.log });
    app.addHook("onClose", async () => crash.stop());
  }
  return app;
}

/**
 * The ports of player and content, filled here from the faces of the modules above them (FACES.md), so that
 * neither imports referral or bonus: a registration's referral and bonus code, the home banners' bonus figures.
 */
function peoplePorts(
  deps: Partial<Pick<AppDeps, "registrationSteps" | "bannerFigures" | "siteChat">> & Pick<AppDeps, "config">,
  full: () => AppDeps,
): Pick<AppDeps, "registrationSteps" | "bannerFigures" | "siteChat"> {
  return {
    registrationSteps: deps.registrationSteps ?? {
      attributeReferral: (tx, signUp) => attributeReferral(tx, deps.config, signUp),
      codes: {
        refusal: (code) => registrationCodeRefusal(bonusDeps(full()), code),
        redeem: async (playerId, bonusCode, sessionId) => {
          await redeemCode(bonusDeps(full()), playerId, { bonusCode, trigger: "registration" }, sessionId, {
            atRegistration: true,
          });
        },
      },
    },
    bannerFigures: deps.bannerFigures ?? {
      cacheName: BONUS_FIGURES_CACHE,
      welcomePackage: welcomePackageOffer,
      depositMethods: () =>
        catalogueOf(full().payments.processors).all.filter((m) => m.direction === "deposit"),
      supportHours,
    },
    siteChat: deps.siteChat ?? chatSiteSettings,
  };
}
