import type { PlayerBonus } from "#common/api/bonus";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import { wageringPercent } from "./format";

/** A bonus's wagering: how much of the requirement the settled bets have covered, as a bar and in money. */
export function WageringBar({ bonus, compact }: { bonus: PlayerBonus; compact?: boolean }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const percent = wageringPercent(bonus.wagered, bonus.wageringRequired);
  return (
    <div data-testid="wagering-progress" data-wagered={bonus.wagered} data-required={bonus.wageringRequired}>
      {!compact && (
        <div className="mb-1.5 flex items-baseline justify-between gap-3 text-xs">
          <span className="text-muted">{t("bonuses.wagering")}</span>
          <span className="font-semibold tabular-nums">
            {money(bonus.wagered, bonus.currency)} / {money(bonus.wageringRequired, bonus.currency)}
          </span>
        </div>
      )}
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t("bonuses.wagering")}
        className={`overflow-hidden rounded-full bg-surface-3 ${compact ? "h-1" : "h-2"}`}
      >
        <div
          className="h-full rounded-full bg-[linear-gradient(90deg,var(--c-accent),var(--c-gold))] transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      {!compact && <p className="mt-1 text-right text-xs text-muted tabular-nums">{percent}%</p>}
    </div>
  );
}
