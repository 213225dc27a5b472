import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Currency } from "#common/api/wallet";
import { AmountInput } from "~/components/ui/AmountInput";
import { FormField } from "~/components/ui/FormField";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { displayUnit, exchangeAmount, formatMoney } from "./format";
import { walletKeys } from "./queries";

/**
 * The currencies with their rates for the exchange input: the session sequence's query (same key and call,
 * store.ts), asked for again here only when it has none, e.g. after it failed. Defined here, not in the store,
 * so the home page's first-paint JavaScript does not carry it.
 */
export function useCurrencyRates(): Currency[] | undefined {
  return useQuery<Currency[]>({
    queryKey: walletKeys.currencies,
    queryFn: async () => (await api().get("/settings/currencies")).data,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/**
 * The exchange input (spec point 3): the payment's amount also in the player's display currency, linked both
 * ways through the rates. The account's currency is what is charged; this side is an indication. Shown only
 * when both currencies are known with a rate and differ: while the rates load, or if they fail, the payment's
 * own amount field is all there is.
 */
export function ExchangeAmount({
  amount,
  onAmount,
  account,
  display,
  locale,
  direction,
}: {
  /** The payment's amount in the account's display unit (canonical decimal string). */
  amount: string;
  /** Sets the payment's amount from one typed here. */
  onAmount: (amount: string) => void;
  account: Currency | undefined;
  display: Currency | undefined;
  locale: string;
  direction: "deposit" | "withdrawal";
}) {
  const { t } = useTranslation("modals");
  // What the player typed here, and the payment amount it gave: kept while that amount stands.
  const [typed, setTyped] = useState<{ other: string; amount: string }>();
  if (!account || !display || account.code === display.code) return null;
  const rate = exchangeAmount("1", account, display);
  if (rate === undefined) return null;
  const unit = displayUnit(account.code, account);
  const other = displayUnit(display.code, display);
  const shown =
    typed && typed.amount === amount
      ? typed.other
      : amount
        ? (exchangeAmount(amount, account, display) ?? "")
        : "";
  const note = t(direction === "deposit" ? "wallet.exchange.note" : "wallet.exchange.noteWithdrawal", {
    rate: `1 ${unit.code} ≈ ${formatMoney(rate, display.code, display, locale)}`,
    code: unit.code,
  });
  return (
    <FormField className="mt-3" label={t("wallet.exchange.label", { code: other.code })} hint={note}>
      {(f) => (
        <div className="relative">
          <AmountInput
            {...f}
            locale={locale}
            fraction={Math.min(other.places, 8)}
            value={shown}
            onValueChange={(v) => {
              const back = v ? (exchangeAmount(v, display, account) ?? "") : "";
              setTyped({ other: v, amount: back });
              onAmount(back);
            }}
            data-testid="wallet-amount-exchange"
            className="pr-20 tabular-nums"
          />
          <span className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-sm font-semibold text-muted">
            {other.code}
          </span>
        </div>
      )}
    </FormField>
  );
}
