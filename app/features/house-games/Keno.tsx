import { useEffect, useRef, useState } from "react";
import {
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_RISKS,
  type KenoOutcome,
  type KenoRisk,
  kenoHitChance,
  kenoMultiplier,
  multiplierText,
} from "#common/house-games";
import { Pressable } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { Choice, GameShell, PlayButton } from "./GameShell";
import { KeyGrid, useRovingGrid } from "./KeyGrid";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

const DRAW_MS = 140;
const COLS = 8;

/** The number a grid arrow key moves to (8 columns × 5 rows of 1–40, stopping at the edges). */
export function moveNumber(n: number, key: string): number {
  const i = n - 1;
  const row = Math.floor(i / COLS);
  const col = i % COLS;
  const rows = KENO_NUMBERS / COLS;
  if (key === "ArrowLeft") return row * COLS + Math.max(0, col - 1) + 1;
  if (key === "ArrowRight") return row * COLS + Math.min(COLS - 1, col + 1) + 1;
  if (key === "ArrowUp") return Math.max(0, row - 1) * COLS + col + 1;
  if (key === "ArrowDown") return Math.min(rows - 1, row + 1) * COLS + col + 1;
  return n;
}

/** Picks a new pick set: `count` different numbers at random (the draw is the server's, not this). */
export function autoPick(count: number, random: () => number = Math.random): number[] {
  const left = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  return Array.from({ length: count }, () => left.splice(Math.floor(random() * left.length), 1)[0]!).sort(
    (a, b) => a - b,
  );
}

/** Keno: pick 1–10 of 40 numbers, 10 are drawn one by one; the hits pay the paytable of the picks and risk. */
export function Keno({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>("classic");
  const [result, setResult] = useState<(KenoOutcome & { picks: number[]; risk: KenoRisk }) | null>(null);
  const [shown, setShown] = useState(0);
  const [drawing, setDrawing] = useState(false);
  const [paid, setPaid] = useState<string | null>(null);
  const grid = useRovingGrid(1, moveNumber);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const drawn = result ? result.drawn.slice(0, shown) : [];
  const over = result !== null && !drawing;
  const hitCount = over ? result.hits.length : null;

  const toggle = (n: number) => {
    if (drawing) return;
    setResult(null);
    setPicks((p) =>
      p.includes(n)
        ? p.filter((x) => x !== n)
        : p.length < KENO_MAX_PICKS
          ? [...p, n].sort((a, b) => a - b)
          : p,
    );
    playSound("click");
  };

  const play = async () => {
    if (drawing || g.busy || picks.length === 0) return;
    playSound("click");
    const answer = await g.run(() => g.api.play(g.amount, { keno: { picks, risk } }));
    if (answer) animate(answer);
  };

  const animate = (answer: PlayAnswer) => {
    const o = answer.round.outcome as unknown as KenoOutcome;
    const { picks: played, risk: playedRisk } = answer.round.params as { picks: number[]; risk: KenoRisk };
    setResult({ ...o, picks: played, risk: playedRisk });
    setPaid(null);
    setDrawing(true);
    const step = (n: number) => {
      setShown(n);
      playSound(played.includes(o.drawn[n - 1]!) ? "reveal" : "tick");
      if (n < o.drawn.length) {
        timer.current = setTimeout(() => step(n + 1), DRAW_MS);
        return;
      }
      setDrawing(false);
      setPaid(answer.round.payout);
      playSound(Number(answer.round.payout) > 0 ? "win" : "lose");
      g.settle(answer);
    };
    step(1);
  };

  useHotkeys({ play: () => void play() });

  // After a round the paytable is the one it was played on; before, the one the next bet plays.
  const count = over ? result.picks.length : picks.length;
  const tableRisk = over ? result.risk : risk;
  const table = count > 0 ? Array.from({ length: count + 1 }, (_, h) => h) : [];

  const board = (
    <div className="flex flex-1 flex-col items-center gap-3 p-3 sm:p-5">
      <KeyGrid
        label={t("houseGames.keno.board")}
        onKeyDown={grid.onKeyDown}
        className="grid w-full max-w-[560px] grid-cols-8 gap-1.5 sm:gap-2"
      >
        {Array.from({ length: KENO_NUMBERS }, (_, i) => {
          const n = i + 1;
          const picked = picks.includes(n);
          const isDrawn = drawn.includes(n);
          const hit = picked && isDrawn;
          const state = hit ? "hit" : isDrawn ? "drawn" : picked ? "picked" : "idle";
          return (
            <Pressable
              key={n}
              {...grid.cell(n)}
              onClick={() => toggle(n)}
              aria-pressed={picked}
              aria-label={t(`houseGames.keno.cell.${state}`, { n })}
              data-testid="keno-cell"
              data-number={n}
              data-state={state}
              className={`relative grid aspect-square place-items-center rounded-lg font-mono text-sm font-black transition sm:rounded-xl sm:text-lg ${
                hit
                  ? "house-pop bg-accent text-accent-fg shadow-[0_0_18px_-2px_var(--c-accent)]"
                  : isDrawn
                    ? "house-pop bg-surface-3 text-danger ring-2 ring-danger/60"
                    : picked
                      ? "bg-accent-2 text-white"
                      : "border-b-4 border-[#0a0e1a]/60 bg-surface-3 text-fg/80 hover:-translate-y-0.5 hover:bg-[#2c3758]"
              }`}
            >
              {n}
            </Pressable>
          );
        })}
      </KeyGrid>
      <p
        aria-live="polite"
        data-testid="keno-result"
        data-hits={hitCount ?? ""}
        className="min-h-6 text-sm font-semibold"
      >
        {over ? (
          <>
            {t("houseGames.keno.hits", { count: result.hits.length, picks: result.picks.length })}{" "}
            {paid && Number(paid) > 0 ? (
              <span className="text-accent">
                {t("houseGames.win", { amount: money(paid, g.session!.currency) })}
              </span>
            ) : (
              <span className="text-muted">{t("houseGames.noWin")}</span>
            )}
          </>
        ) : (
          <span className="text-muted">
            {picks.length === 0
              ? t("houseGames.keno.pickHint")
              : t("houseGames.keno.picked", { count: picks.length })}
          </span>
        )}
      </p>
      {table.length > 0 && (
        <div className="w-full max-w-[560px]" data-testid="keno-paytable">
          <h2 className="mb-1 text-xs font-semibold text-muted">
            {t("houseGames.keno.paytable", { picks: count, risk: t(`houseGames.keno.risks.${tableRisk}`) })}
          </h2>
          <ol className="grid grid-cols-6 gap-1 text-center sm:grid-flow-col sm:auto-cols-fr sm:grid-cols-none">
            {table.map((h) => {
              const m = kenoMultiplier(tableRisk, count, h);
              return (
                <li
                  key={h}
                  title={t("houseGames.keno.chance", { pct: (kenoHitChance(count, h) * 100).toFixed(2) })}
                  data-hits={h}
                  className={`rounded-lg px-0.5 py-1 ${hitCount === h ? "bg-gold text-black" : "bg-bg/60"}`}
                >
                  <span className="block font-mono text-[0.7rem] font-bold sm:text-xs">
                    {multiplierText(m).replace(/\.00$/, "")}×
                  </span>
                  <span className={`block text-[0.65rem] ${hitCount === h ? "text-black/70" : "text-muted"}`}>
                    {t("houseGames.keno.hitCount", { count: h })}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </div>
  );

  const options = (
    <>
      <Choice
        legend={t("houseGames.keno.risk")}
        values={KENO_RISKS}
        value={risk}
        onChange={(r) => {
          setRisk(r);
          setResult(null);
        }}
        disabled={drawing}
        text={(r) => t(`houseGames.keno.risks.${r}`)}
        track="grid grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-cols-2"
      />
      <div className="grid grid-cols-2 gap-2">
        <Pressable
          onClick={() => {
            setResult(null);
            setPicks(autoPick(picks.length || KENO_MAX_PICKS));
            playSound("click");
          }}
          disabled={drawing}
          data-testid="keno-auto"
          className="h-10 rounded-xl bg-surface-2 text-sm font-bold hover:bg-surface-3 disabled:opacity-50"
        >
          {t("houseGames.keno.auto")}
        </Pressable>
        <Pressable
          onClick={() => {
            setResult(null);
            setPicks([]);
          }}
          disabled={drawing || picks.length === 0}
          className="h-10 rounded-xl border border-line text-sm font-bold text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-50"
        >
          {t("houseGames.keno.clear")}
        </Pressable>
      </div>
      <p className="text-xs text-muted">{t("houseGames.keno.keys")}</p>
    </>
  );

  return (
    <GameShell
      g={g}
      board={board}
      options={options}
      action={
        <PlayButton
          g={g}
          label={t("houseGames.bet")}
          onPlay={play}
          disabled={drawing || picks.length === 0}
        />
      }
    />
  );
}
