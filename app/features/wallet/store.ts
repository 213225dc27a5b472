import { useSyncExternalStore } from "react";
import { createStore } from "zustand/vanilla";
import type { Profile } from "#common/api/player";
import type { Currency, Invoice, WalletAccount } from "#common/api/wallet";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { ACCOUNT_UPDATED, REALTIME_EVENTS } from "#common/realtime";
import { alert } from "~/lib/alerts";
import { createApi } from "~/lib/api";
import { realtimeBus } from "~/lib/realtime/bus";
import { clientOrigin } from "~/lib/session/client";
import { freshSession, onAccountsLoad, onLogout, recoverSession } from "~/lib/session/session";
import { storage } from "~/lib/storage";

/** Stored client values the wallet owns (spec point 3). */
export const WALLET_KEYS = {
  equivalent: "equivalentCurrency",
  paymentGeo: "paymentGeo",
  /** Invoices whose outcome was already announced, so a reload or a second tab does not alert again. */
  announced: "walletAnnounced",
} as const;

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
  invoices: Record<string, Invoice>;
}

export const walletStore = createStore<WalletState>(() => ({
  accounts: [],
  currencies: [],
  status: "idle",
  equivalent: null,
  region: null,
  invoices: {},
}));

/**
 * The session's client. During the login sequence (before the player counts as logged in) its calls go with the
 * cookie the login's answer just set, and a refusal belongs to that login: the accounts load is part of it.
 */
let client: ReturnType<typeof createApi> | undefined;
const api = () => {
  client ??= createApi({
    baseUrl: "",
    session: freshSession,
    onAuthError: () => recoverSession(),
    client: clientOrigin,
  });
  return client;
};

const set = walletStore.setState;
const get = walletStore.getState;

export function useWallet<T>(select: (s: WalletState) => T): T {
  return useSyncExternalStore(
    walletStore.subscribe,
    () => select(get()),
    () => select(walletStore.getInitialState()),
  );
}

// ---- derived

export const currentAccount = (s: WalletState): WalletAccount | undefined =>
  s.accounts.find((a) => a.isCurrent) ?? s.accounts.find((a) => !a.isHidden);
export const currencyOf = (s: WalletState, code: string | undefined): Currency | undefined =>
  code ? s.currencies.find((c) => c.code === code) : undefined;
export const equivalentCurrency = (s: WalletState): Currency | undefined =>
  currencyOf(s, s.equivalent ?? undefined) ?? s.currencies.find((c) => c.isBase);

// ---- loading

let currenciesCall: Promise<Currency[]> | undefined;
export function loadCurrencies(): Promise<Currency[]> {
  currenciesCall ??= api()
    .get("/settings/currencies")
    .then((r) => {
      set({ currencies: r.data });
      return r.data;
    })
    .catch((err) => {
      currenciesCall = undefined;
      throw err;
    });
  return currenciesCall;
}

/**
 * The login sequence's "load accounts" (spec point 4). A new player holds no account yet: one is opened in the
 * currency chosen at registration, so the header always has a balance to show.
 */
async function loadAccounts(profile: Profile | null): Promise<void> {
  set({
    status: "loading",
    equivalent: storage.get(WALLET_KEYS.equivalent),
    region: storage.get(WALLET_KEYS.paymentGeo),
  });
  try {
    const [accounts, currencies] = await Promise.all([
      api()
        .get("/wallet/accounts")
        .then((r) => r.data),
      loadCurrencies().catch(() => [] as Currency[]),
    ]);
    set({ accounts, status: "ready" });
    if (accounts.length === 0) {
      const code = profile?.currency ?? currencies.find((c) => c.isBase)?.code ?? "USD";
      await openAccount(code).catch(() => undefined);
    }
  } catch (err) {
    set({ status: "error" });
    throw err;
  }
}

/** Loads the accounts when a page needs them and the login sequence has not (or failed to). */
export function ensureWallet(profile: Profile | null): void {
  if (get().status === "idle" || get().status === "error") void loadAccounts(profile).catch(() => undefined);
}

function upsertAccount(account: WalletAccount): void {
  const accounts = get().accounts;
  const i = accounts.findIndex((a) => a.id === account.id);
  let next = i < 0 ? [...accounts, account] : accounts.map((a) => (a.id === account.id ? account : a));
  // One current account: the one just made current wins.
  if (account.isCurrent) next = next.map((a) => (a.id === account.id ? a : { ...a, isCurrent: false }));
  set({ accounts: next });
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
  let account = get().accounts.find((a) => a.currency === code);
  if (!account || account.isHidden) account = await openAccount(code);
  if (!account.isCurrent) await switchAccount(account.id);
  return get().accounts.find((a) => a.id === account.id) ?? account;
}

export function setEquivalent(code: string): void {
  storage.set(WALLET_KEYS.equivalent, code);
  set({ equivalent: code });
}

export function setRegion(code: string | null): void {
  if (code) storage.set(WALLET_KEYS.paymentGeo, code);
  else storage.remove(WALLET_KEYS.paymentGeo);
  set({ region: code });
}

export function rememberInvoice(invoice: Invoice): void {
  set({ invoices: { ...get().invoices, [invoice.id]: invoice } });
}

/** One invoice by id: from this tab's memory, else from the newest invoices of the history. */
export async function fetchInvoice(id: string): Promise<Invoice | undefined> {
  const known = get().invoices[id];
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
  if (get().status !== "ready") return Promise.resolve();
  return api()
    .get("/wallet/accounts")
    .then((r) => set({ accounts: r.data }))
    .catch(() => undefined);
}

// ---- wiring, once per tab

if (typeof window !== "undefined") {
  onAccountsLoad(loadAccounts);
  onLogout(() => set({ accounts: [], status: "idle", invoices: {} }));
  realtimeBus.on("accounts", (e) => {
    if (e.event === ACCOUNT_UPDATED) upsertAccount(e.data as WalletAccount);
  });
  // Balance changes published while the socket was down are lost: read the accounts again, quietly.
  realtimeBus.on("reconnected", () => void refreshAccounts());
  realtimeBus.on("invoices", (e) => {
    if (
      e.event !== REALTIME_EVENTS.invoiceDepositUpdated &&
      e.event !== REALTIME_EVENTS.invoiceWithdrawalUpdated
    )
      return;
    const invoice = e.data as Invoice;
    rememberInvoice(invoice);
    announceOutcome(invoice);
  });
}
