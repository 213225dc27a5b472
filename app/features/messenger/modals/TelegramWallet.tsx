import { useEffect } from "react";
import { WalletIcon } from "~/components/ui/icons";
import { CurrencyBadge } from "~/features/wallet/CurrencyBadge";
import { formatMoney } from "~/features/wallet/format";
import { currentAccount, ensureWallet, useWallet } from "~/features/wallet/store";
import { useIntlLocale } from "~/features/wallet/ui";
import { WalletBody, walletTitle } from "~/features/wallet/WalletModal";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";

/**
 * `?tg-wallet=deposit|withdraw` (spec point 2: the wallet-telegram-app variant the messenger shows instead of
 * the wallet). The same wallet inside a full-height sheet that sits below the messenger's own controls, with
 * the balance as a card on top: in a mini-app the wallet is a screen of its own, not a dialog over the page.
 */
export default function TelegramWallet({ value, level, close }: ModalProps) {
  const { t } = useTranslation("modals");
  return (
    <ModalFrame
      level={level}
      onClose={close}
      fullHeight
      testId="modal-tg-wallet"
      icon={<WalletIcon size={22} />}
      title={walletTitle(t, value, t("tg-wallet.title"))}
      description={t("tg-wallet.description")}
    >
      <BalanceCard />
      <WalletBody value={value} param="tg-wallet" showBalance={false} />
    </ModalFrame>
  );
}

function BalanceCard() {
  const { t } = useTranslation("modals");
  const locale = useIntlLocale();
  const profile = useProfile();
  const account = useWallet(currentAccount);
  const currency = useWallet((s) => s.currencies.find((c) => c.code === account?.currency));
  const status = useWallet((s) => s.status);
  useEffect(() => ensureWallet(profile), [profile]);

  if (!account)
    return status === "ready" ? null : (
      <div className="mb-4 h-[5.5rem] animate-pulse rounded-2xl bg-surface-2" aria-busy="true" />
    );
  return (
    <section
      aria-label={t("tg-wallet.balance")}
      className="relative mb-4 overflow-hidden rounded-2xl border border-accent/25 bg-gradient-to-br from-accent/20 via-surface-2 to-surface-2 px-4 py-3.5"
    >
      <div className="flex items-center gap-3">
        <CurrencyBadge code={account.currency} symbol={currency?.symbol} size={40} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t("tg-wallet.balance")}</p>
          <p
            className="truncate text-2xl font-extrabold tabular-nums"
            data-testid="tg-wallet-balance"
            data-balance={account.balance}
          >
            {formatMoney(account.balance, account.currency, currency, locale)}
          </p>
        </div>
      </div>
    </section>
  );
}
