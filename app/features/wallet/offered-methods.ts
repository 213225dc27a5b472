import { useQuery } from "@tanstack/react-query";
import { useRouteLoaderData } from "react-router";
import type { PaymentMethodsResponse } from "#common/api/wallet";
import type { RootData } from "~/root";
import { currentAccount, useWallet } from "./store";

export type OfferedMethod = PaymentMethodsResponse["methods"][number];

/**
 * The deposit methods the cashier offers visitors here now (issue 36: the footer and the home page show these,
 * never a list of their own): GET /api/payment/methods/deposit for the current account's currency, else the
 * site's currency for the visitor's country. One call per tab and currency.
 */
export function useOfferedDepositMethods() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const accountCurrency = useWallet((s) => currentAccount(s)?.currency);
  const currency = accountCurrency ?? root?.init.currency;
  return useQuery({
    queryKey: ["payment", "methods", "deposit", "offered", currency],
    // Asked as a guest: the catalogue for the country and currency, whatever the player's own limits (a
    // reached deposit limit is the cashier's message to give, not a hole in the footer, nor a 403 in the console).
    queryFn: async () => {
      const res = await fetch(
        `/api/payment/methods/deposit?${new URLSearchParams({ currency: currency ?? "" })}`,
        {
          credentials: "omit",
        },
      );
      if (!res.ok) throw new Error(`payment methods: ${res.status}`);
      return (await res.json()) as PaymentMethodsResponse;
    },
    // One mark per way of paying: the same one carried by two processors (the sandbox's PIX beside a real
    // PSP's, on a demonstration site) is shown once.
    select: (data) => ({
      ...data,
      methods: data.methods.filter(
        (m, i, all) => all.findIndex((o) => o.label === m.label && o.icon === m.icon) === i,
      ),
    }),
    enabled: Boolean(currency),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
