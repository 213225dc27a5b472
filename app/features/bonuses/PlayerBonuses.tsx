import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { GiftIcon } from "~/components/ui/icons";
import { EmptyState, ErrorState } from "~/features/games/states";
import { useLocalePath } from "~/features/shell/nav";
import { alert } from "~/lib/alerts";
import { bonusApi } from "./api";
import { FreespinCard, PlayerBonusCard } from "./PlayerBonusCard";
import { usePlayerBonuses, usePlayerFreespins, useReloadBonuses } from "./queries";

/**
 * The player's issued and active bonuses and free spins (statuses 1 and 2 only, spec point 4), live on the
 * bonus channels. Shown on /bonuses and in the profile.
 */
export function PlayerBonuses({ emptyAction = true }: { emptyAction?: boolean }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const bonuses = usePlayerBonuses();
  const spins = usePlayerFreespins();
  const reload = useReloadBonuses();
  const [busy, setBusy] = useState<string>();

  const activateSpins = async (id: string) => {
    setBusy(id);
    try {
      await bonusApi.activateFreespin(id);
      alert.success(t("bonuses.freespins.activated"));
      await reload();
    } catch {
      alert.error("something-wrong");
    } finally {
      setBusy(undefined);
    }
  };

  if ((bonuses.isError && !bonuses.data) || (spins.isError && !spins.data))
    return (
      <ErrorState
        text={t("bonuses.listFailed")}
        onRetry={() => {
          void bonuses.refetch();
          void spins.refetch();
        }}
      />
    );
  if (!bonuses.data || !spins.data)
    return (
      <div
        className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
        aria-busy="true"
        data-testid="player-bonuses-loading"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-48 animate-pulse rounded-2xl bg-surface-2" />
        ))}
      </div>
    );
  if (bonuses.data.length === 0 && spins.data.length === 0)
    return (
      <EmptyState
        testId="player-bonuses-empty"
        icon={<GiftIcon />}
        title={t("bonuses.mine.empty")}
        text={t("bonuses.mine.emptyText")}
        action={
          emptyAction ? (
            <Link to={href("/bonuses")} className={buttonClass("secondary", "md")}>
              {t("bonuses.mine.browse")}
            </Link>
          ) : undefined
        }
      />
    );
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="player-bonuses">
      {bonuses.data.map((b) => (
        <PlayerBonusCard key={`b${b.id}`} bonus={b} />
      ))}
      {spins.data.map((s) => (
        <FreespinCard key={`s${s.id}`} spins={s} onActivate={activateSpins} busy={busy === s.id} />
      ))}
    </div>
  );
}
