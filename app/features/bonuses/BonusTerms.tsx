import type { ReactNode } from "react";
import type { DepositBonus, WageringContribution } from "#common/api/bonus";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";

/** The terms of a deposit bonus, each as a labelled line: what qualifies, what it gives, how it is wagered. */
export function BonusTerms({ bonus }: { bonus: DepositBonus }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const list = (items: { currency: string; amount: string }[]) =>
    items.map((i) => money(i.amount, i.currency)).join(" · ");
  const min = bonus.triggerConditions.invoiceAmountItems
    .map((i) => money(i.amountFrom, i.currency))
    .join(" · ");
  return (
    <dl className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="bonus-terms">
      <Term label={t("bonuses.terms.minDeposit")}>
        {min || "—"}
        {bonus.triggerConditions.baseCurrencyInvoiceAmountFrom && (
          <span className="block text-xs text-muted">
            {t("bonuses.terms.otherCurrencies", {
              amount: bonus.triggerConditions.baseCurrencyInvoiceAmountFrom,
            })}
          </span>
        )}
      </Term>
      {bonus.matchPercent > 0 && <Term label={t("bonuses.terms.match")}>{bonus.matchPercent}%</Term>}
      {bonus.maxAmountItems.length > 0 && (
        <Term label={t("bonuses.terms.cap")}>{list(bonus.maxAmountItems)}</Term>
      )}
      {bonus.freespins && (
        <Term label={t("bonuses.terms.spins")}>
          {t("bonuses.offer.spins", { count: bonus.freespins.count, game: bonus.freespins.gameName })}
          <span className="block text-xs text-muted">
            {t("bonuses.terms.spinBet", {
              bet: bonus.freespins.betValue,
              times: bonus.freespins.wageringMultiplier,
            })}
          </span>
        </Term>
      )}
      <Term label={t("bonuses.terms.wagering")}>
        {t("bonuses.terms.wageringValue", { times: bonus.wageringMultiplier })}
      </Term>
      <Term label={t("bonuses.terms.contribution")}>
        <Contribution contribution={bonus.contribution} />
        {/* A game can be left out, or count only from a win multiplier (decision 0065): its info says which. */}
        <p className="mt-2 text-xs font-normal text-muted">{t("bonuses.contribution.perGame")}</p>
      </Term>
      {bonus.maxBetItems.length > 0 && (
        <Term label={t("bonuses.terms.maxBet")}>{list(bonus.maxBetItems)}</Term>
      )}
      <Term label={t("bonuses.terms.conversion")}>
        {bonus.maxConversionMultiplier
          ? t("bonuses.terms.conversionCap", { times: bonus.maxConversionMultiplier })
          : t("bonuses.terms.conversionAll")}
      </Term>
      <Term label={t("bonuses.terms.validity")}>
        {t("bonuses.terms.validityValue", { activation: bonus.activationDays, wagering: bonus.wageringDays })}
      </Term>
    </dl>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-sm font-semibold">{children}</dd>
    </div>
  );
}

/** How much each kind of game counts towards wagering. */
export function Contribution({ contribution: c }: { contribution: WageringContribution }) {
  const { t } = useTranslation("layout");
  const rows: [string, number, string?][] = [
    [t("bonuses.contribution.slots"), c.slots],
    [t("bonuses.contribution.tables"), c.tables],
    [t("bonuses.contribution.live"), c.live],
    [
      t("bonuses.contribution.sportsbook"),
      c.sportsbook,
      t("bonuses.contribution.minOdds", { odds: c.sportsbookMinOdds }),
    ],
  ];
  return (
    <ul className="grid gap-1.5" data-testid="bonus-contribution">
      {rows.map(([label, percent, note]) => (
        <li key={label} className="flex items-center gap-3">
          <span className="w-28 shrink-0 font-normal text-muted">{label}</span>
          <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-3">
            <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
          </span>
          <span className="w-24 shrink-0 text-right tabular-nums">
            {percent}%
            {note && percent > 0 && (
              <span className="block text-[0.68rem] font-normal text-muted">{note}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
