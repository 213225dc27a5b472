import type { Limit } from "#common/api/limits";
import { LIMIT_DEFINITION } from "#common/constants";
import { toUnits } from "#common/money";
import { formatMoney } from "~/features/wallet/format";
import { useWallet } from "~/features/wallet/store";
import { useIntlLocale } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";

/** The content key of a definition: limits.definitions.bet… */
export const DEFINITION_KEYS: Record<number, string> = {
  [LIMIT_DEFINITION.bet]: "bet",
  [LIMIT_DEFINITION.loss]: "loss",
  [LIMIT_DEFINITION.deposit]: "deposit",
  [LIMIT_DEFINITION.selfExclusion]: "selfExclusion",
  [LIMIT_DEFINITION.coolingOff]: "coolingOff",
};

/** Share of `used` in `amount` as a whole percent 0–100, in bigint so no float carries money. */
export function usedPercent(used: string, amount: string): number {
  const a = toUnits(amount) ?? 0n;
  if (a <= 0n) return 0;
  const u = toUnits(used) ?? 0n;
  const p = (u * 100n) / a;
  return Number(p > 100n ? 100n : p < 0n ? 0n : p);
}

/** `24h` → { count: 24, unit: "h" }: a duration the operator offers, to be said in words. */
export function durationParts(duration: string): { count: number; unit: string } {
  const m = /^(\d{1,3})([hdmy])$/.exec(duration);
  return m ? { count: Number(m[1]), unit: m[2]! } : { count: 0, unit: "h" };
}

/**
 * How the limits screens write money and dates: amounts in the currency's display unit (mBTC for BTC), dates
 * in the page's locale.
 */
export function useLimitFormat() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const currencies = useWallet((s) => s.currencies);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return {
    money: (amount: string, code: string) =>
      formatMoney(
        amount,
        code,
        currencies.find((c) => c.code === code),
        locale,
      ),
    date: (iso: string) => date.format(new Date(iso)),
    duration: (d: string) => {
      const { count, unit } = durationParts(d);
      return t(`profile.limits.durations.${unit}`, { count });
    },
    period: (p: string) => t(`profile.limits.periods.${p}`),
    name: (l: Pick<Limit, "definition">) => t(`profile.limits.definitions.${DEFINITION_KEYS[l.definition]}`),
  };
}
