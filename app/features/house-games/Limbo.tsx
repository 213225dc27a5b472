import { useEffect, useRef, useState } from "react";
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from "#common/house-games";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { GameShell, PlayButton } from "./GameShell";
import { MultiplierField } from "./MultiplierField";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

/** A target as the server takes it: 2 decimals within 1.01 … 1,000,000. */
export function limboTarget(text: string): number | undefined {
  const n = Number(text.replace(",", "."));
  if (!Number.isFinite(n)) return undefined;
  const cents = Math.round(n * 100);
  if (cents < LIMBO_MIN_TARGET * 100 || cents > LIMBO_MAX_TARGET * 100) return undefined;
  return cents / 100;
}

/** Limbo: the multiplier climbs from 1.00× to the result; reaching the target wins it. */
export function Limbo({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const [targetText, setTargetText] = useState("2.00");
  const [shown, setShown] = useState(1);
  const [result, setResult] = useState<{ win: boolean } | null>(null);
  const [climbing, setClimbing] = useState(false);
  const [recent, setRecent] = useState<{ id: string; result: number; win: boolean }[]>([]);
  const raf = useRef(0);
  useEffect(() => () => cancelAnimationFrame(raf.current), []);
  const target = limboTarget(targetText);

  const play = async () => {
    if (climbing || g.busy || target === undefined) return;
    playSound("click");
    const answer = await g.run(() => g.api.play(g.amount, { limbo: { target } }));
    if (answer) animate(answer);
  };

  const animate = (answer: PlayAnswer) => {
    const o = answer.round.outcome as { result: number; win: boolean };
    setClimbing(true);
    setResult(null);
    // Climbs on a log scale so 1.5× and 500× both read well; higher results take a little longer.
    const ms = Math.min(1600, 450 + Math.log10(o.result) * 350);
    const start = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / ms);
      const eased = 1 - (1 - p) ** 3;
      setShown(p < 1 ? 10 ** (Math.log10(o.result) * eased) : o.result);
      if (p < 1) {
        raf.current = requestAnimationFrame(step);
        return;
      }
      setResult(o);
      setClimbing(false);
      setRecent((r) => [{ id: answer.round.id, ...o }, ...r].slice(0, 8));
      playSound(o.win ? "win" : "lose");
      g.settle(answer);
    };
    raf.current = requestAnimationFrame(step);
  };

  const adjust = (factor: number) => {
    const next = limboTarget(String(Math.round((target ?? 2) * factor * 100) / 100));
    if (next) setTargetText(next.toFixed(2));
  };
  useHotkeys({ play: () => void play(), up: () => adjust(1.25), down: () => adjust(0.8) });

  const board = (
    <div className="flex flex-1 flex-col p-3">
      <ol className="flex min-h-8 gap-1.5 overflow-hidden" aria-label={t("houseGames.recent")}>
        {recent.map((r) => (
          <li
            key={r.id}
            className={`rounded-full px-2.5 py-1 font-mono text-xs font-bold ${r.win ? "bg-accent/15 text-accent" : "bg-surface-3 text-muted"}`}
          >
            {r.result.toFixed(2)}×
          </li>
        ))}
      </ol>
      <div className="flex flex-1 flex-col items-center justify-center gap-3">
        <div
          aria-live="polite"
          data-testid="limbo-result"
          className={`font-mono text-6xl font-black tabular-nums sm:text-8xl ${
            result
              ? result.win
                ? "text-accent drop-shadow-[0_0_30px_var(--c-accent)]"
                : "text-danger"
              : "text-fg"
          }`}
        >
          {shown.toFixed(2)}×
        </div>
        <p className="text-sm text-muted">
          {t("houseGames.limbo.target", { target: target?.toFixed(2) ?? "–" })}
        </p>
      </div>
    </div>
  );

  const chance = target ? Math.min(99, 99 / target) : 0;
  const options = (
    <>
      <MultiplierField
        label={t("houseGames.limbo.targetLabel")}
        text={targetText}
        onText={setTargetText}
        value={target}
        presets={[2, 10, 100]}
        rangeText={t("houseGames.limbo.range")}
      />
      <div className="rounded-xl bg-bg/60 p-2 text-center text-xs">
        <span className="text-muted">{t("houseGames.chance")} </span>
        <span className="font-mono font-bold">
          {chance.toFixed(4).replace(/0+$/, "").replace(/\.$/, "")}%
        </span>
      </div>
    </>
  );

  const action = (
    <PlayButton g={g} label={t("houseGames.bet")} onPlay={play} disabled={climbing || target === undefined} />
  );

  return <GameShell g={g} board={board} options={options} action={action} />;
}
