import { resolve } from "node:path";
import { compareAmounts } from "#common/money";
import type { ApiModule, AppDeps } from "../../app";
import type { CacheScope } from "../../cache";
import type { Db } from "../../db/client";
import { sportsbookSiteSettings } from "../../providers/odds/widgets/settings";
import { findBaseCurrency } from "../settings";
import { contentOverrides } from "./admin";
import { contentRoutes } from "./routes";
import type { BannerFactsSource } from "./service";
import { ContentStore } from "./store";

/**
 * The figures banners quote change only with the bonus definitions: read them once per five minutes, and again
 * at once after the back office changes a definition (it invalidates this scope, decision 0026).
 */
export { ContentStore, contentLocale } from "./store";

/**
 * What the home banners quote from the bonuses (a port content owns; server/app.ts fills it from the bonus face,
 * so that content, below bonus, does not import it).
 */
export interface BannerFigures {
  /** The name of the banners' cache, which the bonus module empties when its definitions change. */
  cacheName: string;
  /** What the enabled welcome package adds up to; undefined when there is none. */
  welcomePackage(db: Db): Promise<{ maxAmount: string; freespins: number } | undefined>;
}

const bannerFactsCache = (figures: BannerFigures): CacheScope => ({
  name: figures.cacheName,
  ttlMs: 5 * 60_000,
  maxEntries: 10,
});

const INTL_LOCALE: Record<string, string> = { en: "en-US", ru: "ru-RU", "pt-br": "pt-BR" };

/** What the home banners may quote and depend on, from the bonus definitions and the app's switches. */
export const bannerFacts =
  (deps: Pick<AppDeps, "db" | "cache" | "config" | "bannerFigures">): BannerFactsSource =>
  (locale) =>
    deps.cache.get(bannerFactsCache(deps.bannerFigures), locale, async () => {
      const [welcome, base] = await Promise.all([
        deps.bannerFigures.welcomePackage(deps.db),
        findBaseCurrency(deps.db),
      ]);
      // Intl formats the decimal string itself (no float): "1,400", "1 400", "1.400".
      const number = new Intl.NumberFormat(INTL_LOCALE[locale] ?? locale, { maximumFractionDigits: 2 });
      const review = deps.config.WITHDRAWAL_REVIEW_ABOVE;
      const inBase = (amount: string) =>
        base ? `${number.format(amount as `${number}`)} ${base.code}` : undefined;
      // The operator's verification rules, as the payment module enforces them (they need identity verification).
      const identity = deps.config.IDENTITY_VERIFICATION !== "off";
      const withdrawalAbove = identity ? deps.config.WITHDRAWAL_VERIFICATION_THRESHOLD : undefined;
      const depositsAbove = identity ? deps.config.DEPOSIT_VERIFICATION_THRESHOLD : undefined;
      const everyWithdrawal = withdrawalAbove !== undefined && compareAmounts(withdrawalAbove, "0") === 0;
      return {
        features: {
          loyalty: deps.config.LOYALTY_ENABLED,
          sports: sportsbookSiteSettings(deps.config).enabled,
          welcomePackage: welcome !== undefined,
          identityVerification: identity,
          verifyBeforeFirstWithdrawal: everyWithdrawal,
          verifyLargeWithdrawals: withdrawalAbove !== undefined && !everyWithdrawal && base !== undefined,
          verifyAboveDeposits: depositsAbove !== undefined && base !== undefined,
          withdrawalsToSource: deps.config.WITHDRAWALS_TO_SOURCE,
        },
        values: {
          minAge: String(deps.config.MIN_AGE),
          ...(withdrawalAbove && !everyWithdrawal && base
            ? { withdrawalVerificationAbove: inBase(withdrawalAbove)! }
            : {}),
          ...(depositsAbove && base ? { depositVerificationAbove: inBase(depositsAbove)! } : {}),
          ...(welcome && base
            ? { welcomeMax: `${number.format(welcome.maxAmount as `${number}`)} ${base.code}` }
            : {}),
          ...(welcome && welcome.freespins > 0 ? { welcomeFreespins: String(welcome.freespins) } : {}),
          // Withdrawals up to this go to the processor without a staff review (decision 0021); reviewing every
          // one (0) or none (off) leaves a banner quoting it unshown.
          ...(base && /^\d/.test(review) && compareAmounts(review, "0") > 0
            ? { withdrawalReviewAbove: `${number.format(review as `${number}`)} ${base.code}` }
            : {}),
        },
      };
    });

/**
 * Pages, questions and the shell's dictionaries from content/<locale>/ (spec point 7's content service), with
 * staff's edits of banners, pages and questions read first (decision 0028). Kept in the app's cache, which an
 * edit invalidates in every process.
 */
export const contentModule: ApiModule = async (api, deps) => {
  const store = new ContentStore(resolve("content"), Date.now, {
    cache: deps.cache,
    overrides: () => contentOverrides(deps.db),
  });
  await api.register(contentRoutes(store, bannerFacts(deps)));
};

// What the back office (admin) uses (issue 37 step 3).
export { type ContentAdminDeps, contentEntry, listContent, revertContent, saveContent } from "./admin";
