import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ShieldIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { btnPrimary, btnSecondary } from "~/features/wallet/ui";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";

/**
 * `?game-limit-reached={restricted|max|true}`: a bet or a launch was refused by a limit — one the player set
 * (responsible gambling) or a bonus's maximum bet. The game itself only says "refused"; this says why.
 */
export default function GameLimitReached({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const kind = value === "max" ? "max" : value === "restricted" ? "restricted" : "any";
  return (
    <ModalFrame
      icon={<ShieldIcon size={22} />}
      title={t("game-limit-reached.title")}
      description={t(`game-limit-reached.${kind}`)}
    >
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <button type="button" onClick={close} className={`${btnPrimary} sm:flex-1`}>
          {t("game-limit-reached.ok")}
        </button>
        <Link to={href("/static/responsible-gaming")} className={`${btnSecondary} sm:flex-1`}>
          {t("game-limit-reached.learn")}
        </Link>
      </div>
    </ModalFrame>
  );
}
