import type { LoyaltyPlayKind } from "#common/api/loyalty";
import { LOYALTY_POINTS_PER_UNIT } from "#common/constants";
import { SparkIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { usePoints } from "../LoyaltyProgress";

const KINDS = Object.keys(LOYALTY_POINTS_PER_UNIT) as LoyaltyPlayKind[];

/** `?loyalty-earn`: how points are earned — per unit of real money staked, by kind of play (decision 0014). */
export default function LoyaltyEarn(_: ModalProps) {
  const { t } = useTranslation("layout");
  const points = usePoints();
  return (
    <ModalFrame
      icon={<SparkIcon size={22} />}
      title={t("loyalty.earn.title")}
      description={t("loyalty.earn.description")}
    >
      <ul
        className="flex flex-col divide-y divide-line rounded-2xl border border-line"
        data-testid="loyalty-rates"
      >
        {KINDS.map((kind) => (
          <li key={kind} className="flex items-center justify-between gap-3 px-4 py-3">
            <span className="font-semibold">{t(`loyalty.kinds.${kind}`)}</span>
            <span className="text-sm text-muted">
              {t("loyalty.earn.rate", { points: points(LOYALTY_POINTS_PER_UNIT[kind]) })}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm leading-relaxed text-muted">{t("loyalty.earn.rules")}</p>
    </ModalFrame>
  );
}
