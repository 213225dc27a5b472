import { Link } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { CrownIcon } from "~/components/ui/icons";
import { ErrorState } from "~/features/games/states";
import { useLocalePath } from "~/features/shell/nav";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { LoyaltyProgress, useRewardText } from "../LoyaltyProgress";
import { useLoyaltyAccount, useLoyaltyLevels } from "../queries";

/**
 * `?loyalty-level={order}`: the level reached and what it gave (opened on a level-up away from the game
 * screen, spec point 4); without an order, the player's current level.
 */
export default function LoyaltyLevel({ value, close }: ModalProps) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const levels = useLoyaltyLevels();
  const account = useLoyaltyAccount();
  const reward = useRewardText();
  const currency = useWallet(currentAccount)?.currency;
  const order = /^\d+$/.test(value) ? Number(value) : account.data?.currentLevel?.order;
  const level = levels.data?.find((l) => l.order === order);
  const failed = levels.isError || account.isError;
  return (
    <ModalFrame
      icon={<CrownIcon size={22} />}
      title={level ? t("loyalty.levelUp.title", { level: level.name }) : t("loyalty.title")}
    >
      {failed ? (
        <ErrorState onRetry={() => void Promise.all([levels.refetch(), account.refetch()])} />
      ) : !levels.data || !account.data ? (
        <div className="h-24 animate-pulse rounded-2xl bg-surface-2" aria-busy="true" />
      ) : (
        <div className="flex flex-col gap-4" data-testid="loyalty-level-modal">
          {level ? (
            <p className="rounded-2xl border border-gold/40 bg-gold/10 p-4">
              <span className="block text-xs font-semibold tracking-wide text-gold uppercase">
                {t("loyalty.gives")}
              </span>
              <span className="font-semibold">{reward(level, currency)}</span>
            </p>
          ) : (
            <p className="text-sm text-muted">{t("loyalty.noLevelYet")}</p>
          )}
          <LoyaltyProgress account={account.data} />
          <Link to={href("/loyalty")} onClick={close} className={buttonClass("primary", "md")}>
            {t("loyalty.allLevels")}
          </Link>
        </div>
      )}
    </ModalFrame>
  );
}
