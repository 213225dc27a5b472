import { useEffect, useId, useRef, useState } from "react";
import { diceMultiplier, diceWinningRolls, multiplierText } from "#common/house-games";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { Choice, GameShell, PlayButton, Readouts } from "./GameShell";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

const ROLL_MS = 700;
/** The targets the slider and arrows allow: win chances 2–98 % in whole steps. */
export const clampTarget = (t: number) => Math.min(98, Math.max(2, Math.round(t * 100) / 100));

/** Dice: roll under or over a target; the roll's number spins and its marker slides along the bar. */
export function Dice({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const targetId = useId();
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<"under" | "over">("under");
  const [shown, setShown] = useState<number | null>(null);
  const [result, setResult] = useState<{ roll: number; win: boolean } | null>(null);
  const [rolling, setRolling] = useState(false);
  const raf = useRef(0);
  useEffect(() => () => cancelAnimationFrame(raf.current), []);
  const bet = { target, direction };
  const mult = diceMultiplier(bet);
  const chance = diceWinningRolls(bet) / 100.01;

  const play = async () => {
    if (rolling || g.busy) return;
    playSound("click");
    const answer = await g.run(() => g.api.play(g.amount, { dice: bet }));
    if (answer) animate(answer);
  };

  const animate = (answer: PlayAnswer) => {
    const o = answer.round.outcome as { roll: number; win: boolean };
    setRolling(true);
    setResult(null);
    const start = performance.now();
    let lastTick = 0;
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / ROLL_MS);
      if (p < 1) {
        // The number races, then settles on the roll.
        setShown(Math.round((o.roll + (1 - p) * (Math.random() * 100 - o.roll)) * 100) / 100);
        if (now - lastTick > 60) {
          playSound("tick");
          lastTick = now;
        }
        raf.current = requestAnimationFrame(step);
        return;
      }
      setShown(o.roll);
      setResult(o);
      setRolling(false);
      playSound(o.win ? "win" : "lose");
      g.settle(answer);
    };
    raf.current = requestAnimationFrame(step);
  };

  const nudge = (d: number) => setTarget((x) => clampTarget(x + d));
  useHotkeys({ play: () => void play(), left: () => nudge(-1), right: () => nudge(1) });

  const lo = direction === "under" ? target : 100 - target;
  const board = (
    <div className="flex flex-1 flex-col items-center justify-center gap-8 p-4 sm:p-8">
      <div
        aria-live="polite"
        data-testid="dice-roll"
        className={`font-mono text-6xl font-black tabular-nums transition-colors sm:text-8xl ${
          result
            ? result.win
              ? "text-accent drop-shadow-[0_0_24px_var(--c-accent)]"
              : "text-danger"
            : "text-fg"
        }`}
      >
        {shown === null ? "–" : shown.toFixed(2)}
      </div>
      <div className="w-full max-w-xl">
        <div className="relative h-4 rounded-full bg-surface-3">
          <div
            className="absolute inset-y-0 rounded-full bg-accent"
            style={
              direction === "under" ? { left: 0, width: `${target}%` } : { left: `${target}%`, right: 0 }
            }
          />
          <div
            className="absolute inset-y-0 rounded-full bg-danger/80"
            style={
              direction === "under" ? { left: `${target}%`, right: 0 } : { left: 0, width: `${target}%` }
            }
          />
          {shown !== null && (
            <div
              className="absolute -top-9 -translate-x-1/2 transition-[left] duration-100"
              style={{ left: `${shown}%` }}
              aria-hidden="true"
            >
              <div
                className={`rounded-lg px-2 py-1 font-mono text-xs font-bold text-black ${result ? (result.win ? "bg-accent" : "bg-danger") : "bg-fg"}`}
              >
                {shown.toFixed(2)}
              </div>
              <div className="mx-auto h-0 w-0 border-x-[6px] border-t-[6px] border-x-transparent border-t-fg/70" />
            </div>
          )}
        </div>
        <div className="mt-2 flex justify-between font-mono text-xs text-muted">
          <span>0</span>
          <span>25</span>
          <span>50</span>
          <span>75</span>
          <span>100</span>
        </div>
        <p className="sr-only">{t("houseGames.dice.zone", { lo })}</p>
      </div>
    </div>
  );

  const options = (
    <>
      <div>
        <label htmlFor={targetId} className="mb-1 flex justify-between text-xs font-semibold text-muted">
          <span>{t(`houseGames.dice.${direction}`, { target: target.toFixed(2) })}</span>
          <span className="font-mono text-fg">{target.toFixed(2)}</span>
        </label>
        <input
          id={targetId}
          type="range"
          min={2}
          max={98}
          step={0.5}
          value={target}
          onChange={(e) => setTarget(clampTarget(Number(e.target.value)))}
          className="w-full accent-[var(--c-accent)]"
        />
      </div>
      <Choice
        legend={t("houseGames.dice.direction")}
        hideLegend
        values={["under", "over"] as const}
        value={direction}
        onChange={setDirection}
        text={(d) => t(`houseGames.dice.${d}Short`)}
        track="grid grid-cols-2 gap-1.5"
      />
      <Readouts
        items={[
          { label: t("houseGames.multiplier"), value: mult ? `${multiplierText(mult)}×` : "–" },
          { label: t("houseGames.chance"), value: `${chance.toFixed(2)}%` },
        ]}
      />
    </>
  );

  const action = <PlayButton g={g} label={t("houseGames.roll")} onPlay={play} disabled={rolling || !mult} />;

  return <GameShell g={g} board={board} options={options} action={action} />;
}
