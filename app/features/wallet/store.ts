import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { createStore } from "zustand/vanilla";
import type { Profile } from "#common/api/player";
import type { Currency, Invoice, WalletAccount } from "#common/api/wallet";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { ACCOUNT_UPDATED, REALTIME_EVENTS } from "#common/realtime";
import { alert } from "~/lib/alerts";
import { isMobileNow } from "~/lib/device";
import { followLive, type LiveFeed, queryClient } from "~/lib/query";
import { realtimeBus } from "~/lib/realtime/bus";
import { api } from "~/lib/session/client";
import { onLogout } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";
import { useProfile } from "~/lib/session/use-session";
import { storage } from "~/lib/storage";
import { type SeenInvoices, WALLET_KEY, walletKeys } from "./queries";

/** Stored client values the wallet owns (spec point 3). */
export const WALLET_KEYS = {
  equivalent: "equivalentCurrency",
  paymentGeo: "paymentGeo",
  /** Invoices whose outcome was already announced, so a reload or a second tab does not alert again. */
  announced: "walletAnnounced",
} as const;

/** The wallet as screens read it: server state from the query cache, the player's choices from the browser. */
export interface WalletState {
  accounts: WalletAccount[];
  currencies: Currency[];
  /** idle before a login, loading during it, ready after, error when the accounts call failed. */
  status: "idle" | "loading" | "ready" | "error";
  /** The currency the equivalent balance is shown in (stored); the base currency until chosen. */
  equivalent: string | null;
  /** The payment region (stored `paymentGeo`), sent as `country` with the methods call. */
  region: string | null;
  /** Invoices this tab has seen (created here or heard of), by id. */
  invoices: SeenInvoices;
}

/**
 * What lives only in this browser: the player's choices (stored). Read from storage by the login sequence, so
 * the first render after hydration matches the server's (which knows none).
 */
const choices = createStore<Pick<WalletState, "equivalent" | "region">>(() => ({
  equivalent: null,
  region: null,
}));

const NONE: never[] = [];
const NO_INVOICES: SeenInvoices = {};
const playerId = () => sessionStore.getState().profile?.id;

/** The accounts query: read once per login (and after a reconnection), then kept by publications. */
const accountsQuery = (id: string | undefined) => ({
  queryKey: walletKeys.accounts(id),
  queryFn: async () => (await api().get("/wallet/accounts")).data,
  staleTime: Number.POSITIVE_INFINITY,
});
const currenciesQuery = {
  queryKey: walletKeys.currencies,
  queryFn: async () => (await api().get("/settings/currencies")).data,
  staleTime: Number.POSITIVE_INFINITY,
};

function statusOf(q: { data?: unknown; status: string; fetchStatus: string }): WalletState["status"] {
  if (q.data) return "ready";
  if (q.fetchStatus === "fetching") return "loading";
  return q.status === "error" ? "error" : "idle";
}

/** The wallet's state for a screen; the queries are only observed here (the session sequence fills them). */
export function useWallet<T>(select: (s: WalletState) => T): T {
  const id = useProfile()?.id;
  const accounts = useQuery({ ...accountsQuery(id), enabled: false });
  const currencies = useQuery({ ...currenciesQuery, enabled: false });
  const invoices = useQuery<SeenInvoices>({
    queryKey: walletKeys.invoices(id),
    queryFn: () => NO_INVOICES,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { equivalent, region } = useSyncExternalStore(
    choices.subscribe,
    choices.getState,
    choices.getInitialState,
  );
  return select({
    accounts: accounts.data ?? NONE,
    currencies: currencies.data ?? NONE,
    status: statusOf(accounts),
    equivalent,
    region,
    invoices: invoices.data ?? NO_INVOICES,
  });
}

/** The wallet now, outside React (the sportsbook's start parameters). */
export function walletNow(): WalletState {
  const client = queryClient();
  const id = playerId();
  const accounts = client.getQueryState<WalletAccount[]>(walletKeys.accounts(id));
  return {
    accounts: accounts?.data ?? NONE,
    currencies: client.getQueryData<Currency[]>(walletKeys.currencies) ?? NONE,
    status: accounts ? statusOf(accounts) : "idle",
    ...choices.getState(),
    invoices: client.getQueryData<SeenInvoices>(walletKeys.invoices(id)) ?? NO_INVOICES,
  };
}

// ---- derived

export const currentAccount = (s: WalletState): WalletAccount | undefined =>
  s.accounts.find((a) => a.isCurrent) ?? s.accounts.find((a) => !a.isHidden);
export const currencyOf = (s: WalletState, code: string | undefined): Currency | undefined =>
  code ? s.currencies.find((c) => c.code === code) : undefined;
export const equivalentCurrency = (s: WalletState): Currency | undefined =>
  currencyOf(s, s.equivalent ?? undefined) ?? s.currencies.find((c) => c.isBase);

// ---- loading

export function loadCurrencies(): Promise<Currency[]> {
  return queryClient().ensureQueryData(currenciesQuery);
}

/**
 * The login sequence's "load accounts" (spec point 4; joined by `./wiring`). A new player holds no account yet:
 * one is opened in the currency chosen at registration, so the header always has a balance to show.
 */
export async function loadAccounts(profile: Profile | null): Promise<void> {
  choices.setState({
    equivalent: storage.get(WALLET_KEYS.equivalent),
    region: storage.get(WALLET_KEYS.paymentGeo),
  });
  const [accounts, currencies] = await Promise.all([
    // Read afresh even when the page came with them: a change between its rendering and the socket's
    // connection would be lost otherwise.
    queryClient().fetchQuery({ ...accountsQuery(profile?.id ?? playerId()), staleTime: 0 }),
    loadCurrencies().catch(() => [] as Currency[]),
  ]);
  if (accounts.length === 0) {
    const code = profile?.currency ?? currencies.find((c) => c.isBase)?.code ?? "USD";
    await openAccount(code).catch(() => undefined);
  }
}

/** Loads the accounts when a page needs them and the login sequence has not (or failed to). */
export function ensureWallet(profile: Profile | null): void {
  const status = walletNow().status;
  if (status === "idle" || status === "error") void loadAccounts(profile).catch(() => undefined);
}

function upsertAccount(account: WalletAccount): void {
  queryClient().setQueryData<WalletAccount[]>(walletKeys.accounts(playerId()), (accounts) => {
    // Heard before the accounts were read: the read brings it.
    if (!accounts) return accounts;
    const i = accounts.findIndex((a) => a.id === account.id);
    const next = i < 0 ? [...accounts, account] : accounts.map((a) => (a.id === account.id ? account : a));
    // One current account: the one just made current wins.
    return account.isCurrent ? next.map((a) => (a.id === account.id ? a : { ...a, isCurrent: false })) : next;
  });
}

// ---- actions

export async function openAccount(currency: string): Promise<WalletAccount> {
  const r = await api().post("/wallet/accounts", { currency });
  upsertAccount(r.data);
  return r.data;
}

export async function switchAccount(id: string): Promise<void> {
  const r = await api().put(`/wallet/accounts/${id}/switch`);
  upsertAccount({ ...r.data, isCurrent: true });
}

export async function hideAccount(id: string): Promise<void> {
  const r = await api().put(`/wallet/accounts/${id}/hide`);
  upsertAccount(r.data);
}

/** The account in a currency, opened when missing, made the current one. */
export async function chooseCurrency(code: string): Promise<WalletAccount> {
  let account = walletNow().accounts.find((a) => a.currency === code);
  if (!account || account.isHidden) account = await openAccount(code);
  if (!account.isCurrent) await switchAccount(account.id);
  return walletNow().accounts.find((a) => a.id === account.id) ?? account;
}

export function setEquivalent(code: string): void {
  storage.set(WALLET_KEYS.equivalent, code);
  choices.setState({ equivalent: code });
}

export function setRegion(code: string | null): void {
  if (code) storage.set(WALLET_KEYS.paymentGeo, code);
  else storage.remove(WALLET_KEYS.paymentGeo);
  choices.setState({ region: code });
}

export function rememberInvoice(invoice: Invoice): void {
  queryClient().setQueryData<SeenInvoices>(walletKeys.invoices(playerId()), (seen) => ({
    ...seen,
    [invoice.id]: invoice,
  }));
}

/** One invoice by id: from this tab's memory, else from the newest invoices of the history. */
export async function fetchInvoice(id: string): Promise<Invoice | undefined> {
  const known = walletNow().invoices[id];
  if (known) return known;
  for (let page = 1; page <= 3; page++) {
    const r = await api().get("/payment/invoices", {
      page,
      perPage: 50,
    });
    const found = r.data.find((i) => i.id === id);
    if (found) {
      rememberInvoice(found);
      return found;
    }
    if (page >= r.meta.totalPages) break;
  }
  return undefined;
}

export async function declineInvoice(id: string): Promise<Invoice> {
  const r = await api().put(`/payment/invoices/${id}/decline`);
  rememberInvoice(r.data);
  return r.data;
}

// ---- outcomes: alerts and deposit counters

function announcedIds(): string[] {
  try {
    const v = JSON.parse(storage.get(WALLET_KEYS.announced) ?? "[]");
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** ftd, dep2, dep3, dep4, dep5plus: which of the player's deposits this was, from the invoice's number. */
export function depositCounter(number: number): string {
  if (number <= 1) return "ftd";
  return number <= 4 ? `dep${number}` : "dep5plus";
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The deposit counter as an analytics event on the window: `dataLayer` and a `casino:analytics` event. */
export function trackDeposit(invoice: Invoice): void {
  const detail = {
    event: depositCounter(invoice.number),
    invoiceId: invoice.id,
    amount: invoice.amount,
    currency: invoice.currency,
  };
  window.dataLayer ??= [];
  window.dataLayer.push(detail);
  window.dispatchEvent(new CustomEvent("casino:analytics", { detail }));
}

/**
 * Spec point 3: an alert only when an invoice succeeds (2) or fails (3), once per invoice in every tab; a
 * successful deposit also counts for analytics.
 */
export function announceOutcome(invoice: Invoice): void {
  if (invoice.status !== INVOICE_STATUS.success && invoice.status !== INVOICE_STATUS.failure) return;
  const seen = announcedIds();
  if (seen.includes(invoice.id)) return;
  storage.set(WALLET_KEYS.announced, JSON.stringify([...seen, invoice.id].slice(-50)));
  const deposit = invoice.type === INVOICE_TYPE.deposit;
  const ok = invoice.status === INVOICE_STATUS.success;
  const key = `${deposit ? "deposit" : "withdrawal"}-${ok ? "success" : "failure"}`;
  if (ok) alert.success(key);
  else alert.error(key);
  if (deposit && ok) trackDeposit(invoice);
}

/**
 * Reads the balances again, quietly: after something outside the wallet moved money (a sportsbook bet or
 * cash-out), in case the realtime update was missed.
 */
export function refreshAccounts(): Promise<void> {
  if (walletNow().status !== "ready") return Promise.resolve();
  // fetchQuery, not a refetch: the screens' observers are disabled (they only read), so a refetch skips them.
  return queryClient()
    .fetchQuery({ ...accountsQuery(playerId()), staleTime: 0 })
    .then(
      () => undefined,
      () => undefined,
    );
}

/**
 * Spec: "on a visibility change to visible, a mobile logged-in user gets accounts refreshed". A phone suspends
 * a page in the background and may drop its socket without the page noticing at once, so the balance shown on
 * return is read again rather than trusted. (A desktop tab keeps its socket; it relies on the publications.)
 */
function onPhoneVisible(run: () => void): () => void {
  const listener = () => {
    if (document.visibilityState === "visible" && isMobileNow()) run();
  };
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

/**
 * `wallet:accounts` and `payment:invoices` into the cache, for the whole tab: a balance changes everywhere at
 * once, an invoice's outcome is announced once.
 */
const walletFeed: LiveFeed = () => {
  const offs = [
    realtimeBus.on("accounts", (e) => {
      if (e.event === ACCOUNT_UPDATED) upsertAccount(e.data as WalletAccount);
    }),
    // Balance changes published while the socket was down are lost: read the accounts again, quietly.
    realtimeBus.on("reconnected", () => void refreshAccounts()),
    onPhoneVisible(() => void refreshAccounts()),
    realtimeBus.on("invoices", (e) => {
      if (
        e.event !== REALTIME_EVENTS.invoiceDepositUpdated &&
        e.event !== REALTIME_EVENTS.invoiceWithdrawalUpdated
      )
        return;
      const invoice = e.data as Invoice;
      rememberInvoice(invoice);
      announceOutcome(invoice);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
};

// ---- wiring, once per tab: from the first login sequence on (./wiring loads this module then)

if (typeof window !== "undefined") {
  // The player's accounts, invoices, history and its totals go; the currencies are everyone's.
  onLogout(() => {
    queryClient().removeQueries({ queryKey: [...WALLET_KEY, "accounts"] });
    queryClient().removeQueries({ queryKey: [...WALLET_KEY, "invoices"] });
    queryClient().removeQueries({ queryKey: [...WALLET_KEY, "history"] });
    queryClient().removeQueries({ queryKey: [...WALLET_KEY, "statistics"] });
  });
  followLive(queryClient(), walletFeed);
}
