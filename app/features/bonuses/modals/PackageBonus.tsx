import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { GiftIcon } from "~/components/ui/icons";
import { InlineError } from "~/features/games/states";
import { useLocalePath } from "~/features/shell/nav";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { catalogueQuery, packageSteps, useBonusStatuses } from "../catalogue";
import { WelcomeSteps } from "../WelcomeSteps";

/**
 * `?package-bonus={packageId}` (any other value: the welcome package): a bonus package's steps, deposit by
 * deposit, with the ones the player has done.
 */
export default function PackageBonus({ value }: ModalProps) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const currency = useWallet(currentAccount)?.currency;
  const q = useQuery(catalogueQuery());
  const all = q.data ? packageSteps(q.data) : undefined;
  const steps = all?.some((s) => s.package?.id === value) ? all.filter((s) => s.package?.id === value) : all;
  const statuses = useBonusStatuses(loggedIn && steps ? steps.map((s) => s.id) : []);
  return (
    <ModalFrame
      icon={<GiftIcon size={22} />}
      title={steps?.[0]?.package?.name ?? t("bonuses.package.title")}
      description={t("bonuses.package.intro")}
    >
      {steps ? (
        steps.length ? (
          <div className="flex flex-col gap-4" data-testid="package-bonus">
            <WelcomeSteps steps={steps} statuses={statuses} currency={currency} compact />
            <Link to={href("/welcome-package")} className={buttonClass("primary", "lg")}>
              {t("bonuses.offer.more")}
            </Link>
          </div>
        ) : (
          <p className="py-4 text-center text-sm text-muted">{t("bonuses.package.empty")}</p>
        )
      ) : q.isError ? (
        <InlineError text={t("bonuses.offersFailed")} onRetry={() => void q.refetch()} />
      ) : (
        <div className="h-40 animate-pulse rounded-xl bg-surface-2" aria-busy="true" />
      )}
    </ModalFrame>
  );
}
