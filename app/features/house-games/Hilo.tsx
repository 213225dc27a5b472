import { useEffect, useState } from "react";
import {
  HILO_MAX_SKIPS,
  type HiloGuess,
  type HiloMove,
  hiloMultiplier,
  hiloWinningRanks,
  MULTIPLIER_SCALE,
  multiplierText,
  payout,
  rankOf,
} from "#common/house-games";
import { Pressable } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { HouseRound, PlayAnswer } from "./api";
import { betPlaces } from "./bet";
import { Readouts, StepGameShell } from "./GameShell";
import { PlayingCard } from "./PlayingCard";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

interface HiloView {
  round: HouseRound;
  cards: number[];
  moves: HiloMove[];
  odds: number[];
  skips: number;
  over: boolean;
  lost: boolean;
}

const viewOf = (round: HouseRound): HiloView => {
  const o = round.outcome as {
    cards?: number[];
    moves?: HiloMove[];
    odds?: number[];
    skips?: number;
    lost?: boolean;
  };
  return {
    round,
    cards: o.cards ?? [],
    moves: o.moves ?? [],
    odds: o.odds ?? [],
    skips: o.skips ?? 0,
    over: round.status !== "open",
    lost: Boolean(o.lost),
  };
};

const percent = (w: number) => `${((w / 13) * 100).toFixed(2)}%`;

/**
 * Hilo: a card, then "higher or same" or "lower or same" (on an ace strictly higher, on a king strictly
 * lower), each right guess multiplying the stake by 0.99 × 13 / winning ranks; cash out after any right guess.
 * Keys: ↑ higher, ↓ lower, → skip, space bet / cash out.
 */
export function Hilo({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const [view, setView] = useState<HiloView | null>(() =>
    g.session?.openRound?.engine === "hilo" ? viewOf(g.session.openRound) : null,
  );
  useEffect(() => {
    if (g.session?.openRound?.engine === "hilo") setView(viewOf(g.session.openRound));
  }, [g.session]);
  const active = view && !view.over ? view : null;
  const current = view?.cards.at(-1);
  const rank = current !== undefined ? rankOf(current) : 6;
  const multiplier = active ? hiloMultiplier(active.odds) : MULTIPLIER_SCALE;
  const currency = g.session!.currency;

  const start = async () => {
    if (active || g.busy) return;
    playSound("click");
    const answer = await g.run(() => g.api.hiloStart(g.amount));
    if (!answer) return;
    setView(viewOf(answer.round));
    playSound("reveal");
    g.setBalance(answer.balance);
    if (answer.seeds) g.setSeeds(answer.seeds);
  };

  const settled = (answer: PlayAnswer) => {
    const next = viewOf(answer.round);
    setView(next);
    if (next.over) {
      playSound(next.lost ? "lose" : "win");
      g.settle(answer);
    } else playSound("reveal");
  };

  const move = async (action: HiloGuess | "skip") => {
    if (!active || g.busy) return;
    if (action === "skip" && active.skips >= HILO_MAX_SKIPS) return;
    const answer = await g.run(() => g.api.hiloAction(action));
    if (answer) settled(answer);
  };

  const cashOut = async () => {
    if (!active || g.busy || active.odds.length === 0) return;
    const answer = await g.run(() => g.api.hiloAction("cashout"));
    if (answer) settled(answer);
  };

  useHotkeys({
    play: () => void (active ? cashOut() : start()),
    up: () => void move("higher"),
    down: () => void move("lower"),
    right: () => void move("skip"),
  });

  const guess = (which: HiloGuess) => {
    const w = hiloWinningRanks(rank, which);
    const next = multiplierText(hiloMultiplier([...(active?.odds ?? []), w]));
    const label =
      which === "higher"
        ? rank === 0
          ? t("houseGames.hilo.higher")
          : t("houseGames.hilo.higherOrSame")
        : rank === 12
          ? t("houseGames.hilo.lower")
          : t("houseGames.hilo.lowerOrSame");
    return (
      <Pressable
        onClick={() => void move(which)}
        disabled={!active || g.busy}
        data-testid={`hilo-${which}`}
        aria-keyshortcuts={which === "higher" ? "ArrowUp" : "ArrowDown"}
        aria-label={t("houseGames.hilo.guessLabel", { guess: label, chance: percent(w), m: next })}
        className="flex min-h-16 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl border border-line bg-surface-2 px-1.5 py-2 font-bold transition hover:bg-surface-3 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span className="flex items-center gap-1 text-xs sm:gap-1.5 sm:text-sm">
          <Arrow up={which === "higher"} />
          {label}
        </span>
        <span className="whitespace-nowrap font-mono text-[0.7rem] text-muted sm:text-xs">
          {percent(w)} · <span className="text-gold">{next}×</span>
        </span>
      </Pressable>
    );
  };

  const trail = view?.cards ?? [];
  const boardView = (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-3 sm:p-6">
      <div className="flex items-end justify-center gap-4 text-[13px] sm:gap-8 sm:text-[18px]">
        <div className="flex flex-col items-center gap-1 text-xs font-semibold text-muted">
          <span className="text-[0.7rem] uppercase">{t("houseGames.hilo.kingHighest")}</span>
          <span className="rounded-lg bg-bg/60 px-2 py-1 font-mono text-fg">K</span>
          <span className="h-16 w-px bg-line" />
          <span className="rounded-lg bg-bg/60 px-2 py-1 font-mono text-fg">A</span>
          <span className="text-[0.7rem] uppercase">{t("houseGames.hilo.aceLowest")}</span>
        </div>
        <div data-testid="hilo-card" className="w-[8.5em]">
          <PlayingCard key={trail.length} card={current} faceUp={current !== undefined} />
        </div>
        <div className="w-[8.5em] opacity-70">
          <PlayingCard faceUp={false} />
        </div>
      </div>
      <p aria-live="polite" data-testid="hilo-status" className="min-h-6 text-center text-sm font-semibold">
        {view?.over ? (
          view.lost ? (
            <span className="text-danger">{t("houseGames.hilo.lost")}</span>
          ) : (
            <span className="text-accent">
              {t("houseGames.win", { amount: money(view.round.payout, view.round.currency) })}
            </span>
          )
        ) : active ? (
          <span className="text-muted">{t("houseGames.hilo.pick")}</span>
        ) : (
          <span className="text-muted">{t("houseGames.hilo.intro")}</span>
        )}
      </p>
      <div className="flex w-full max-w-[520px] gap-2">
        {guess("higher")}
        {guess("lower")}
        <Pressable
          onClick={() => void move("skip")}
          disabled={!active || g.busy || (active?.skips ?? 0) >= HILO_MAX_SKIPS}
          data-testid="hilo-skip"
          aria-keyshortcuts="ArrowRight"
          className="flex min-h-16 w-16 shrink-0 flex-col sm:w-20 items-center justify-center rounded-xl border border-line bg-bg/60 px-2 text-sm font-bold text-muted transition hover:text-fg disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t("houseGames.hilo.skip")}
          <span className="font-mono text-[0.7rem]">
            {t("houseGames.hilo.skipsLeft", { n: HILO_MAX_SKIPS - (active?.skips ?? 0) })}
          </span>
        </Pressable>
      </div>
      {trail.length > 1 && (
        <ol
          aria-label={t("houseGames.hilo.trail")}
          data-testid="hilo-trail"
          className="flex max-w-full gap-1.5 overflow-x-auto px-1 pb-1 text-[9px] sm:text-[10px]"
        >
          {trail.map((c, i) => (
            <li key={i} className="flex w-[5em] shrink-0 flex-col items-center gap-0.5">
              <PlayingCard card={c} className="w-full" />
              <span className="text-[10px] font-bold text-muted">
                {i === 0 ? t("houseGames.hilo.startShort") : moveMark(view!.moves[i - 1]!)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );

  const places = betPlaces(currency);
  const stake = active ? active.round.bet : g.amount;
  let cashValue = "–";
  try {
    cashValue = money(payout(stake || "0", multiplier, places), currency);
  } catch {
    // An amount being typed is not a number yet.
  }
  const options = (
    <Readouts
      items={[
        { label: t("houseGames.multiplier"), value: `${multiplierText(multiplier)}×` },
        { label: t("houseGames.hilo.cashValue"), value: active && active.odds.length > 0 ? cashValue : "–" },
      ]}
    />
  );

  return (
    <StepGameShell
      g={g}
      board={boardView}
      options={options}
      open={Boolean(active)}
      canCashOut={Boolean(active && active.odds.length > 0)}
      onCashOut={cashOut}
      onStart={start}
    />
  );
}

const moveMark = (m: HiloMove) => (m === "higher" ? "▲" : m === "lower" ? "▼" : "»");

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
      <path d={up ? "M10 3l7 9h-4.5v5h-5v-5H3z" : "M10 17l7-9h-4.5V3h-5v5H3z"} fill="currentColor" />
    </svg>
  );
}
