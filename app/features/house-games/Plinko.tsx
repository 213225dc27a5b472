import { useEffect, useRef, useState } from "react";
import {
  PLINKO_PAYTABLE,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoRisk,
  type PlinkoRows,
} from "#common/house-games";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { Choice, GameShell, PlayButton } from "./GameShell";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

const W = 400;

/** Where things sit on the board of `rows` rows (SVG units): pegs, the ball after each row, the buckets. */
export function plinkoGeometry(rows: number) {
  const s = W / (rows + 2);
  const top = s;
  const rowY = (i: number) => top + i * s;
  const pegs = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: i + 3 }, (_, j) => ({ x: W / 2 + (j - (i + 2) / 2) * s, y: rowY(i) })),
  ).flat();
  /** The ball's stops: above the board, then between the pegs of each row, then in its bucket. */
  const ballPath = (path: number[]) => {
    const points = [{ x: W / 2, y: top - s * 0.9 }];
    let rights = 0;
    path.forEach((dir, i) => {
      rights += dir;
      points.push({ x: W / 2 + (rights - (i + 1) / 2) * s, y: rowY(i) + s * 0.55 });
    });
    return points;
  };
  const bucketX = (k: number) => W / 2 + (k - rows / 2) * s;
  const height = rowY(rows - 1) + s * 1.6;
  return { s, pegs, ballPath, bucketX, bucketY: rowY(rows - 1) + s * 0.6, height };
}

const STEP_MS = 110;

/** A bucket's colour: the rarer (further out), the hotter. */
const bucketColor = (k: number, rows: number) => {
  const edge = Math.abs(k - rows / 2) / (rows / 2);
  return `color-mix(in oklab, #ff3d5a ${Math.round(edge * 100)}%, #f6c451)`;
};

/** Plinko: the ball falls through the pegs, left or right at each row, into a bucket that pays its multiplier. */
export function Plinko({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const [rows, setRows] = useState<PlinkoRows>(8);
  const [risk, setRisk] = useState<PlinkoRisk>("medium");
  const [ball, setBall] = useState<{ x: number; y: number } | null>(null);
  const [hit, setHit] = useState<number | null>(null);
  const [dropping, setDropping] = useState(false);
  const raf = useRef(0);
  useEffect(() => () => cancelAnimationFrame(raf.current), []);
  const geo = plinkoGeometry(rows);
  const table = PLINKO_PAYTABLE[rows][risk];

  const play = async () => {
    if (dropping || g.busy) return;
    playSound("click");
    const answer = await g.run(() => g.api.play(g.amount, { plinko: { rows, risk } }));
    if (answer) animate(answer);
  };

  const animate = (answer: PlayAnswer) => {
    const o = answer.round.outcome as { path: number[]; bucket: number };
    const points = plinkoGeometry(o.path.length).ballPath(o.path);
    setDropping(true);
    setHit(null);
    const start = performance.now();
    let segment = -1;
    const step = (now: number) => {
      // A frame's time may precede `start` (it is when the frame began): the ball waits at its first stop.
      const p = Math.max(0, (now - start) / STEP_MS);
      const i = Math.min(points.length - 2, Math.floor(p));
      const f = Math.min(1, p - i);
      const a = points[i]!;
      const b = points[i + 1]!;
      if (i !== segment) {
        segment = i;
        if (i > 0) playSound("peg");
      }
      // A hop: across linearly, down with a little bounce off the peg.
      setBall({
        x: a.x + (b.x - a.x) * f,
        y: a.y + (b.y - a.y) * f * f - Math.sin(f * Math.PI) * geo.s * 0.15,
      });
      if (p < points.length - 1) {
        raf.current = requestAnimationFrame(step);
        return;
      }
      setBall(null);
      setHit(o.bucket);
      setDropping(false);
      playSound(Number(answer.round.payout) > Number(answer.round.bet) ? "win" : "tick");
      g.settle(answer);
    };
    raf.current = requestAnimationFrame(step);
  };

  useHotkeys({
    play: () => void play(),
    left: () => !dropping && setRisk((r) => PLINKO_RISKS[Math.max(0, PLINKO_RISKS.indexOf(r) - 1)]!),
    right: () => !dropping && setRisk((r) => PLINKO_RISKS[Math.min(2, PLINKO_RISKS.indexOf(r) + 1)]!),
  });

  const board = (
    <div className="flex flex-1 items-center justify-center p-2 sm:p-4">
      <svg
        viewBox={`0 0 ${W} ${geo.height}`}
        className="max-h-[70vh] w-full max-w-[620px]"
        role="img"
        aria-label={t("houseGames.plinko.board", { rows, risk: t(`houseGames.plinko.${risk}`) })}
      >
        {geo.pegs.map((p) => (
          <circle key={`${p.x}-${p.y}`} cx={p.x} cy={p.y} r={geo.s * 0.1} fill="#e6ebff" opacity="0.85" />
        ))}
        {table.map((m, k) => {
          const x = geo.bucketX(k);
          const w = geo.s * 0.9;
          return (
            <g key={k} data-testid="plinko-bucket" data-hit={hit === k ? "true" : undefined}>
              <rect
                x={x - w / 2}
                y={geo.bucketY + (hit === k ? geo.s * 0.15 : 0)}
                width={w}
                height={geo.s * 0.8}
                rx={geo.s * 0.12}
                fill={bucketColor(k, rows)}
                opacity={hit === null || hit === k ? 1 : 0.55}
                className="transition-all duration-200"
              />
              <text
                x={x}
                y={geo.bucketY + geo.s * 0.52 + (hit === k ? geo.s * 0.15 : 0)}
                textAnchor="middle"
                fontSize={Math.min(geo.s * 0.3, 13)}
                fontWeight="800"
                fill="#1a1208"
                className="transition-all duration-200"
              >
                {m}
                {m < 100 ? "×" : ""}
              </text>
            </g>
          );
        })}
        {ball && (
          <circle
            cx={ball.x}
            cy={ball.y}
            r={geo.s * 0.22}
            fill="#22d37c"
            stroke="#b9ffd9"
            strokeWidth="1.5"
          />
        )}
      </svg>
    </div>
  );

  const options = (
    <>
      <Choice
        legend={t("houseGames.plinko.rows")}
        values={PLINKO_ROWS}
        value={rows}
        onChange={setRows}
        text={(r) => r}
        disabled={dropping}
      />
      <Choice
        legend={t("houseGames.plinko.risk")}
        values={PLINKO_RISKS}
        value={risk}
        onChange={setRisk}
        text={(r) => t(`houseGames.plinko.${r}`)}
        disabled={dropping}
      />
    </>
  );

  const action = <PlayButton g={g} label={t("houseGames.drop")} onPlay={play} disabled={dropping} />;

  return <GameShell g={g} board={board} options={options} action={action} />;
}
