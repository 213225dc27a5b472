import { resolve } from "node:path";
import type { SupportHours } from "#common/api/admin-support";
import { compareAmounts } from "#common/money";
import { formatSupportHours } from "#common/support-hours";
import type { ApiModule, AppDeps } from "../../app";
import type { CacheScope } from "../../cache";
import type { Db } from "../../db/client";
import { sportsbookSiteSettings } from "../../providers/odds/widgets/settings";
import { findBaseCurrency } from "../settings";
import { contentOverrides } from "./admin";
import { contentRoutes } from "./routes";
import type { BannerFactsSource } from "./service";
import { CONTENT_CACHE, ContentStore } from "./store";

/**
 * The figures banners quote change only with the bonus definitions: read them once per five minutes, and again
 * at once after the back office changes a definition (it invalidates this scope, decision 0026).
 */
export { CONTENT_CACHE, ContentStore, contentLocale } from "./store";

/**
 * What the home banners and the questions quote from the modules above content (a port content owns;
 * server/app.ts fills it from the bonus and payment faces, so that content, below them, imports neither).
 */
export interface BannerFigures {
  /** The name of the banners' cache, which the bonus module empties when its definitions change. */
  cacheName: string;
  /** What the enabled welcome package adds up to; undefined when there is none. */
  welcomePackage(db: Db): Promise<{ maxAmount: string; freespins: number } | undefined>;
  /** The deposit methods of the configured processors, in the cashier's order (decision 0047). */
  depositMethods(): { group: string; label: string }[];
  /** The hours support answers, as the operator set them in the back office (decision 0054). */
  supportHours(db: Db): Promise<SupportHours>;
}

const bannerFactsCache = (figures: BannerFigures): CacheScope => ({
  name: figures.cacheName,
  ttlMs: 5 * 60_000,
  maxEntries: 10,
});

const INTL_LOCALE: Record<string, string> = { en: "en-US", ru: "ru-RU", "pt-br": "pt-BR" };

/** What the home banners may quote and depend on, from the bonus definitions and the app's switches. */
export const bannerFacts =
  (
    deps: Pick<AppDeps, "db" | "cache" | "config" | "bannerFigures">,
    store: ContentStore,
  ): BannerFactsSource =>
  (locale) =>
    deps.cache.get(bannerFactsCache(deps.bannerFigures), locale, async () => {
      const [welcome, base, modals, hours] = await Promise.all([
        deps.bannerFigures.welcomePackage(deps.db),
        findBaseCurrency(deps.db),
        store.directory("modals", locale),
        deps.bannerFigures.supportHours(deps.db),
      ]);
      const methods = methodList(deps.bannerFigures.depositMethods(), groupTitles(modals));
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
          // A self-exclusion covers the person (decision 0053): refused, or held for review, and by device.
          excludedPersonRefused: deps.config.EXCLUDED_PERSON_MATCH === "refuse",
          excludedPersonHeld: deps.config.EXCLUDED_PERSON_MATCH === "review",
          excludedPersonDevice:
            deps.config.EXCLUDED_PERSON_MATCH !== "off" && deps.config.EXCLUDED_PERSON_MATCH_DEVICE,
          referral: deps.config.REFERRAL_ENABLED,
          // Texts that promise support round the clock say the operator's hours instead (decision 0054).
          supportHoursSet: hours.mode !== "always",
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
          // No processor, no list: a question quoting it is left out rather than naming methods nobody offers.
          ...(methods ? { depositMethods: methods } : {}),
          supportHours: formatSupportHours(hours, locale),
        },
      };
    });

/** The cashier's group titles in a locale (the wallet's dictionary), by group id. */
function groupTitles(modals: unknown): Record<string, string> {
  const groups = (modals as { wallet?: { groups?: unknown } } | undefined)?.wallet?.groups;
  return groups && typeof groups === "object" ? (groups as Record<string, string>) : {};
}

/** The methods as a Markdown list, one line per group ("- **Crypto:** Bitcoin, Ethereum"); undefined when none. */
export function methodList(
  methods: { group: string; label: string }[],
  titles: Record<string, string>,
): string | undefined {
  const byGroup = new Map<string, Set<string>>();
  for (const m of methods) byGroup.set(m.group, (byGroup.get(m.group) ?? new Set()).add(m.label));
  if (byGroup.size === 0) return undefined;
  return [...byGroup]
    .map(([group, labels]) => `- **${titles[group] ?? group}:** ${[...labels].join(", ")}`)
    .join("\n");
}

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
  await api.register(contentRoutes(store, bannerFacts(deps, store)));
};

/**
 * The support hours changed (decision 0054): the facts the texts are filled with, and the texts filled with
 * them, are read again (in every process: the cache scopes are shared).
 */
export async function refreshSupportTexts(deps: Pick<AppDeps, "cache" | "bannerFigures">) {
  await deps.cache.invalidate(deps.bannerFigures.cacheName);
  await deps.cache.invalidate(CONTENT_CACHE.name);
}

// What the back office (admin) uses (issue 37 step 3).
export { type ContentAdminDeps, contentEntry, listContent, revertContent, saveContent } from "./admin";
