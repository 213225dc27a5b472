import type { WalletAccount } from "#common/api/wallet";
import { GiftIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { hasBonusMoney } from "./balance";
import { wageringPercent } from "./format";
import { activeBonusOf, usePlayerBonuses } from "./queries";
import { WageringBar } from "./WageringBar";

/** The header balance's thin wagering line: how far the bonus being wagered in this account has come. */
export function HeaderWagering({ account }: { account: WalletAccount }) {
  if (!hasBonusMoney(account)) return null;
  return <ActiveWagering currency={account.currency} />;
}

function ActiveWagering({ currency }: { currency: string }) {
  const active = activeBonusOf(usePlayerBonuses().data, currency);
  if (!active) return null;
  const percent = wageringPercent(active.wagered, active.wageringRequired);
  return (
    <span
      data-testid="header-wagering"
      data-wagered={active.wagered}
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-2 bottom-1 h-0.5 overflow-hidden rounded-full bg-surface-3"
    >
      <span
        className="block h-full rounded-full bg-gold transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </span>
  );
}

/** The balance menu's bonus part: the bonus money of the account and the wagering that turns it real. */
export function HeaderBonusPanel({ account }: { account: WalletAccount }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const bonuses = usePlayerBonuses();
  const active = activeBonusOf(bonuses.data, account.currency);
  if (!hasBonusMoney(account) && !active) return null;
  return (
    <div className="mt-2 rounded-xl border border-gold/30 bg-gold/5 p-2.5" data-testid="header-bonus">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-1.5 font-semibold text-gold">
          <GiftIcon size={16} /> {t("bonuses.walletInfo.bonus")}
        </span>
        <span
          className="font-bold tabular-nums"
          data-testid="header-bonus-balance"
          data-bonus-balance={account.bonusBalance}
        >
          {money(account.bonusBalance, account.currency)}
        </span>
      </div>
      {active && (
        <div className="mt-2">
          <WageringBar bonus={active} />
        </div>
      )}
      <ModalLink
        modal="wallet-bonus-info"
        className="mt-1 block text-center text-xs font-semibold text-muted hover:text-fg"
      >
        {t("bonuses.walletInfo.title")}
      </ModalLink>
    </div>
  );
}
