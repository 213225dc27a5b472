import { ConfirmChoices } from "~/components/ui/ConfirmChoices";
import { GiftIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import type { ModalProps } from "~/modals/registry";
import { bonusApi } from "../api";
import { useDate } from "../PlayerBonusCard";
import { BonusModal, Figure, useBonusChange } from "./shared";

/**
 * `?confirm-bonus={playerBonusId}`: activating an issued bonus puts its money in the bonus balance and starts
 * its wagering (and its max bet); the player sees what they sign up for before it happens.
 */
export default function ConfirmBonus({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const date = useDate();
  const { busy, failure, change } = useBonusChange(close);
  return (
    <BonusModal id={value} icon={<GiftIcon size={22} />} title={t("bonuses.confirm.title")}>
      {(b) => (
        <>
          <div className="grid grid-cols-2 gap-2">
            <Figure label={t("bonuses.confirm.amount")} value={money(b.amount, b.currency)} />
            <Figure label={t("bonuses.confirm.wager")} value={money(b.wageringRequired, b.currency)} />
            {b.maxBetAmount && (
              <Figure label={t("bonuses.confirm.maxBet")} value={money(b.maxBetAmount, b.currency)} />
            )}
            {b.maxConversionAmount && (
              <Figure
                label={t("bonuses.confirm.maxConversion")}
                value={money(b.maxConversionAmount, b.currency)}
              />
            )}
          </div>
          <p className="mt-4 text-sm leading-relaxed text-muted">{t("bonuses.confirm.text")}</p>
          {b.status !== 1 && (
            <p className="mt-3 text-sm font-semibold text-gold">{t("bonuses.confirm.notIssued")}</p>
          )}
          {b.expiresAt && b.status === 1 && (
            <p className="mt-2 text-xs text-muted">{t("bonuses.activateBy", { date: date(b.expiresAt) })}</p>
          )}
          <ConfirmChoices
            cancel={t("bonuses.confirm.later")}
            onCancel={close}
            confirm={t("bonuses.activate")}
            disabled={b.status !== 1}
            busy={busy}
            failure={failure}
            testId="confirm-bonus-activate"
            onConfirm={() =>
              change(
                () => bonusApi.activateBonus(b.id),
                () => alert.success(t("bonuses.confirm.done", { name: b.name })),
              )
            }
          />
        </>
      )}
    </BonusModal>
  );
}
