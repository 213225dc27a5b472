import { useTranslation } from "react-i18next";
import { Spinner } from "~/components/ui/Field";
import { UsersIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { ErrorState } from "~/features/games/states";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useReferralTerms } from "../api";

/**
 * `?affiliate-program`: the referral programme's terms, rendered from the configured rules the server states
 * (GET /api/referral/terms), so the text stays true when an operator changes them.
 */
export default function AffiliateProgram(_: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const terms = useReferralTerms();
  return (
    <ModalFrame
      icon={<UsersIcon size={22} />}
      title={t("referral.terms.title")}
      description={t("referral.terms.description")}
    >
      {terms.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : terms.isError ? (
        <ErrorState onRetry={() => void terms.refetch()} text={t("referral.error")} />
      ) : (
        <div className="flex flex-col gap-4 text-sm leading-relaxed" data-testid="referral-terms">
          <section>
            <h3 className="mb-2 font-bold">{t("referral.terms.firstDepositTitle")}</h3>
            {terms.data.firstDeposit.length === 0 ? (
              <p className="text-muted">{t("referral.terms.firstDepositNone")}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line">
                {terms.data.firstDeposit.map((r) => (
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
            {terms.data.firstDeposit.length > 0 && (
              <p className="mt-2 text-muted" data-testid="referral-terms-play-through">
                {Number(terms.data.rewardTurnover) > 0
                  ? t("referral.terms.firstDepositPlay", { turnover: terms.data.rewardTurnover })
                  : t("referral.terms.firstDepositAtOnce")}
                {terms.data.maxRewardsPerDay > 0 &&
                  ` ${t("referral.terms.firstDepositLimit", { count: terms.data.maxRewardsPerDay })}`}
              </p>
            )}
          </section>
          <section>
            <h3 className="mb-1 font-bold">{t("referral.terms.shareTitle")}</h3>
            <p className="text-muted" data-testid="referral-terms-share">
              {Number(terms.data.revenueSharePercent) > 0
                ? t("referral.terms.share", {
                    percent: terms.data.revenueSharePercent,
                    count: terms.data.periodDays,
                  })
                : t("referral.terms.shareNone")}
            </p>
          </section>
          <section>
            <h3 className="mb-1 font-bold">{t("referral.terms.fairTitle")}</h3>
            <p className="text-muted">{t("referral.terms.fair")}</p>
          </section>
        </div>
      )}
    </ModalFrame>
  );
}
