import type { QueryClient } from "@tanstack/react-query";
import type { Currency, Invoice, WalletAccount } from "#common/api/wallet";
import type { InitialSession } from "~/lib/session/load";

/** Every wallet query starts with this key. */
export const WALLET_KEY = ["wallet"] as const;

/**
 * The wallet's server state, in the query cache: the player's accounts (kept current by `wallet:accounts`
 * publications, see store.ts), the currencies, and the invoices this tab has seen (created here or heard of).
 * Screens only observe them: the login sequence and the realtime bridge fill them.
 */
export const walletKeys = {
  accounts: (playerId: string | undefined) => [...WALLET_KEY, "accounts", playerId] as const,
  currencies: [...WALLET_KEY, "currencies"] as const,
  invoices: (playerId: string | undefined) => [...WALLET_KEY, "invoices", playerId] as const,
  /** A page of the invoice history (GET /payment/invoices) under its filters. */
  history: (params: Record<string, unknown>) => [...WALLET_KEY, "history", params] as const,
  /** The history's totals (GET /payment/invoices/statistics), as of the statuses of the invoices this tab knows. */
  statistics: (version: string) => [...WALLET_KEY, "statistics", version] as const,
};

export type SeenInvoices = Record<string, Invoice>;

/**
 * Puts what the root loader read into a query client before the first render, on the server and in the
 * browser alike, so the header's balance is in the first paint and hydration sees the same. Once per client
 * (the root's state initialiser).
 */
export function seedWallet(client: QueryClient, session: InitialSession | null): QueryClient {
  const wallet = session?.wallet;
  if (wallet) {
    client.setQueryData<WalletAccount[]>(walletKeys.accounts(session.profile.id), wallet.accounts);
    client.setQueryData<Currency[]>(walletKeys.currencies, wallet.currencies);
  }
  return client;
}
