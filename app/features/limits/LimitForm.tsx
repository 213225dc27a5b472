import { useForm } from "react-hook-form";
import { type LimitPeriod, MONEY_LIMIT_DEFINITIONS } from "#common/api/limits";
import { LIMIT_PERIODS } from "#common/constants";
import { decimalPlaces, toUnits } from "#common/money";
import { AmountField } from "~/components/ui/AmountInput";
import { useSubmit } from "~/components/ui/form";
import { Select } from "~/components/ui/Input";
import { Tabs } from "~/components/ui/Tabs";
import { AuthForm } from "~/features/auth/forms/AuthForm";
import { displayUnit, toDisplayAmount, toWireAmount } from "~/features/wallet/format";
import { useWallet } from "~/features/wallet/store";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { DEFINITION_KEYS } from "./format";

export interface LimitChoice {
  definition: number;
  period: LimitPeriod;
  /** On the wire: decimal string in the currency's own unit (BTC, not mBTC). */
  amount: string;
  currency: string;
}

type Values = { definition: string; period: LimitPeriod; amount: string; currency: string };

/**
 * The fields of a money limit: kind (new limits only), period, amount in the currency's display unit, and the
 * currency (new limits only: one of the player's wallet currencies). `onChoose` gets the wire values.
 */
export function LimitForm({
  initial,
  fixed,
  submit,
  onChoose,
}: {
  initial: Partial<LimitChoice>;
  /** An existing limit keeps its kind and currency. */
  fixed?: boolean;
  submit: string;
  onChoose: (choice: LimitChoice) => Promise<unknown>;
}) {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const accounts = useWallet((s) => s.accounts);
  const currencies = useWallet((s) => s.currencies);
  const codes = [...new Set(accounts.map((a) => a.currency))];
  const currencyOf = (code: string) => currencies.find((c) => c.code === code);
  const startCurrency = initial.currency ?? accounts.find((a) => a.isCurrent)?.currency ?? codes[0] ?? "";
  const form = useForm<Values>({
    defaultValues: {
      definition: String(initial.definition ?? MONEY_LIMIT_DEFINITIONS[2]),
      period: initial.period ?? "daily",
      currency: startCurrency,
      amount: initial.amount
        ? toDisplayAmount(initial.amount, displayUnit(startCurrency, currencyOf(startCurrency)))
        : "",
    },
  });
  const values = form.watch();
  const unit = displayUnit(values.currency, currencyOf(values.currency));

  const { submit: onSubmit, failure } = useSubmit(form, t("profile.failed"), async (v) => {
    // The amount field hands over a canonical decimal string ("1234.5"), whatever the page's locale.
    const typed = v.amount;
    const units = toUnits(typed);
    if (units === undefined || units <= 0n)
      return form.setError("amount", { message: t("profile.limits.form.amountInvalid") });
    if (decimalPlaces(typed) > unit.places)
      return form.setError("amount", { message: t("profile.limits.form.decimals", { count: unit.places }) });
    if (!v.currency) return form.setError("currency", { message: t("profile.limits.form.currency") });
    await onChoose({
      definition: Number(v.definition),
      period: v.period,
      amount: toWireAmount(typed, unit) ?? typed,
      currency: v.currency,
    });
  });

  return (
    <AuthForm onSubmit={onSubmit} failure={failure} busy={form.formState.isSubmitting} submit={submit}>
      {!fixed && (
        <LimitChoice
          label={t("profile.limits.form.kind")}
          value={values.definition}
          onChange={(v) => form.setValue("definition", v)}
          items={MONEY_LIMIT_DEFINITIONS.map((d) => ({
            value: String(d),
            testId: `limit-kind-${DEFINITION_KEYS[d]}`,
            label: t(`profile.limits.definitions.${DEFINITION_KEYS[d]}`),
          }))}
        />
      )}
      <LimitChoice
        label={t("profile.limits.form.period")}
        value={values.period}
        onChange={(v) => form.setValue("period", v)}
        items={LIMIT_PERIODS.map((p) => ({
          value: p,
          testId: `limit-period-${p}`,
          label: t(`profile.limits.periods.${p}`),
        }))}
      />
      <div className={fixed ? "" : "grid grid-cols-[1fr_auto] items-start gap-2"}>
        <AmountField
          name="amount"
          textKey="limitAmount"
          form={form}
          locale={locale}
          fraction={unit.places}
          data-testid="limit-amount-input"
          trailing={<span className="pr-3 text-sm font-semibold text-muted">{unit.code}</span>}
        />
        {!fixed && (
          <div>
            <label htmlFor="limit-currency" className="mb-1.5 block text-sm font-semibold">
              {t("profile.limits.form.currencyLabel")}
            </label>
            <Select id="limit-currency" data-testid="limit-currency" {...form.register("currency")}>
              {codes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
    </AuthForm>
  );
}

/** One choice of the form as a row of tabs under its label. */
function LimitChoice<T extends string>({
  label,
  ...tabs
}: { label: string } & Parameters<typeof Tabs<T>>[0]) {
  return (
    <div>
      <p className="mb-1.5 text-sm font-semibold">{label}</p>
      <Tabs label={label} {...tabs} />
    </div>
  );
}
