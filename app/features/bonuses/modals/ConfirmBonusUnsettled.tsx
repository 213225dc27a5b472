import { WarningIcon } from "~/components/ui/page-icons";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { ModalProps } from "~/modals/registry";
import { wageringPercent } from "../format";
import { BonusModal, CancelBonusChoices, Figure } from "./shared";

/**
 * `?confirm-bonus-unsettled={playerBonusId}`: cancelling a bonus whose wagering is not settled yet. It is
 * final: the bonus and what its money has won are forfeited (decision 0013); the player's real money stays.
 */
export default function ConfirmBonusUnsettled({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  return (
    <BonusModal id={value} icon={<WarningIcon size={22} />} title={t("bonuses.cancel.title")}>
      {(b) => {
        const open = b.status === 1 || b.status === 2;
        return (
          <>
            <div className="grid grid-cols-2 gap-2">
              <Figure label={t("bonuses.cancel.forfeit")} value={money(b.amount, b.currency)} />
              <Figure
                label={t("bonuses.cancel.progress")}
                value={`${wageringPercent(b.wagered, b.wageringRequired)}%`}
              />
            </div>
            <p className="mt-4 text-sm leading-relaxed text-muted">
              {t(b.status === 2 ? "bonuses.cancel.textActive" : "bonuses.cancel.textIssued")}
            </p>
            {!open && <p className="mt-3 text-sm font-semibold text-gold">{t("bonuses.cancel.finished")}</p>}
            <CancelBonusChoices
              bonus={b}
              close={close}
              keep={t("bonuses.cancel.keep")}
              confirm={t("bonuses.cancel.confirm")}
              testId="bonus-cancel-confirm"
            />
          </>
        );
      }}
    </BonusModal>
  );
}
