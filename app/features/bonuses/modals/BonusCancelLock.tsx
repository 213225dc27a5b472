import { LockIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useTranslation } from "~/lib/i18n-react";
import type { ModalProps } from "~/modals/registry";
import { bonusBalanceOf } from "../balance";
import { wageringLeft } from "../format";
import { WageringBar } from "../WageringBar";
import { BonusModal, CancelBonusChoices, Figure } from "./shared";

/**
 * `?bonus-cancel-lock={playerBonusId}`: the player asked to withdraw while this bonus is being wagered. Bonus
 * money is never withdrawable (decision 0013): they see what cancelling would forfeit (the bonus balance and
 * the wagering done) and may cancel it here, after which the withdrawal below is open to their real money.
 */
export default function BonusCancelLock({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const account = useWallet(currentAccount);
  return (
    <BonusModal
      id={value}
      icon={<LockIcon size={22} />}
      title={t("bonuses.lock.title")}
      description={() => t("bonuses.lock.description")}
    >
      {(b) => {
        const bonusMoney = account?.currency === b.currency ? bonusBalanceOf(account) : b.amount;
        return (
          <>
            <p className="mb-3 font-semibold">{b.name}</p>
            <div className="grid grid-cols-2 gap-2">
              <Figure
                label={t("bonuses.lock.lose")}
                value={money(bonusMoney, b.currency)}
                testId="bonus-lock-lose"
              />
              <Figure label={t("bonuses.lock.left")} value={money(wageringLeft(b), b.currency)} />
            </div>
            <div className="mt-4">
              <WageringBar bonus={b} />
            </div>
            <p className="mt-4 text-sm leading-relaxed text-muted">{t("bonuses.lock.text")}</p>
            <CancelBonusChoices
              bonus={b}
              close={close}
              keep={t("bonuses.lock.keep")}
              confirm={t("bonuses.lock.cancel")}
              testId="bonus-lock-cancel"
            />
          </>
        );
      }}
    </BonusModal>
  );
}
