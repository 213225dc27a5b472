import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { addAmounts } from "#common/money";
import { GiftIcon, WalletIcon } from "~/components/ui/icons";
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuTrigger,
  menuItemClass,
} from "~/components/ui/Menu";
import { ChevronDownIcon, PlusIcon } from "~/components/ui/page-icons";
import { bonusBalanceOf, hasBonusMoney } from "~/features/bonuses/balance";
import { HeaderBonusPanel, HeaderWagering } from "~/features/bonuses/HeaderBonus";
import { useLocalePath } from "~/features/shell/nav";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { CurrencyBadge } from "./CurrencyBadge";
import { equivalentOf, formatMoney } from "./format";
import { currentAccount, ensureWallet, equivalentCurrency, switchAccount, useWallet } from "./store";

/**
 * The logged-in header's money corner (spec point 3): the current account's balance and its equivalent, a
 * switch between the player's accounts, and the Deposit button that opens `?wallet=deposit`.
 * One figure everywhere (issue 36): what the player can play with, real and bonus money together (what a game
 * shows), with the split beneath it while there is bonus money.
 */
export function HeaderBalance() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const profile = useProfile();
  const href = useLocalePath();
  const account = useWallet(currentAccount);
  const accounts = useWallet((s) => s.accounts);
  const currencies = useWallet((s) => s.currencies);
  const status = useWallet((s) => s.status);
  const eq = useWallet(equivalentCurrency);
  const [open, setOpen] = useState(false);
  const footerLink =
    "flex h-9 items-center justify-center rounded-lg text-xs font-semibold text-muted outline-none hover:bg-surface-2 hover:text-fg data-[highlighted]:bg-surface-2";

  useEffect(() => ensureWallet(profile), [profile]);

  const cur = currencies.find((c) => c.code === account?.currency);
  const money = (amount: string, code: string) =>
    formatMoney(
      amount,
      code,
      currencies.find((c) => c.code === code),
      locale,
    );
  const equivalent = (amount: string, code: string) => {
    const from = currencies.find((c) => c.code === code);
    if (!eq || !from || eq.code === code) return undefined;
    const value = equivalentOf(amount, from, eq);
    return value === undefined ? undefined : formatMoney(value, eq.code, eq, locale, { places: 2 });
  };
  const visible = accounts.filter((a) => !a.isHidden);
  const total = (a: { balance: string; bonusBalance?: string }) =>
    addAmounts(a.balance, a.bonusBalance ?? "0");
  const split = account && hasBonusMoney(account);

  return (
    <div className="flex items-center gap-1.5 sm:gap-2">
      <Menu open={open} onOpenChange={setOpen}>
        <MenuTrigger
          data-testid="header-balance"
          aria-label={t("wallet.balanceLabel")}
          className="relative flex h-11 items-center gap-2 rounded-xl border border-line bg-surface py-1 pr-2 pl-2 transition-colors hover:border-muted hover:bg-surface-2 sm:pr-2.5"
        >
          {account ? (
            <CurrencyBadge code={account.currency} symbol={cur?.symbol} size={22} />
          ) : (
            <WalletIcon size={20} className="text-muted" />
          )}
          <span className="flex min-w-0 flex-col items-start leading-tight">
            <span
              className="max-w-[7.5rem] truncate text-sm font-bold tabular-nums sm:max-w-40"
              data-testid="header-balance-amount"
              data-balance={account?.balance}
              data-bonus-balance={account ? bonusBalanceOf(account) : undefined}
              data-total={account ? total(account) : undefined}
              data-currency={account?.currency}
            >
              {account ? (
                money(total(account), account.currency)
              ) : status === "loading" || status === "idle" ? (
                <span className="inline-block h-3.5 w-16 animate-pulse rounded bg-surface-3" />
              ) : (
                "—"
              )}
            </span>
            {split ? (
              <span
                className="flex max-w-[7.5rem] items-center gap-1 truncate text-[0.7rem] text-muted tabular-nums sm:max-w-40"
                data-testid="header-balance-split"
              >
                {/* A phone's header has room for the bonus part only; the total above includes it. */}
                <span className="hidden sm:inline">{money(account.balance, account.currency)}</span>
                <span aria-hidden="true" className="hidden sm:inline">
                  +
                </span>
                <GiftIcon size={11} className="shrink-0 text-gold" />
                <span className="sr-only">{t("bonuses.walletInfo.bonus")}</span>
                <span className="text-gold">{money(bonusBalanceOf(account), account.currency)}</span>
              </span>
            ) : (
              account &&
              equivalent(account.balance, account.currency) && (
                <span className="hidden text-[0.7rem] text-muted tabular-nums sm:block">
                  ≈ {equivalent(account.balance, account.currency)}
                </span>
              )
            )}
          </span>
          {account && <HeaderWagering account={account} />}
          <ChevronDownIcon
            size={14}
            className={`text-muted transition-transform ${open ? "rotate-180" : ""}`}
          />
        </MenuTrigger>
        <MenuContent className="w-[min(20rem,calc(100vw-1.5rem))]">
          <p className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">
            {t("wallet.accounts")}
          </p>
          <MenuRadioGroup
            value={account?.id}
            onValueChange={(id) => void switchAccount(id).catch(() => undefined)}
            className="flex max-h-72 flex-col gap-0.5 overflow-y-auto"
          >
            {visible.map((a) => {
              const c = currencies.find((x) => x.code === a.currency);
              return (
                <MenuRadioItem
                  key={a.id}
                  value={a.id}
                  data-testid={`header-account-${a.currency}`}
                  className={clsx(
                    menuItemClass,
                    "gap-3 rounded-xl px-2.5 py-2 text-left",
                    a.isCurrent && "bg-surface-2",
                  )}
                >
                  <CurrencyBadge code={a.currency} symbol={c?.symbol} size={28} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold tabular-nums">
                      {money(total(a), a.currency)}
                    </span>
                    <span className="block truncate text-xs text-muted">
                      {c?.name ?? a.currency}
                      {equivalent(total(a), a.currency) && ` · ≈ ${equivalent(total(a), a.currency)}`}
                    </span>
                  </span>
                  {a.isCurrent && <span className="size-2 rounded-full bg-accent" aria-hidden="true" />}
                </MenuRadioItem>
              );
            })}
          </MenuRadioGroup>
          {account && <HeaderBonusPanel account={account} />}
          <div className="mt-2 grid grid-cols-2 gap-1.5 border-t border-line pt-2">
            <MenuItem asChild>
              <ModalLink modal="fiat" className={footerLink}>
                {t("wallet.equivalentIn", { code: eq?.code ?? "—" })}
              </ModalLink>
            </MenuItem>
            <MenuItem asChild>
              <Link to={href("/wallet")} className={footerLink}>
                {t("wallet.manage")}
              </Link>
            </MenuItem>
          </div>
        </MenuContent>
      </Menu>
      <ModalLink
        modal="wallet"
        value="deposit"
        data-testid="header-deposit"
        aria-label={t("wallet.deposit")}
        className="inline-flex h-11 items-center gap-1.5 rounded-xl bg-accent px-3 text-sm font-bold text-accent-fg shadow-[0_6px_20px_-6px_var(--c-accent)] transition hover:brightness-110 sm:px-4"
      >
        <PlusIcon size={18} className="sm:hidden" />
        <span className="hidden sm:inline">{t("wallet.deposit")}</span>
      </ModalLink>
    </div>
  );
}
