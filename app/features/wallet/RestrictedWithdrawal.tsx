import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { Invoice, PaymentMethodView, WalletAccount } from "#common/api/wallet";
import { INVOICE_STATUS } from "#common/constants";
import { compareAmounts } from "#common/money";
import { Button, Pressable } from "~/components/ui/Button";
import { FormMessage } from "~/components/ui/Field";
import { ArrowLeftIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { CurrencyBadge } from "./CurrencyBadge";
import { type WalletClient, WalletClientContext } from "./client";
import { formatMoney } from "./format";
import { loadCurrencies, useWallet } from "./store";
import { useIntlLocale } from "./ui";
import { MethodList, PaymentForm } from "./WalletModal";

type Accounts = { state: "loading" } | { state: "error" } | { state: "ready"; accounts: WalletAccount[] };

/**
 * The one thing a player on a break or self-excluded may still do (decision 0011): withdraw what is left. It
 * runs on a withdrawal token held here, in memory only (never the cookie or storage); when the token runs out,
 * `renew` asks for another with the credentials still in the sign-in form. The wallet's own method list and
 * payment form do the work, through this view's client.
 */
export function RestrictedWithdrawal({ token, renew }: { token: string; renew: () => Promise<string> }) {
  const { t } = useTranslation("modals");
  const held = useRef(token);
  const [client] = useState<WalletClient>(() =>
    api().as({
      getToken: () => held.current,
      // A 401 is the token running out: one more from the same credentials, and the call is sent again.
      onAuthError: async (status) => {
        if (status !== 401) return false;
        try {
          held.current = await renew();
          return true;
        } catch {
          return false;
        }
      },
    }),
  );
  const [accounts, setAccounts] = useState<Accounts>({ state: "loading" });
  const [currency, setCurrency] = useState<string>();
  const [method, setMethod] = useState<PaymentMethodView>();
  const [done, setDone] = useState<Invoice>();

  const load = useCallback(async () => {
    setAccounts({ state: "loading" });
    try {
      const r = await client.get("/wallet/accounts");
      const withMoney = r.data.filter((a) => compareAmounts(a.balance, "0") > 0);
      setAccounts({ state: "ready", accounts: withMoney });
      // One balance to withdraw: straight to its methods.
      setCurrency(withMoney.length === 1 ? withMoney[0]!.currency : undefined);
    } catch {
      setAccounts({ state: "error" });
    }
  }, [client]);

  useEffect(() => {
    void load();
    // Names and decimal places of the currencies, for the amounts shown; a public call.
    void loadCurrencies().catch(() => undefined);
  }, [load]);

  const account =
    accounts.state === "ready" ? accounts.accounts.find((a) => a.currency === currency) : undefined;

  let body: ReactNode;
  if (done) {
    body = (
      <WithdrawalDone
        invoice={done}
        onAgain={() => {
          setDone(undefined);
          setMethod(undefined);
          void load();
        }}
      />
    );
  } else if (accounts.state === "loading") {
    body = (
      <div className="grid gap-2" aria-busy="true" data-testid="restricted-withdrawal-loading">
        <div className="h-14 animate-pulse rounded-xl bg-surface-2" />
        <div className="h-14 animate-pulse rounded-xl bg-surface-2" />
      </div>
    );
  } else if (accounts.state === "error") {
    body = (
      <div className="flex flex-col gap-3">
        <FormMessage>{t("restricted-withdrawal.error")}</FormMessage>
        <Button variant="secondary" onClick={() => void load()}>
          {t("restricted-withdrawal.retry")}
        </Button>
      </div>
    );
  } else if (accounts.accounts.length === 0) {
    body = (
      <p
        data-testid="restricted-withdrawal-empty"
        className="rounded-xl border border-line bg-surface-2/50 px-4 py-5 text-center text-sm text-muted"
      >
        {t("restricted-withdrawal.empty")}
      </p>
    );
  } else if (!account) {
    body = <AccountChoice accounts={accounts.accounts} onPick={setCurrency} />;
  } else {
    body = (
      <>
        {accounts.accounts.length > 1 && (
          <Pressable
            onClick={() => {
              setMethod(undefined);
              setCurrency(undefined);
            }}
            className="mb-3 inline-flex items-center gap-1.5 text-sm font-semibold text-muted hover:text-fg"
          >
            <ArrowLeftIcon size={16} /> {t("restricted-withdrawal.otherBalance")}
          </Pressable>
        )}
        <AccountLine account={account} />
        {method ? (
          <PaymentForm
            key={method.code}
            direction="withdrawal"
            method={method}
            currency={account.currency}
            balance={account.balance}
            onBack={() => setMethod(undefined)}
            onDone={setDone}
          />
        ) : (
          <MethodList direction="withdrawal" currency={account.currency} onPick={setMethod} />
        )}
      </>
    );
  }

  return (
    <WalletClientContext.Provider value={client}>
      <div data-testid="restricted-withdrawal">{body}</div>
    </WalletClientContext.Provider>
  );
}

function AccountLine({ account }: { account: WalletAccount }) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const currency = useWallet((s) => s.currencies.find((c) => c.code === account.currency));
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line bg-surface-2/50 px-3 py-2.5">
      <CurrencyBadge code={account.currency} symbol={currency?.symbol} size={30} />
      <span className="min-w-0 flex-1">
        <span className="block text-xs text-muted">{t("restricted-withdrawal.available")}</span>
        <span className="block text-sm font-bold tabular-nums" data-testid="restricted-withdrawal-balance">
          {formatMoney(account.balance, account.currency, currency, locale)}
        </span>
      </span>
    </div>
  );
}

function AccountChoice({
  accounts,
  onPick,
}: {
  accounts: WalletAccount[];
  onPick: (currency: string) => void;
}) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const currencies = useWallet((s) => s.currencies);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold">{t("restricted-withdrawal.choose")}</p>
      {accounts.map((a) => {
        const currency = currencies.find((c) => c.code === a.currency);
        return (
          <Pressable
            key={a.id}
            data-testid={`restricted-withdrawal-account-${a.currency}`}
            onClick={() => onPick(a.currency)}
            className="flex items-center gap-3 rounded-xl border border-line bg-surface-2/40 px-3 py-2.5 text-left transition-colors hover:border-accent/50 hover:bg-surface-2"
          >
            <CurrencyBadge code={a.currency} symbol={currency?.symbol} size={30} />
            <span className="flex-1 text-sm font-semibold">{currency?.name ?? a.currency}</span>
            <span className="text-sm font-bold tabular-nums">
              {formatMoney(a.balance, a.currency, currency, locale)}
            </span>
          </Pressable>
        );
      })}
    </div>
  );
}

function WithdrawalDone({ invoice, onAgain }: { invoice: Invoice; onAgain: () => void }) {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const currency = useWallet((s) => s.currencies.find((c) => c.code === invoice.currency));
  const amount = formatMoney(invoice.amount, invoice.currency, currency, locale);
  const failed = invoice.status === INVOICE_STATUS.failure;
  return (
    <div
      className="flex flex-col gap-4"
      data-testid="restricted-withdrawal-done"
      data-status={invoice.status}
    >
      <FormMessage tone={failed ? "error" : "success"}>
        {failed
          ? t("restricted-withdrawal.failed", { amount, reason: invoice.failureReason ?? "" })
          : t("restricted-withdrawal.done", { amount })}
      </FormMessage>
      <Button variant="secondary" onClick={onAgain}>
        {t("restricted-withdrawal.again")}
      </Button>
    </div>
  );
}
