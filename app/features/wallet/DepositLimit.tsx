import { Link } from "react-router";
import { ShieldIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

/** The words of spec error 13100 with the way to the player's limits. */
export function DepositLimitMessage() {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  return (
    <>
      {t("wallet.errors.limit")}{" "}
      <Link to={href("/profile/limits")} className="font-bold text-accent underline-offset-2 hover:underline">
        {t("wallet.limitLink")}
      </Link>
    </>
  );
}

/** The methods list when the deposit limit is reached (spec point 8, 13100): no methods, and why. */
export function DepositLimitReached() {
  const { t } = useTranslation("modals");
  return (
    <div
      role="alert"
      data-testid="deposit-limit-reached"
      className="mt-4 flex gap-3 rounded-xl border border-gold/40 bg-gold/10 px-4 py-4 text-sm leading-relaxed"
    >
      <ShieldIcon size={20} className="mt-0.5 shrink-0 text-gold" />
      <div>
        <p className="font-bold">{t("wallet.limitTitle")}</p>
        <p className="mt-1 text-muted">
          <DepositLimitMessage />
        </p>
      </div>
    </div>
  );
}
