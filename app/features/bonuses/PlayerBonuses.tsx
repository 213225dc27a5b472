import { useState } from "react";
import { GiftIcon } from "~/components/ui/icons";
import { EmptyState, ErrorState, InlineError } from "~/features/games/states";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { bonusApi } from "./api";
import { FreespinCard, PlayerBonusCard } from "./PlayerBonusCard";
import { usePlayerBonuses, usePlayerFreespins, useReloadBonuses } from "./queries";

/**
 * The player's issued and active bonuses and free spins (statuses 1 and 2 only, spec point 4), live on the
 * bonus channels. Shown on /bonuses and in the profile.
 */
export function PlayerBonuses({ emptyAction = true }: { emptyAction?: boolean }) {
  const { t } = useTranslation("layout");
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

  // Either list failing leaves the other shown, with a retry for the one that failed.
  const bonusesFailed = bonuses.isError && !bonuses.data;
  const spinsFailed = spins.isError && !spins.data;
  const spinsLoading = !spins.data && !spinsFailed;
  if (bonusesFailed && spinsFailed)
    return (
      <ErrorState
        text={t("bonuses.listFailed")}
        onRetry={() => {
          void bonuses.refetch();
          void spins.refetch();
        }}
      />
    );
  const failed = (retry: () => void) => <InlineError text={t("bonuses.listFailed")} onRetry={retry} />;
  if ((!bonuses.data && !bonusesFailed) || spinsLoading)
    return (
      <div
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
        aria-busy="true"
        data-testid="player-bonuses-loading"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-48 animate-pulse rounded-2xl bg-surface-2" />
        ))}
      </div>
    );
  const bonusList = bonuses.data ?? [];
  const spinList = spins.data ?? [];
  if (!bonusesFailed && !spinsFailed && bonusList.length === 0 && spinList.length === 0)
    return (
      <EmptyState
        testId="player-bonuses-empty"
        icon={<GiftIcon />}
        title={t("bonuses.mine.empty")}
        text={t("bonuses.mine.emptyText")}
        next={emptyAction ? { to: "/bonuses", label: t("bonuses.mine.browse") } : undefined}
      />
    );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="player-bonuses">
      {bonusesFailed && failed(() => void bonuses.refetch())}
      {spinsFailed && failed(() => void spins.refetch())}
      {bonusList.map((b) => (
        <PlayerBonusCard key={`b${b.id}`} bonus={b} />
      ))}
      {spinList.map((s) => (
        <FreespinCard key={`s${s.id}`} spins={s} onActivate={activateSpins} busy={busy === s.id} />
      ))}
    </div>
  );
}
