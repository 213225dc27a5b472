import { Link } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { HistoryIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import type { ModalProps } from "~/modals/registry";
import { Contribution } from "../BonusTerms";
import { wageringLeft } from "../format";
import { useDate } from "../PlayerBonusCard";
import { WageringBar } from "../WageringBar";
import { BonusModal, Figure } from "./shared";

/**
 * `?turn-over-wager={playerBonusId}`: a bonus's wagering (turnover) in full: how much is done and left, how
 * each kind of game counts, the max bet and the deadline. It moves live as bets settle.
 */
export default function TurnOverWager({ value }: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const date = useDate();
  const href = useLocalePath();
  return (
    <BonusModal id={value} icon={<HistoryIcon size={22} />} title={t("bonuses.turnover.title")}>
      {(b) => (
        <div className="flex flex-col gap-4" data-testid="turn-over-wager">
          <WageringBar bonus={b} />
          <div className="grid grid-cols-2 gap-2">
            <Figure
              label={t("bonuses.turnover.done")}
              value={money(b.wagered, b.currency)}
              testId="turnover-wagered"
            />
            <Figure label={t("bonuses.turnover.left")} value={money(wageringLeft(b), b.currency)} />
            {b.maxBetAmount && (
              <Figure label={t("bonuses.confirm.maxBet")} value={money(b.maxBetAmount, b.currency)} />
            )}
            {b.expiresAt && <Figure label={t("bonuses.dates.expires")} value={date(b.expiresAt)} />}
          </div>
          <div>
            <p className="mb-2 text-sm font-semibold">{t("bonuses.terms.contribution")}</p>
            <div className="text-sm">
              <Contribution contribution={b.contribution} />
            </div>
          </div>
          <p className="text-xs leading-relaxed text-muted">{t("bonuses.turnover.text")}</p>
          <Link to={href("/games")} className={buttonClass("primary", "lg")}>
            {t("bonuses.turnover.play")}
          </Link>
        </div>
      )}
    </BonusModal>
  );
}
