import { LockIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { activeBonusOf, usePlayerBonuses } from "./queries";
import { WageringBar } from "./WageringBar";

/**
 * The withdraw tab while a bonus is being wagered in this currency: a withdrawal is refused then
 * (`bonus_active`, decision 0013), so the player is told why and offered `bonus-cancel-lock`, which says what
 * cancelling forfeits. Renders `children` (the methods) when no bonus is in the way.
 */
export function WithdrawalLock({ currency, children }: { currency: string; children: React.ReactNode }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const q = usePlayerBonuses();
  const active = activeBonusOf(q.data, currency);
  if (q.isPending)
    return <div className="mt-4 h-32 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />;
  if (!active) return <>{children}</>;
  return (
    <div
      className="mt-4 rounded-2xl border border-gold/40 bg-gold/10 p-4"
      data-testid="withdrawal-bonus-lock"
    >
      <p className="flex items-center gap-2 font-bold">
        <LockIcon size={18} className="text-gold" /> {t("bonuses.lock.notice", { name: active.name })}
      </p>
      <p className="mt-1.5 text-sm text-muted">
        {t("bonuses.lock.noticeText", { amount: money(active.amount, active.currency) })}
      </p>
      <div className="mt-3">
        <WageringBar bonus={active} />
      </div>
      <ModalLink
        modal="bonus-cancel-lock"
        value={active.id}
        data-testid="withdrawal-bonus-lock-open"
        className="mt-3 inline-flex h-11 w-full items-center justify-center rounded-xl border border-line bg-surface font-semibold hover:bg-surface-2"
      >
        {t("bonuses.lock.options")}
      </ModalLink>
    </div>
  );
}
