import type { HouseEngine } from "#common/house-games";
import { Failed } from "~/components/ui/states";
import { useTranslation } from "~/lib/i18n-react";
import { Baccarat } from "./Baccarat";
import { Blackjack } from "./Blackjack";
import { Crash } from "./Crash";
import { Dice } from "./Dice";
import { Hilo } from "./Hilo";
import { Keno } from "./Keno";
import { Limbo } from "./Limbo";
import { Mines } from "./Mines";
import { Plinko } from "./Plinko";
import { Roulette } from "./Roulette";
import { Slot } from "./Slot";
import { type HouseGame, useHouseGame } from "./use-house-game";
import { VideoPoker } from "./VideoPoker";
import { Wheel } from "./Wheel";

const GAMES: Record<HouseEngine, (p: { g: HouseGame }) => React.ReactNode> = {
  slot: Slot,
  dice: Dice,
  limbo: Limbo,
  mines: Mines,
  plinko: Plinko,
  blackjack: Blackjack,
  hilo: Hilo,
  videopoker: VideoPoker,
  baccarat: Baccarat,
  keno: Keno,
  roulette: Roulette,
  wheel: Wheel,
  crash: Crash,
};

/** A house game's page: the session's state first (skeleton meanwhile), then the engine the launch named. */
export function HouseGamePage({ engine, token }: { engine: HouseEngine; token: string | null }) {
  if (!token) return <HouseProblem title="houseGames.errors.noSession" />;
  return <Loaded engine={engine} token={token} />;
}

function Loaded({ engine, token }: { engine: HouseEngine; token: string }) {
  const g = useHouseGame(token);
  if (g.loadError)
    return (
      <HouseProblem
        title={`houseGames.errors.${g.loadError.key}`}
        onRetry={g.loadError.fatal ? undefined : g.reload}
      />
    );
  if (!g.session) return <Skeleton />;
  // The session decides the game: a link naming another engine still plays the one launched.
  const Game = GAMES[g.session.engine] ?? GAMES[engine];
  return <Game g={g} />;
}

function Skeleton() {
  const { t } = useTranslation("layout");
  return (
    <div className="flex min-h-dvh flex-col bg-bg" aria-busy="true">
      <span className="sr-only" role="status">
        {t("houseGames.loading")}
      </span>
      <div className="h-14 animate-pulse border-b border-line bg-surface" />
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-3 p-3 lg:flex-row-reverse lg:p-4">
        <div className="min-h-[300px] flex-1 animate-pulse rounded-2xl bg-surface" />
        <div className="h-64 animate-pulse rounded-2xl bg-surface lg:h-auto lg:w-80" />
      </div>
    </div>
  );
}

/** The whole page when the game cannot be played: the kit's failed state, centred. */
function HouseProblem({ title, onRetry }: { title: string; onRetry?: () => void }) {
  const { t } = useTranslation("layout");
  return (
    <main className="grid min-h-dvh place-items-center bg-bg p-6">
      <Failed
        testId="house-problem"
        className="w-full max-w-sm"
        hint={t("houseGames.problemHint")}
        onRetry={onRetry}
        retryLabel={t("houseGames.retry")}
      >
        {t(title)}
      </Failed>
    </main>
  );
}
