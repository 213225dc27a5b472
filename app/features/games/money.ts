import { useEffect } from "react";
import { formatMoney } from "~/features/wallet/format";
import { loadCurrencies, useWallet } from "~/features/wallet/store";
import { useIntlLocale } from "~/features/wallet/ui";

/** Formats game amounts as the wallet does (sub-currencies, the locale's format); loads the currencies once. */
export function useMoney(): (amount: string, code: string) => string {
  const currencies = useWallet((s) => s.currencies);
  const locale = useIntlLocale();
  useEffect(() => {
    void loadCurrencies().catch(() => undefined);
  }, []);
  return (amount, code) =>
    formatMoney(
      amount,
      code,
      currencies.find((c) => c.code === code),
      locale,
    );
}
