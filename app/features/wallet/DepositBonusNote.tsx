import { GiftIcon } from "~/components/ui/icons";
import { usePlayerBonuses } from "~/features/bonuses/queries";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The bonus a paid deposit brought (issue 36): "Deposit received" names it with the money, so the player knows
 * why the balance they play with is higher than what they paid, and what turns it into real money.
 */
export function DepositBonusNote({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const bonus = usePlayerBonuses().data?.find((b) => b.invoiceId === invoiceId && b.kind !== "freespins");
  if (!bonus) return null;
  return (
    <p
      data-testid="deposit-bonus-note"
      data-amount={bonus.amount}
      className="mt-3 flex items-start gap-2 rounded-xl border border-gold/30 bg-gold/10 px-4 py-3 text-sm"
    >
      <GiftIcon size={18} className="mt-0.5 shrink-0 text-gold" />
      <span>
        {t("wallet.depositBonus", {
          amount: money(bonus.amount, bonus.currency),
          name: bonus.name,
          wagering: money(bonus.wageringRequired, bonus.currency),
        })}
      </span>
    </p>
  );
}
