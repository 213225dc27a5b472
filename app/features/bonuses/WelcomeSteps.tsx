import { Link } from "react-router";
import type { BonusStatus, DepositBonus } from "#common/api/bonus";
import { CheckIcon } from "~/components/ui/page-icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { useMinDeposit, useOfferHeadline } from "./OfferCard";

/**
 * The welcome package's rewards for deposits 1–4, in order, each marked done once the player has had it and
 * the next one picked out.
 */
export function WelcomeSteps({
  steps,
  statuses,
  currency,
  compact,
}: {
  steps: DepositBonus[];
  statuses?: Map<string, BonusStatus>;
  currency?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const headline = useOfferHeadline();
  const minDeposit = useMinDeposit();
  const next = statuses ? steps.find((s) => statuses.get(s.id)?.status === "available") : undefined;
  return (
    <ol
      className={`grid gap-3 ${compact ? "" : "sm:grid-cols-2 lg:grid-cols-4"}`}
      data-testid="welcome-steps"
    >
      {steps.map((s) => {
        const done = statuses?.get(s.id)?.status === "taken";
        const isNext = next?.id === s.id;
        return (
          <li
            key={s.id}
            data-testid="welcome-step"
            data-step={s.package?.step}
            data-done={done ? "true" : "false"}
            className={`relative flex flex-col gap-2 rounded-2xl border p-4 ${
              done
                ? "border-success/40 bg-success/5"
                : isNext
                  ? "border-gold bg-gold/10"
                  : "border-line bg-surface"
            }`}
          >
            <div className="flex items-center justify-between gap-2">
              <span
                className={`grid size-9 place-items-center rounded-full text-sm font-extrabold ${
                  done ? "bg-success text-accent-fg" : isNext ? "bg-gold text-bg" : "bg-surface-3 text-muted"
                }`}
              >
                {done ? <CheckIcon size={18} /> : s.package?.step}
              </span>
              <span className="text-xs font-semibold text-muted uppercase">
                {done
                  ? t("bonuses.package.done")
                  : isNext
                    ? t("bonuses.package.next")
                    : t("bonuses.package.deposit", { step: s.package?.step })}
              </span>
            </div>
            <p className="font-bold">{headline(s, currency)}</p>
            {!compact && (
              <>
                <p className="text-sm text-muted">
                  {t("bonuses.offer.minDeposit", { amount: minDeposit(s, currency) ?? "—" })}
                </p>
                <p className="text-sm text-muted">
                  {t("bonuses.offer.wagering", { times: s.wageringMultiplier })}
                </p>
                <Link
                  to={href(`/bonus/${s.pageIdentity}`)}
                  className="mt-auto pt-1 text-sm font-semibold text-accent hover:underline"
                >
                  {t("bonuses.offer.more")}
                </Link>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
