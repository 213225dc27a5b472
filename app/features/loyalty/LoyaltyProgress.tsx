import type { LoyaltyAccount, LoyaltyLevel } from "#common/api/loyalty";
import { useMoney } from "~/features/games/money";
import { useIntlLocale } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { progressOf } from "./queries";

/** Points as people read them: "1,250.5". */
export function usePoints(): (points: string) => string {
  const locale = useIntlLocale();
  return (points) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(points));
}

/** What a level gives, in words: "+50 points · a $20 bonus". */
export function useRewardText(): (level: LoyaltyLevel, currency?: string) => string {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const points = usePoints();
  return (level, currency) => {
    const parts: string[] = [];
    if (level.rewards.points)
      parts.push(t("loyalty.reward.points", { points: points(level.rewards.points) }));
    const amounts = level.rewards.bonus?.amounts ?? [];
    const own = amounts.find((a) => a.currency === currency) ?? amounts[0];
    if (own) parts.push(t("loyalty.reward.bonus", { amount: money(own.amount, own.currency) }));
    return parts.length ? parts.join(" · ") : t("loyalty.reward.none");
  };
}

/** The player's level, points and the way to the next level. */
export function LoyaltyProgress({ account, compact }: { account: LoyaltyAccount; compact?: boolean }) {
  const { t } = useTranslation("layout");
  const points = usePoints();
  const pct = progressOf(account);
  return (
    <div data-testid="loyalty-progress" className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span
          className={compact ? "text-sm font-bold" : "text-lg font-bold"}
          data-testid="loyalty-level-name"
        >
          {account.currentLevel?.name ?? t("loyalty.noLevel")}
        </span>
        <span className="text-sm text-muted" data-testid="loyalty-points">
          {t("loyalty.points", { points: points(account.points) })}
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-label={t("loyalty.progressLabel")}
      >
        <div className="h-full rounded-full bg-gold transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-muted">
        {account.nextLevel
          ? t("loyalty.toNext", {
              points: points(String(Math.max(0, Number(account.nextLevel.points) - Number(account.points)))),
              level: account.nextLevel.name,
            })
          : t("loyalty.top")}
      </p>
    </div>
  );
}
