import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { PlayerFreespin } from "#common/api/bonus";
import { BONUS_EVENTS, PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "#common/constants";
import { Button } from "~/components/ui/Button";
import { PlayIcon } from "~/components/ui/icons";
import { gameScreenPath } from "~/features/games/links";
import { useMoney } from "~/features/games/money";
import { useLocalePath } from "~/features/shell/nav";
import { alert } from "~/lib/alerts";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { realtimeBus } from "~/lib/realtime/bus";
import { ModalLink } from "~/modals/ModalLink";
import { bonusApi } from "./api";
import { usePlayerFreespins, useReloadBonuses } from "./queries";

/**
 * On a game's page: the player's free spins on this game — "N free spins at X" (active: played in the game's
 * real mode; issued: activated here first), and once the last one is played, what became of them (a bonus
 * from the winnings, or nothing). `onActivated` relaunches the game so it sees the spins.
 */
export function FreespinsBar({
  gameId,
  gameSlug,
  real,
  onActivated,
}: {
  gameId: string;
  gameSlug: string;
  real: boolean;
  onActivated: () => void;
}) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const href = useLocalePath();
  const reload = useReloadBonuses();
  const spins = usePlayerFreespins();
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState<PlayerFreespin | null>(null);
  const onActivatedRef = useRef(onActivated);
  onActivatedRef.current = onActivated;

  // The package of this game finishing while the player is here: say what it came to.
  useEffect(
    () =>
      realtimeBus.on("freespins", (e) => {
        if (e.event !== BONUS_EVENTS.playerFreespinUpdated) return;
        const s = e.data as PlayerFreespin;
        if (s.gameId === gameId && s.status === PLAYER_FREESPIN_STATUS.finished) setEnded(s);
      }),
    [gameId],
  );

  const mine = (spins.data ?? []).filter(
    (s) =>
      s.gameId === gameId &&
      (s.status === PLAYER_FREESPIN_STATUS.active || s.status === PLAYER_FREESPIN_STATUS.issued) &&
      s.played < s.count,
  );
  const active = mine.find((s) => s.status === PLAYER_FREESPIN_STATUS.active);
  const issued = mine.find((s) => s.status === PLAYER_FREESPIN_STATUS.issued);

  const activate = async (id: string) => {
    setBusy(true);
    try {
      await bonusApi.activateFreespin(id);
      alert.success(t("bonuses.freespins.activated"));
      await reload();
      onActivatedRef.current();
    } catch (err) {
      alert.error(
        err instanceof ApiRequestError && err.body.message ? err.body.message : t("bonuses.failed"),
      );
    } finally {
      setBusy(false);
    }
  };

  const bar = "flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1.5 border-b px-3 py-2 text-sm";
  if (active) {
    const left = active.count - active.played;
    return (
      <div
        data-testid="game-freespins"
        data-left={left}
        className={`${bar} border-gold/30 bg-gold/10 text-gold`}
      >
        <PlayIcon size={16} />
        <span className="min-w-0 flex-1 font-semibold">
          {t("bonuses.freespins.here", { count: left, bet: money(active.amount, active.currency) })}
        </span>
        {!real && (
          <Link
            to={href(gameScreenPath(gameSlug, true))}
            replace
            className="font-bold underline"
            data-testid="game-freespins-real"
          >
            {t("bonuses.freespins.playReal")}
          </Link>
        )}
        <ModalLink modal="freespin-details" value={active.id} className="text-xs font-semibold underline">
          {t("bonuses.details")}
        </ModalLink>
      </div>
    );
  }
  if (issued)
    return (
      <div
        data-testid="game-freespins"
        data-left={issued.count}
        className={`${bar} border-line bg-surface-2`}
      >
        <PlayIcon size={16} />
        <span className="min-w-0 flex-1">
          {t("bonuses.freespins.waiting", { count: issued.count })} · {money(issued.amount, issued.currency)}
        </span>
        <Button
          size="xs"
          busy={busy}
          onClick={() => void activate(issued.id)}
          data-testid="game-freespins-activate"
        >
          {t("bonuses.activate")}
        </Button>
      </div>
    );
  if (
    ended &&
    (ended.result === PLAYER_FREESPIN_RESULT.played || ended.result === PLAYER_FREESPIN_RESULT.lost)
  )
    return (
      <div
        data-testid="game-freespins-ended"
        data-result={ended.result}
        role="status"
        className={`${bar} border-line bg-surface-2`}
      >
        <span className="min-w-0 flex-1">
          {ended.result === PLAYER_FREESPIN_RESULT.played
            ? t("bonuses.freespins.becameBonus", {
                amount: money(ended.winnings, ended.currency),
                times: ended.wageringMultiplier,
              })
            : t("bonuses.freespins.lost")}
        </span>
        <ModalLink modal="freespin-details" value={ended.id} className="text-xs font-semibold underline">
          {t("bonuses.details")}
        </ModalLink>
      </div>
    );
  return null;
}
