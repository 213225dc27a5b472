import type { ReferralTerms as Terms } from "#common/api/referral";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The programme's rules as the server states them (GET /api/referral/terms): the first-deposit reward with its
 * play-through and daily limit, the revenue share, and what counts. The affiliate-program modal and the page a
 * guest sees both show them, so the figures are the configured ones wherever they are read.
 */
export function ReferralTerms({ terms, testId = "referral-terms" }: { terms: Terms; testId?: string }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  return (
    <div className="flex flex-col gap-4 text-sm leading-relaxed" data-testid={testId}>
      <section>
        <h3 className="mb-2 font-bold">{t("referral.terms.firstDepositTitle")}</h3>
        {terms.firstDeposit.length === 0 ? (
          <p className="text-muted">{t("referral.terms.firstDepositNone")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line">
            {terms.firstDeposit.map((r) => (
              <li key={r.currency} className="flex items-center justify-between gap-3 px-4 py-3">
                <span className="font-semibold">{money(r.reward, r.currency)}</span>
                <span className="text-right text-muted">
                  {r.minDeposit
                    ? t("referral.terms.minDeposit", { amount: money(r.minDeposit, r.currency) })
                    : t("referral.terms.anyDeposit", { currency: r.currency })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {terms.firstDeposit.length > 0 && (
          <p className="mt-2 text-muted" data-testid={`${testId}-play-through`}>
            {Number(terms.rewardTurnover) > 0
              ? t("referral.terms.firstDepositPlay", { turnover: terms.rewardTurnover })
              : t("referral.terms.firstDepositAtOnce")}
            {terms.maxRewardsPerDay > 0 &&
              ` ${t("referral.terms.firstDepositLimit", { count: terms.maxRewardsPerDay })}`}
          </p>
        )}
      </section>
      <section>
        <h3 className="mb-1 font-bold">{t("referral.terms.shareTitle")}</h3>
        <p className="text-muted" data-testid={`${testId}-share`}>
          {Number(terms.revenueSharePercent) > 0
            ? t("referral.terms.share", {
                percent: terms.revenueSharePercent,
                count: terms.periodDays,
              })
            : t("referral.terms.shareNone")}
        </p>
      </section>
      <section>
        <h3 className="mb-1 font-bold">{t("referral.terms.fairTitle")}</h3>
        <p className="text-muted">{t("referral.terms.fair")}</p>
      </section>
    </div>
  );
}
