import { useEffect, useRef, useState } from "react";
import {
  SLOT_PAYLINES,
  SLOT_PAYTABLE,
  SLOT_REELS,
  SLOT_STRIPS,
  SLOT_SYMBOLS,
  type SlotLineWin,
  type SlotSymbol,
} from "#common/house-games";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { GameShell, PlayButton } from "./GameShell";
import { SlotSymbolArt } from "./SlotSymbols";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

const FILLER = 18;
const reelMs = (reel: number) => 900 + reel * 260;

/** The first screen before any spin: each reel's strip from the top. */
const initialGrid = (): SlotSymbol[][] =>
  Array.from({ length: 3 }, (_, row) => SLOT_STRIPS.map((strip) => SLOT_SYMBOLS[strip[row]!]!));

interface Spin {
  id: number;
  /** Per reel, top to bottom: the new three, the blur, the old three. */
  columns: SlotSymbol[][];
  running: boolean;
}

/** "Harbor Fortune": five reels spin and stop one after another; winning lines light up once all have stopped. */
export function Slot({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const [grid, setGrid] = useState<SlotSymbol[][]>(initialGrid);
  const [spin, setSpin] = useState<Spin | null>(null);
  const [wins, setWins] = useState<SlotLineWin[]>([]);
  const [win, setWin] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const spinning = Boolean(spin);

  // A free spin first while there are any: at its fixed bet, paid by the player's free spins.
  const free = g.freeRounds.find((r) => r.left > 0);
  const [playedFree, setPlayedFree] = useState(false);
  const play = async () => {
    if (spinning || g.busy) return;
    playSound("click");
    setWins([]);
    setWin(null);
    const answer = await g.run(() =>
      free ? g.api.play(free.bet, { freespinId: free.id }) : g.api.play(g.amount, {}),
    );
    if (!answer) {
      // Refused free spins (expired, cancelled meanwhile): read what is left.
      if (free) void g.reload();
      return;
    }
    if (free) setPlayedFree(true);
    animate(answer);
  };

  const animate = (answer: PlayAnswer) => {
    const next = answer.round.outcome.grid as SlotSymbol[][];
    const columns = Array.from({ length: SLOT_REELS }, (_, reel) => [
      ...next.map((row) => row[reel]!),
      ...Array.from({ length: FILLER + reel * 3 }, () => SLOT_SYMBOLS[Math.floor(Math.random() * 8)]!),
      ...grid.map((row) => row[reel]!),
    ]);
    const id = Date.now();
    setSpin({ id, columns, running: false });
    // Two frames: the strips are placed at their start first, then moved, so the transition runs.
    requestAnimationFrame(() => requestAnimationFrame(() => setSpin((s) => s && { ...s, running: true })));
    for (let reel = 0; reel < SLOT_REELS; reel++)
      timers.current.push(window.setTimeout(() => playSound("tick"), reelMs(reel)));
    timers.current.push(
      window.setTimeout(
        () => {
          setGrid(next);
          setSpin(null);
          const lineWins = answer.round.outcome.wins as SlotLineWin[];
          setWins(lineWins);
          const paid = Number(answer.round.payout) > 0;
          setWin(paid ? answer.round.payout : null);
          if (paid) playSound(Number(answer.round.outcome.multiplier) >= 10 ? "bigWin" : "win");
          g.settle(answer);
        },
        reelMs(SLOT_REELS - 1) + 80,
      ),
    );
  };

  useHotkeys({ play: () => void play() });

  const lit = new Set(
    wins.flatMap((w) =>
      Array.from({ length: w.count }, (_, reel) => `${SLOT_PAYLINES[w.line]![reel]}-${reel}`),
    ),
  );

  const board = (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-3 sm:p-6">
      <div className="relative w-full max-w-[640px] rounded-[22px] bg-gradient-to-b from-gold via-[#a36d00] to-gold p-[3px] shadow-[0_20px_60px_-20px_rgba(246,196,81,0.5)]">
        <div className="grid grid-cols-5 gap-1.5 rounded-[20px] bg-[#0a0e1a] p-2 sm:gap-2 sm:p-3">
          {Array.from({ length: SLOT_REELS }, (_, reel) => (
            <div
              key={reel}
              className="relative aspect-[1/3] overflow-hidden rounded-xl bg-gradient-to-b from-[#1b2240] via-[#141a30] to-[#1b2240]"
            >
              {spin ? (
                <div
                  className="absolute inset-x-0 top-0"
                  style={{
                    height: `${(spin.columns[reel]!.length / 3) * 100}%`,
                    transform: spin.running
                      ? "translateY(0)"
                      : `translateY(-${((spin.columns[reel]!.length - 3) / spin.columns[reel]!.length) * 100}%)`,
                    transition: spin.running
                      ? `transform ${reelMs(reel)}ms cubic-bezier(0.2, 0.7, 0.25, 1.04)`
                      : "none",
                  }}
                >
                  {spin.columns[reel]!.map((s, i) => (
                    <div key={i} className="p-1.5" style={{ height: `${100 / spin.columns[reel]!.length}%` }}>
                      <SlotSymbolArt symbol={s} />
                    </div>
                  ))}
                </div>
              ) : (
                <div className="grid h-full grid-rows-3">
                  {grid.map((row, r) => (
                    <div
                      key={r}
                      className={`m-0.5 rounded-lg p-1 transition ${lit.has(`${r}-${reel}`) ? "animate-pulse bg-gold/20 ring-2 ring-gold" : ""}`}
                    >
                      <SlotSymbolArt symbol={row[reel]!} />
                    </div>
                  ))}
                </div>
              )}
            </div>
          ))}
        </div>
        {win && (
          <div
            aria-live="polite"
            className="pointer-events-none absolute inset-x-0 -bottom-5 mx-auto w-max rounded-full bg-gold px-5 py-1.5 text-base font-extrabold text-black shadow-lg"
          >
            {t("houseGames.win", { amount: money(win, g.session!.currency) })}
          </div>
        )}
      </div>
      <Paytable />
    </div>
  );

  return (
    <GameShell
      g={g}
      board={board}
      action={
        <PlayButton
          g={g}
          label={free ? t("houseGames.freeSpin", { count: free.left }) : t("houseGames.spin")}
          onPlay={play}
          disabled={spinning}
        />
      }
      fixedBet={free?.bet}
      options={
        <div className="grid gap-2">
          {free ? (
            <p
              data-testid="slot-freespins"
              data-left={free.left}
              className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-sm font-semibold text-gold"
            >
              {t("houseGames.freeSpins", { count: free.left, bet: money(free.bet, g.session!.currency) })}
            </p>
          ) : (
            playedFree && (
              <p
                data-testid="slot-freespins-done"
                className="rounded-xl border border-line bg-surface-2/60 px-3 py-2 text-sm"
              >
                {t("houseGames.freeSpinsDone")}
              </p>
            )
          )}
          <p className="text-xs text-muted">{t("houseGames.slotLines")}</p>
        </div>
      }
    />
  );
}

function Paytable() {
  const { t } = useTranslation("layout");
  return (
    <details className="w-full max-w-[640px] text-xs text-muted">
      <summary className="cursor-pointer select-none text-center font-semibold hover:text-fg">
        {t("houseGames.paytable")}
      </summary>
      <ul className="mt-2 grid grid-cols-2 gap-1.5 sm:grid-cols-4">
        {SLOT_SYMBOLS.map((s) => (
          <li key={s} className="flex items-center gap-2 rounded-lg bg-bg/60 p-1.5">
            <span className="size-8 shrink-0">
              <SlotSymbolArt symbol={s} />
            </span>
            <span className="font-mono">{SLOT_PAYTABLE[s].map((p, i) => `${i + 3}×${p}`).join(" ")}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
