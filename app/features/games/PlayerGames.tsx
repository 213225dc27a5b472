import type { ReactNode } from "react";
import { usePlayerOnly } from "~/features/auth/guard";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { GameGrid, GameGridSkeleton } from "./GameGrid";
import { LobbyPage } from "./LobbyPage";
import { gameQueries, useLobby } from "./queries";
import { EmptyState, ErrorState } from "./states";

/** `/favorites` and `/recently-played`: one player's games, newest first; a guest goes to sign in. */
export function PlayerGames({ kind, icon }: { kind: "favorites" | "played"; icon: ReactNode }) {
  const { t } = useTranslation("layout");
  const loggedIn = usePlayerOnly();
  const playerId = useProfile()?.id;
  const games = useLobby(gameQueries.mine(kind, loggedIn ? playerId : undefined));
  return (
    <LobbyPage title={t(`games.${kind}.title`)} intro={t(`games.${kind}.intro`)} testId={`games-${kind}`}>
      {games.error && !games.data ? (
        <ErrorState onRetry={games.retry} />
      ) : !games.data ? (
        <GameGridSkeleton />
      ) : games.data.length === 0 ? (
        <EmptyState
          icon={icon}
          title={t(`games.${kind}.empty`)}
          text={t(`games.${kind}.emptyText`)}
          next={{ to: "/games", label: t("games.browse"), primary: true }}
        />
      ) : (
        <GameGrid games={games.data} />
      )}
    </LobbyPage>
  );
}
