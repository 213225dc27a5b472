import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { playerInitResponse } from "#common/api/player";
import type { AppDeps } from "../../app";
import { sportsbookSiteSettings } from "../../providers/odds/widgets/settings";
import { ContentStore } from "../content";
import { analyticsSiteSettings } from "../settings";
import type { AccountDeps } from "./context";
import { CountryFieldRules } from "./country-fields";
import { FormChecker } from "./forms";
import { playerInit } from "./init";
import { passwordRoutes } from "./routes-passwords";
import { profileRoutes } from "./routes-profile";
import { sessionRoutes } from "./routes-sessions";

export const playerRoutes =
  (deps: AppDeps, content = new ContentStore()): FastifyPluginAsyncZod =>
  async (app) => {
    const accounts: AccountDeps = {
      ...deps,
      content,
      forms: new FormChecker(
        content,
        () => deps.clock.now(),
        deps.config.MIN_AGE,
        new CountryFieldRules(deps.config.COUNTRY_FIELDS),
      ),
      log: app.log,
      registrationCodes: deps.registrationSteps.codes,
    };
    // Answers about a player are that player's alone: no cache may keep them.
    app.addHook("onSend", async (_req, reply) => {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });

    app.get("/player/init", { schema: { response: { 200: playerInitResponse } } }, async (req, reply) => {
      // Depends on the visitor's country: never shared between visitors by a cache.
      reply.header("cache-control", "no-store");
      const mode = deps.config.IDENTITY_VERIFICATION;
      return {
        ...(await playerInit(deps.db, {
          country: req.clientCountry ?? undefined,
          acceptLanguage: req.headers["accept-language"],
        })),
        verification: { mode, documentsPageHidden: mode !== "off" && deps.config.HIDE_DOCUMENTS_PAGE },
        sportsbook: sportsbookSiteSettings(deps.config),
        loyalty: { enabled: deps.config.LOYALTY_ENABLED },
        analytics: analyticsSiteSettings(deps.config),
        referral: { enabled: deps.config.REFERRAL_ENABLED },
        affiliateTagDays: deps.config.AFFILIATE_TAG_DAYS,
        chat: deps.siteChat(deps.config),
      };
    });

    await app.register(sessionRoutes(accounts));
    await app.register(profileRoutes(accounts));
    await app.register(passwordRoutes(accounts));
  };
