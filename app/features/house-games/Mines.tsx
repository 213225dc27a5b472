import { useEffect, useId, useState } from "react";
import { MINES_TILES, minesMultiplier, multiplierText } from "#common/house-games";
import { Pressable } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { HouseRound } from "./api";
import { Readouts, StepGameShell } from "./GameShell";
import { KeyGrid, useRovingGrid } from "./KeyGrid";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

interface Board {
  round: HouseRound;
  revealed: number[];
  /** Known once the round is over. */
  mines: number[];
  over: boolean;
}

const boardOf = (round: HouseRound): Board => {
  const o = round.outcome as { revealed?: number[]; mines?: number[] };
  return { round, revealed: o.revealed ?? [], mines: o.mines ?? [], over: round.status !== "open" };
};

/** The tile a grid arrow key moves to (5 × 5, stopping at the edges). */
export function moveTile(tile: number, key: string): number {
  const row = Math.floor(tile / 5);
  const col = tile % 5;
  if (key === "ArrowLeft") return row * 5 + Math.max(0, col - 1);
  if (key === "ArrowRight") return row * 5 + Math.min(4, col + 1);
  if (key === "ArrowUp") return Math.max(0, row - 1) * 5 + col;
  if (key === "ArrowDown") return Math.min(4, row + 1) * 5 + col;
  return tile;
}

/** Mines: 25 tiles; each safe one raises the cash-out, a mine loses the bet. Tiles flip as they open. */
export function Mines({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const minesId = useId();
  const [count, setCount] = useState(3);
  const [board, setBoard] = useState<Board | null>(() =>
    g.session?.openRound?.engine === "mines" ? boardOf(g.session.openRound) : null,
  );
  const grid = useRovingGrid(12, moveTile);
  const active = board && !board.over ? board : null;
  const mines = active ? (active.round.params as { mines: number }).mines : count;
  const safe = board?.revealed.filter((x) => !board.mines.includes(x)).length ?? 0;

  useEffect(() => {
    if (g.session?.openRound?.engine === "mines")
      setCount((g.session.openRound.params as { mines: number }).mines);
  }, [g.session]);

  const start = async () => {
    if (active || g.busy) return;
    playSound("click");
    const answer = await g.run(() => g.api.minesStart(g.amount, count));
    if (!answer) return;
    setBoard(boardOf(answer.round));
    g.setBalance(answer.balance);
    if (answer.seeds) g.setSeeds(answer.seeds);
  };

  const reveal = async (tile: number) => {
    if (!active || g.busy || active.revealed.includes(tile)) return;
    const answer = await g.run(() => g.api.minesReveal(tile));
    if (!answer) return;
    const next = boardOf(answer.round);
    setBoard(next);
    if (next.over) {
      const lost = (answer.round.outcome as { lost?: boolean }).lost;
      playSound(lost ? "boom" : "bigWin");
      g.settle(answer);
    } else playSound("reveal");
  };

  const cashOut = async () => {
    if (!active || g.busy || active.revealed.length === 0) return;
    const answer = await g.run(() => g.api.minesCashOut());
    if (!answer) return;
    setBoard(boardOf(answer.round));
    playSound("win");
    g.settle(answer);
  };

  useHotkeys({ play: () => void (active ? cashOut() : start()) });

  const current = multiplierText(minesMultiplier(mines, safe));
  const nextMult = safe < MINES_TILES - mines ? multiplierText(minesMultiplier(mines, safe + 1)) : null;
  const lost = board?.over && (board.round.outcome as { lost?: boolean }).lost;

  const boardView = (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-3 sm:p-6">
      <KeyGrid
        label={t("houseGames.mines.board")}
        onKeyDown={grid.onKeyDown}
        className="grid w-full max-w-[460px] grid-cols-5 gap-2 sm:gap-2.5"
        style={{ perspective: "800px" }}
      >
        {Array.from({ length: MINES_TILES }, (_, tile) => {
          const open = board?.revealed.includes(tile) ?? false;
          const isMine = board?.mines.includes(tile) ?? false;
          const shown = open || (board?.over && isMine);
          return (
            <Pressable
              key={tile}
              {...grid.cell(tile)}
              onClick={() => void reveal(tile)}
              disabled={!active || open}
              data-testid="mines-tile"
              data-state={shown ? (isMine ? "mine" : "gem") : "hidden"}
              aria-label={t(
                shown
                  ? isMine
                    ? "houseGames.mines.mineTile"
                    : "houseGames.mines.gemTile"
                  : "houseGames.mines.tile",
                { n: tile + 1 },
              )}
              className="group relative aspect-square [transform-style:preserve-3d] transition-transform duration-300 disabled:cursor-default"
              style={{ transform: shown ? "rotateY(180deg)" : undefined }}
            >
              <span
                className={`absolute inset-0 grid place-items-center rounded-xl border-b-4 border-[#0a0e1a]/60 bg-surface-3 [backface-visibility:hidden] ${active ? "group-hover:-translate-y-0.5 group-hover:bg-[#2c3758]" : ""} transition`}
              />
              <span
                className={`absolute inset-0 grid place-items-center rounded-xl [backface-visibility:hidden] [transform:rotateY(180deg)] ${
                  isMine
                    ? open
                      ? "bg-danger/30 ring-2 ring-danger"
                      : "bg-danger/10"
                    : open
                      ? "bg-accent/15 ring-2 ring-accent/60"
                      : "bg-surface-2 opacity-60"
                }`}
              >
                {isMine ? <MineArt /> : <GemArt />}
              </span>
            </Pressable>
          );
        })}
      </KeyGrid>
      <p aria-live="polite" className="min-h-6 text-sm font-semibold">
        {board?.over ? (
          lost ? (
            <span className="text-danger">{t("houseGames.mines.lost")}</span>
          ) : (
            <span className="text-accent">
              {t("houseGames.win", { amount: money(board.round.payout, board.round.currency) })}
            </span>
          )
        ) : active ? (
          <span className="text-muted">{t("houseGames.mines.pick")}</span>
        ) : null}
      </p>
    </div>
  );

  const options = (
    <>
      <div>
        <label htmlFor={minesId} className="mb-1 block text-xs font-semibold text-muted">
          {t("houseGames.mines.count")}
        </label>
        <select
          id={minesId}
          value={mines}
          disabled={Boolean(active)}
          onChange={(e) => setCount(Number(e.target.value))}
          className="w-full rounded-xl border border-line bg-bg/60 px-3 py-2.5 font-mono font-bold outline-none focus:border-accent disabled:opacity-60"
        >
          {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <Readouts
        items={[
          { label: t("houseGames.multiplier"), value: `${current}×` },
          { label: t("houseGames.mines.next"), value: nextMult ? `${nextMult}×` : "–" },
        ]}
      />
    </>
  );

  return (
    <StepGameShell
      g={g}
      board={boardView}
      options={options}
      open={Boolean(active)}
      canCashOut={Boolean(active && active.revealed.length > 0)}
      onCashOut={cashOut}
      onStart={start}
    />
  );
}

function GemArt() {
  return (
    <svg viewBox="0 0 100 100" className="size-3/5" aria-hidden="true">
      <path d="M30 18h40l18 22-38 44-38-44z" fill="#22d37c" />
      <path d="M30 18l20 22 20-22M12 40h76M50 40v44" stroke="#0b5e36" strokeWidth="3" fill="none" />
      <path d="M30 18l-18 22h38z" fill="#7cf0b4" opacity="0.7" />
    </svg>
  );
}

function MineArt() {
  return (
    <svg viewBox="0 0 100 100" className="size-3/5" aria-hidden="true">
      <g stroke="#ff5a6a" strokeWidth="6" strokeLinecap="round">
        <path d="M50 10v14M50 76v14M10 50h14M76 50h14M22 22l10 10M68 68l10 10M22 78l10-10M68 32l10-10" />
      </g>
      <circle cx="50" cy="50" r="26" fill="#1a1f33" stroke="#ff5a6a" strokeWidth="4" />
      <circle cx="42" cy="42" r="6" fill="#ff9aa6" />
    </svg>
  );
}
