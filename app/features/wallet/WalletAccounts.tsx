import { useState } from "react";
import { addAmounts } from "#common/money";
import { Button, buttonClass, Pressable } from "~/components/ui/Button";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  EyeOffIcon,
  PlusIcon,
  ShieldCheckIcon,
} from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { CurrencyBadge } from "./CurrencyBadge";
import { equivalentOf, formatMoney } from "./format";
import {
  ensureWallet,
  equivalentCurrency,
  hideAccount,
  openAccount,
  switchAccount,
  useWallet,
} from "./store";
import { useIntlLocale } from "./ui";

/** `/wallet`: every account with its balance and equivalent; switch, hide, and add a currency. */
export function WalletAccounts() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const profile = useProfile();
  const accounts = useWallet((s) => s.accounts);
  const currencies = useWallet((s) => s.currencies);
  const status = useWallet((s) => s.status);
  const eq = useWallet(equivalentCurrency);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string>();

  const cur = (code: string) => currencies.find((c) => c.code === code);
  const visible = accounts.filter((a) => !a.isHidden);
  const total = eq
    ? addAmounts(...visible.map((a) => equivalentOf(a.balance, cur(a.currency), eq) ?? "0"))
    : "0";
  const addable = currencies.filter((c) => c.isEnabled && !visible.some((a) => a.currency === c.code));
  const act = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    await work().catch(() => undefined);
    setBusy(undefined);
  };

  if (status === "error")
    return (
      <div className="rounded-2xl border border-danger/40 bg-danger/10 p-6 text-center">
        <p className="font-semibold">{t("wallet.loadError")}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => ensureWallet(profile)}>
          {t("wallet.retry")}
        </Button>
      </div>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0">
        <section className="relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-surface-2 via-surface to-surface p-5 sm:p-7">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-16 size-72 rounded-full bg-accent/15 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-28 left-10 size-64 rounded-full bg-accent-2/15 blur-3xl"
          />
          <div className="relative flex flex-wrap items-end justify-between gap-5">
            <div>
              <p className="text-sm text-muted">{t("wallet.total")}</p>
              <p
                className="mt-1 text-4xl font-extrabold tracking-tight tabular-nums"
                data-testid="wallet-total"
              >
                {status === "ready" && eq ? (
                  formatMoney(total, eq.code, eq, locale, { places: 2 })
                ) : (
                  // Top-aligned, it stays inside the amount's line (on the baseline it made the line 3px taller).
                  <span className="inline-block h-9 w-44 animate-pulse rounded-lg bg-surface-3 align-top" />
                )}
              </p>
              <p className="mt-1.5 text-xs text-muted">
                {t("wallet.totalHint", { code: eq?.code ?? "" })}{" "}
                <ModalLink modal="fiat" className="font-semibold text-accent hover:underline">
                  {t("wallet.changeEquivalent")}
                </ModalLink>
              </p>
            </div>
            <div className="flex gap-2">
              <CashierLink
                action="deposit"
                className="inline-flex h-11 items-center gap-2 rounded-xl bg-accent px-5 text-sm font-bold text-accent-fg shadow-[0_8px_24px_-10px_var(--c-accent)] hover:brightness-110"
              />
              <CashierLink
                action="withdraw"
                testId="wallet-page-withdraw"
                className={buttonClass("secondary", "md", "bg-surface/60")}
              />
            </div>
          </div>
        </section>

        <div className="mt-6 mb-3 flex items-center justify-between">
          <h2 className="text-lg font-bold">{t("wallet.accounts")}</h2>
          <Pressable
            onClick={() => setAdding((a) => !a)}
            aria-expanded={adding}
            data-testid="wallet-add-currency"
            className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-semibold hover:bg-surface-2"
          >
            <PlusIcon size={16} /> {t("wallet.addCurrency")}
          </Pressable>
        </div>
        {adding && (
          <div className="mb-4 flex flex-wrap gap-2 rounded-2xl border border-line bg-surface-2/40 p-3">
            {addable.map((c) => (
              <Pressable
                key={c.code}
                disabled={busy !== undefined}
                data-testid={`wallet-add-${c.code}`}
                onClick={() => act(`add-${c.code}`, () => openAccount(c.code))}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm font-semibold hover:border-accent/60 disabled:opacity-60"
              >
                <CurrencyBadge code={c.code} symbol={c.symbol} size={20} />
                {c.code}
              </Pressable>
            ))}
          </div>
        )}

        {status !== "ready" && visible.length === 0 ? (
          // The server never knows the accounts: the usual player has one, so one card's place on a phone and
          // a row of two from sm, and the cards take it without moving what follows.
          <ul className="grid gap-3 sm:grid-cols-2" aria-busy="true">
            <AccountPlaceholder />
            <AccountPlaceholder className="max-sm:hidden" />
          </ul>
        ) : visible.length === 0 ? (
          <p className="rounded-2xl border border-line p-6 text-center text-muted">
            {t("wallet.noAccounts")}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="wallet-accounts">
            {visible.map((a) => {
              const c = cur(a.currency);
              const equiv = eq && eq.code !== a.currency ? equivalentOf(a.balance, c, eq) : undefined;
              return (
                <li
                  key={a.id}
                  data-testid={`wallet-account-${a.currency}`}
                  className={`flex flex-col rounded-2xl border bg-surface p-4 transition-colors ${
                    a.isCurrent ? "border-accent/60 shadow-[0_0_0_1px_var(--c-accent)_inset]" : "border-line"
                  }`}
                >
                  <div className="flex items-center gap-3">
                    <CurrencyBadge code={a.currency} symbol={c?.symbol} size={36} />
                    <div className="min-w-0 flex-1">
                      <p className="font-bold">{a.currency}</p>
                      <p className="truncate text-xs text-muted">{c?.name}</p>
                    </div>
                    {a.isCurrent && (
                      <span className="rounded-md bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent">
                        {t("wallet.current")}
                      </span>
                    )}
                  </div>
                  <p className="mt-4 text-2xl font-bold tabular-nums">
                    {formatMoney(a.balance, a.currency, c, locale)}
                  </p>
                  <p className="h-5 text-sm text-muted tabular-nums">
                    {equiv && eq ? `≈ ${formatMoney(equiv, eq.code, eq, locale, { places: 2 })}` : ""}
                  </p>
                  <div className="mt-3 flex gap-2">
                    {a.isCurrent && (
                      <CashierLink
                        action="deposit"
                        small
                        className="inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg bg-accent/15 px-3 text-sm font-semibold text-accent hover:bg-accent/25"
                      />
                    )}
                    {!a.isCurrent && (
                      <Pressable
                        disabled={busy !== undefined}
                        data-testid={`wallet-switch-${a.currency}`}
                        onClick={() => act(`switch-${a.id}`, () => switchAccount(a.id))}
                        className="inline-flex h-9 flex-1 items-center justify-center rounded-lg bg-surface-2 px-3 text-sm font-semibold hover:bg-surface-3 disabled:opacity-60"
                      >
                        {t("wallet.makeCurrent")}
                      </Pressable>
                    )}
                    {!a.isCurrent && (
                      <Pressable
                        disabled={busy !== undefined}
                        title={t("wallet.hide")}
                        data-testid={`wallet-hide-${a.currency}`}
                        onClick={() => act(`hide-${a.id}`, () => hideAccount(a.id))}
                        className="inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-line px-3 text-sm font-semibold text-muted hover:text-fg disabled:opacity-60"
                      >
                        <EyeOffIcon size={16} /> {t("wallet.hide")}
                      </Pressable>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <aside className="self-start rounded-2xl border border-line bg-surface-2/50 p-5">
        <ShieldCheckIcon size={28} className="text-accent" />
        <p className="mt-3 text-sm leading-relaxed text-muted">{t("wallet.secure")}</p>
        <div className="mt-4 flex flex-wrap gap-2 opacity-90">
          {["visa", "mastercard", "pix", "bitcoin", "ethereum", "tether"].map((n) => (
            <span
              key={n}
              className="grid h-8 w-12 place-items-center rounded-md bg-white ring-1 ring-black/10"
            >
              <img src={`/icons/payments/${n}.svg`} alt="" width={40} height={22} loading="lazy" />
            </span>
          ))}
        </div>
      </aside>
    </div>
  );
}

/**
 * An account card's place while the accounts load: the card's frame (border, padding) and its rows' heights
 * (badge and name 40, balance 32 after 16, equivalent 20, actions 36 after 12), so a card fills it exactly.
 */
/** A way into the cashier's deposit or withdrawal, with its arrow (in: down, out: up). */
function CashierLink({
  action,
  small,
  className,
  testId,
}: {
  action: "deposit" | "withdraw";
  small?: boolean;
  className: string;
  testId?: string;
}) {
  const { t } = useTranslation("layout");
  const Arrow = action === "deposit" ? ArrowDownIcon : ArrowUpIcon;
  return (
    <ModalLink modal="wallet" value={action} data-testid={testId} className={className}>
      <Arrow size={small ? 16 : 18} /> {t(`wallet.${action}`)}
    </ModalLink>
  );
}

function AccountPlaceholder({ className = "" }: { className?: string }) {
  return (
    <li className={`flex flex-col rounded-2xl border border-line bg-surface p-4 ${className}`}>
      <div className="flex h-10 items-center gap-3">
        <span className="size-9 animate-pulse rounded-full bg-surface-2" />
        <span className="h-4 w-20 animate-pulse rounded bg-surface-2" />
      </div>
      <span className="mt-4 h-8 w-36 animate-pulse rounded-lg bg-surface-2" />
      <span className="h-5" />
      <span className="mt-3 h-9 animate-pulse rounded-lg bg-surface-2" />
    </li>
  );
}
