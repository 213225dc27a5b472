import { Button } from "~/components/ui/Button";
import { GiftIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { useSwapModals } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import type { ModalProps } from "~/modals/registry";
import { StatusChip, useDate } from "../PlayerBonusCard";
import { WageringBar } from "../WageringBar";
import { BonusModal, DetailLine, Figure } from "./shared";

/**
 * `?bonus-details={playerBonusId}`: everything about one of the player's bonuses, with its next step
 * (activate, follow the wagering, cancel) as the modal that does it.
 */
export default function BonusDetails({ value }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const date = useDate();
  const swap = useSwapModals();
  return (
    <BonusModal
      id={value}
      icon={<GiftIcon size={22} />}
      title={(b) => b?.name ?? t("bonuses.details")}
      description={(b) => (b ? t(`bonuses.kind.${b.kind}`) : undefined)}
    >
      {(b) => (
        <div className="flex flex-col gap-4" data-testid="bonus-details" data-status={b.status}>
          <div className="flex items-center justify-between gap-3">
            <span className="text-2xl font-extrabold tabular-nums">{money(b.amount, b.currency)}</span>
            <StatusChip status={b.status} result={b.result} />
          </div>
          {b.status === 2 && <WageringBar bonus={b} />}
          <div className="grid grid-cols-2 gap-2">
            <Figure label={t("bonuses.confirm.wager")} value={money(b.wageringRequired, b.currency)} />
            <Figure
              label={t("bonuses.confirm.maxBet")}
              value={b.maxBetAmount ? money(b.maxBetAmount, b.currency) : t("bonuses.none")}
            />
            <Figure
              label={t("bonuses.confirm.maxConversion")}
              value={
                b.maxConversionAmount
                  ? money(b.maxConversionAmount, b.currency)
                  : t("bonuses.terms.conversionAll")
              }
            />
            {b.convertedAmount && (
              <Figure label={t("bonuses.converted")} value={money(b.convertedAmount, b.currency)} />
            )}
            {b.count > 0 && <Figure label={t("bonuses.freespins.left")} value={String(b.count)} />}
          </div>
          <dl className="grid gap-1 text-sm">
            <DetailLine label={t("bonuses.dates.created")} value={date(b.createdAt)} />
            {b.activatedAt && <DetailLine label={t("bonuses.dates.activated")} value={date(b.activatedAt)} />}
            {b.expiresAt && (b.status === 1 || b.status === 2) && (
              <DetailLine label={t("bonuses.dates.expires")} value={date(b.expiresAt)} />
            )}
            {b.finishedAt && <DetailLine label={t("bonuses.dates.finished")} value={date(b.finishedAt)} />}
          </dl>
          {(b.status === 1 || b.status === 2) && (
            <div className="grid gap-2 sm:grid-cols-2">
              {/* The next step: activate an issued bonus, follow an active one's wagering. */}
              <Button
                variant="primary"
                size="lg"
                onClick={() =>
                  swap({
                    "bonus-details": null,
                    [b.status === 1 ? "confirm-bonus" : "turn-over-wager"]: b.id,
                  })
                }
              >
                {t(b.status === 1 ? "bonuses.activate" : "bonuses.progress")}
              </Button>
              <Button
                variant="secondary"
                size="lg"
                data-testid="bonus-details-cancel"
                onClick={() => swap({ "bonus-details": null, "confirm-bonus-unsettled": b.id })}
              >
                {t("bonuses.cancel.title")}
              </Button>
            </div>
          )}
        </div>
      )}
    </BonusModal>
  );
}
