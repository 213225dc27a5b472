import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/Button";
import { ShieldIcon } from "~/components/ui/icons";
import { useLimitFormat } from "~/features/limits/format";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

import { useOpenModal } from "~/modals/context";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";

/**
 * A bet or a launch refused by a limit the player set (responsible gambling). The game itself only says
 * "refused"; this says why and leads to /profile/limits.
 * - `?restricted-bets=true`: a bet the limits do not allow at all (a limit is used up).
 * - `?max-bets={maxBet}~{currency}`: a bet above what the limits still allow; the maximum is shown.
 * - `?game-limit-reached={restricted|max|true}`: the same from the game screen's launch.
 */
export default function GameLimitReached({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const f = useLimitFormat();
  const id = useOpenModal()?.id;
  const [maxBet = "", currency = ""] = value.split("~");
  const max =
    id === "max-bets" && /^\d+(\.\d+)?$/.test(maxBet) && currency ? f.money(maxBet, currency) : undefined;
  const kind =
    id === "max-bets" || value === "max"
      ? "max"
      : id === "restricted-bets" || value === "restricted"
        ? "restricted"
        : "any";
  return (
    <ModalFrame
      icon={<ShieldIcon size={22} />}
      title={t("game-limit-reached.title")}
      description={t(`game-limit-reached.${kind}`)}
    >
      {max && (
        <p
          data-testid="max-bet"
          className="mb-4 flex items-baseline justify-between gap-3 rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm"
        >
          {t("game-limit-reached.maxBet")}
          <strong className="text-lg tabular-nums">{max}</strong>
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button variant="primary" size="lg" className="sm:flex-1" onClick={close}>
          {t("game-limit-reached.ok")}
        </Button>
        <Link
          to={href("/profile/limits")}
          className={buttonClass("secondary", "lg", "sm:flex-1")}
          data-testid="limits-link"
        >
          {t("game-limit-reached.limits")}
        </Link>
      </div>
      <Link
        to={href("/static/responsible-gaming")}
        className="mt-3 block text-center text-sm font-semibold text-muted hover:text-fg"
      >
        {t("game-limit-reached.learn")}
      </Link>
    </ModalFrame>
  );
}
