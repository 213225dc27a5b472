import { Button } from "~/components/ui/Button";
import { InfoIcon } from "~/components/ui/icons";
import { useMoney } from "~/features/games/money";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useSwapModals } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { bonusBalanceOf } from "../balance";
import { activeBonusOf, usePlayerBonuses } from "../queries";
import { WageringBar } from "../WageringBar";
import { Figure } from "./shared";

/**
 * `?wallet-bonus-info`: the wallet's two balances explained: real money (withdrawable) and bonus money (played
 * after the real money, turned real once wagered), with the bonus being wagered now.
 */
export default function WalletBonusInfo(_: ModalProps) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const swap = useSwapModals();
  const account = useWallet(currentAccount);
  const bonuses = usePlayerBonuses();
  const active = activeBonusOf(bonuses.data, account?.currency);
  return (
    <ModalFrame
      icon={<InfoIcon size={22} />}
      title={t("bonuses.walletInfo.title")}
      description={t("bonuses.walletInfo.description")}
    >
      {!account ? (
        <div className="h-16 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />
      ) : (
        <div className="flex flex-col gap-4" data-testid="wallet-bonus-info">
          <div className="grid grid-cols-2 gap-2">
            <Figure label={t("bonuses.walletInfo.real")} value={money(account.balance, account.currency)} />
            <Figure
              label={t("bonuses.walletInfo.bonus")}
              value={money(bonusBalanceOf(account), account.currency)}
              testId="wallet-info-bonus"
            />
          </div>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm leading-relaxed text-muted">
            <li>{t("bonuses.walletInfo.rule1")}</li>
            <li>{t("bonuses.walletInfo.rule2")}</li>
            <li>{t("bonuses.walletInfo.rule3")}</li>
            <li>{t("bonuses.walletInfo.rule4")}</li>
          </ul>
          {bonuses.isPending ? (
            <div className="h-14 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />
          ) : active ? (
            <div className="rounded-xl border border-line p-3">
              <p className="mb-2 text-sm font-semibold">{active.name}</p>
              <WageringBar bonus={active} />
              <Button
                variant="secondary"
                size="lg"
                className="mt-3 w-full"
                onClick={() => swap({ "wallet-bonus-info": null, "bonus-details": active.id })}
              >
                {t("bonuses.details")}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted">{t("bonuses.walletInfo.noActive")}</p>
          )}
        </div>
      )}
    </ModalFrame>
  );
}
