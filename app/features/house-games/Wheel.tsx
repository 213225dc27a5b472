import { useEffect, useRef, useState } from "react";
import {
  multiplierText,
  WHEEL_PAYTABLE,
  WHEEL_RISKS,
  WHEEL_RTP,
  WHEEL_SEGMENTS,
  type WheelRisk,
  type WheelSegments,
  wheelScaled,
} from "#common/house-games";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { Choice, GameShell, PlayButton } from "./GameShell";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

const SPIN_MS = 1600;

/** A multiplier's colour: 0× dark, then cooler to hotter as it pays more. */
export function wheelColour(m: number): string {
  if (m === 0) return "#273043";
  if (m < 1.5) return "#94a3b8";
  if (m < 1.6) return "#22c55e";
  if (m < 2) return "#14b8a6";
  if (m < 3) return "#3b82f6";
  if (m < 4) return "#a855f7";
  if (m < 10) return "#f59e0b";
  return "#ef4444";
}

/** The distinct multipliers of a wheel, highest first, with how many segments show each. */
export function wheelLegend(paytable: number[]): { m: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const m of paytable) counts.set(m, (counts.get(m) ?? 0) + 1);
  return [...counts].map(([m, count]) => ({ m, count })).sort((a, b) => b.m - a.m);
}

/** The wheel: pick segments and risk; the wheel turns and the segment under the pointer pays its multiplier. */
export function Wheel({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const [segments, setSegments] = useState<WheelSegments>(10);
  const [risk, setRisk] = useState<WheelRisk>("low");
  const [turn, setTurn] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [hit, setHit] = useState<{ segment: number; multiplier: number } | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const paytable = WHEEL_PAYTABLE[segments][risk];
  const legend = wheelLegend(paytable);

  const choose = (next: { segments?: WheelSegments; risk?: WheelRisk }) => {
    if (spinning) return;
    if (next.segments) setSegments(next.segments);
    if (next.risk) setRisk(next.risk);
    setHit(null);
  };

  const play = async () => {
    if (spinning || g.busy) return;
    playSound("click");
    const answer = await g.run(() => g.api.play(g.amount, { wheel: { segments, risk } }));
    if (answer) animate(answer);
  };

  const animate = (answer: PlayAnswer) => {
    const o = answer.round.outcome as { segment: number };
    const step = 360 / segments;
    // Segment i spans i·step … (i+1)·step clockwise from the pointer at rest; its middle comes to the pointer.
    const target = (360 - (o.segment + 0.5) * step + 360) % 360;
    setSpinning(true);
    setHit(null);
    setTurn((now) => now + 1440 + ((target - (now % 360) + 360) % 360));
    timer.current = setTimeout(() => {
      const m = paytable[o.segment]!;
      setHit({ segment: o.segment, multiplier: m });
      setRecent((r) => [m, ...r].slice(0, 10));
      setSpinning(false);
      playSound(m >= 2 ? "bigWin" : m > 0 ? "win" : "lose");
      g.settle(answer);
    }, SPIN_MS);
  };

  const shift = <T,>(list: readonly T[], value: T, d: number) =>
    list[Math.min(list.length - 1, Math.max(0, list.indexOf(value) + d))]!;
  useHotkeys({
    play: () => void play(),
    left: () => choose({ risk: shift(WHEEL_RISKS, risk, -1) }),
    right: () => choose({ risk: shift(WHEEL_RISKS, risk, 1) }),
    up: () => choose({ segments: shift(WHEEL_SEGMENTS, segments, 1) }),
    down: () => choose({ segments: shift(WHEEL_SEGMENTS, segments, -1) }),
  });

  const step = 360 / segments;
  const polar = (r: number, deg: number) => {
    const a = ((deg - 90) * Math.PI) / 180;
    return `${(100 + r * Math.cos(a)).toFixed(2)} ${(100 + r * Math.sin(a)).toFixed(2)}`;
  };

  const board = (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-3 sm:p-6">
      <div className="relative aspect-square w-full max-w-[420px]">
        <div
          className="size-full"
          style={{
            transform: `rotate(${turn}deg)`,
            transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.7, 0.2, 1)` : "none",
          }}
        >
          <svg
            viewBox="0 0 200 200"
            className="size-full drop-shadow-[0_12px_30px_rgb(0_0_0/0.45)]"
            role="img"
            aria-label={t("houseGames.wheel.board", { segments, risk: t(`houseGames.wheel.${risk}`) })}
          >
            <circle cx="100" cy="100" r="98" fill="#0b1020" />
            {paytable.map((m, i) => (
              <path
                key={i}
                data-testid="wheel-segment"
                data-hit={hit?.segment === i || undefined}
                d={`M${polar(92, i * step)} A92 92 0 0 1 ${polar(92, (i + 1) * step)} L${polar(70, (i + 1) * step)} A70 70 0 0 0 ${polar(70, i * step)} Z`}
                fill={wheelColour(m)}
                stroke="#0b1020"
                strokeWidth="1.2"
                opacity={hit && hit.segment !== i ? 0.55 : 1}
              />
            ))}
            <circle cx="100" cy="100" r="68" fill="#131a2e" />
          </svg>
        </div>
        <div className="pointer-events-none absolute inset-0 grid place-items-center">
          <div
            aria-live="polite"
            data-testid="wheel-result"
            data-segment={hit?.segment ?? ""}
            className="text-center"
          >
            <span
              className={`block font-mono text-4xl font-black tabular-nums sm:text-5xl ${hit ? (hit.multiplier > 0 ? "text-accent" : "text-danger") : "text-fg"}`}
            >
              {hit ? `${multiplierText(wheelScaled(hit.multiplier))}×` : "–"}
            </span>
            <span className="text-xs text-muted">
              {t("houseGames.wheel.summary", { segments, risk: t(`houseGames.wheel.${risk}`) })}
            </span>
          </div>
        </div>
        <svg
          viewBox="0 0 200 200"
          className="pointer-events-none absolute inset-0 size-full"
          aria-hidden="true"
        >
          <path d="M92 0h16l-8 18z" fill="#fff" stroke="#0b1020" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </div>
      <ul aria-label={t("houseGames.wheel.paytable")} className="flex flex-wrap justify-center gap-1.5">
        {legend.map(({ m, count }) => (
          <li
            key={m}
            data-testid="wheel-legend"
            data-hit={hit?.multiplier === m || undefined}
            className={`flex items-center gap-1.5 rounded-lg border px-2 py-1 font-mono text-xs font-bold ${hit?.multiplier === m ? "border-fg bg-surface-3" : "border-line bg-bg/60"}`}
          >
            <span className="size-3 rounded-sm" style={{ background: wheelColour(m) }} aria-hidden="true" />
            {multiplierText(wheelScaled(m))}×
            <span className="font-normal text-muted">
              {t("houseGames.wheel.chance", { chance: Number(((count / segments) * 100).toFixed(1)) })}
            </span>
          </li>
        ))}
      </ul>
      {recent.length > 0 && (
        <ol aria-label={t("houseGames.recent")} className="flex flex-wrap justify-center gap-1">
          {recent.map((m, i) => (
            <li
              key={i}
              className="rounded-md px-1.5 py-0.5 font-mono text-[0.7rem] font-bold text-white"
              style={{ background: wheelColour(m), opacity: i === 0 ? 1 : 0.7 }}
            >
              {multiplierText(wheelScaled(m))}×
            </li>
          ))}
        </ol>
      )}
    </div>
  );

  const options = (
    <>
      <Choice
        legend={t("houseGames.wheel.segments")}
        values={WHEEL_SEGMENTS}
        value={segments}
        onChange={(v) => choose({ segments: v })}
        text={(v) => v}
        disabled={spinning}
      />
      <Choice
        legend={t("houseGames.wheel.risk")}
        values={WHEEL_RISKS}
        value={risk}
        onChange={(v) => choose({ risk: v })}
        text={(v) => t(`houseGames.wheel.${v}`)}
        disabled={spinning}
      />
      <p className="text-xs text-muted">
        {t("houseGames.wheel.rules", {
          top: multiplierText(Math.max(...paytable.map(wheelScaled))),
          rtp: Math.round(WHEEL_RTP * 100),
        })}
      </p>
    </>
  );

  const action = <PlayButton g={g} label={t("houseGames.spin")} onPlay={play} disabled={spinning} />;

  return <GameShell g={g} board={board} options={options} action={action} />;
}
