import { useEffect, useRef, useState } from "react";
import { ROULETTE_RETURNS, ROULETTE_WHEEL, type RouletteBet, rouletteColor } from "#common/house-games";
import { compareAmounts, fromUnits, toUnits } from "#common/money";
import { Pressable } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { betPlaces, HOUSE_MAX_BET } from "./bet";
import { GameShell, PlayButton, Readouts } from "./GameShell";
import { POCKET_FILL, PocketSquare } from "./RoulettePocket";
import {
  type BetSpec,
  betsOf,
  boardSize,
  type Chips,
  cellRect,
  chipFace,
  chipValues,
  fits,
  type Orientation,
  ROULETTE_SPOTS,
  type Spot,
  spotKey,
  stacks,
  toBoard,
  totalOf,
} from "./roulette-table";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

const SPIN_MS = 1800;
const U = 60;

/** The settled spin on show: its pocket and, per spot that had chips, what it paid. */
interface Shown {
  pocket: number;
  paid: Map<string, string>;
}

/**
 * European roulette: chips on a bet board (the classic table on a wide screen, standing up on a phone), one
 * spin for all of them; the wheel turns to the pocket, winning spots light up and each bet's win is listed.
 */
export function Roulette({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const currency = g.session!.currency;
  const values = chipValues(betPlaces(currency) === 8);
  const [chip, setChip] = useState(values[2]!);
  const [chips, setChips] = useState<Chips>([]);
  const [lastSpun, setLastSpun] = useState<Chips>([]);
  const [spinning, setSpinning] = useState(false);
  const [turn, setTurn] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const [tooMuch, setTooMuch] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const total = totalOf(chips);
  const most = compareAmounts(g.balance, HOUSE_MAX_BET) < 0 ? g.balance : HOUSE_MAX_BET;
  const onTable = stacks(chips);
  const locked = spinning || g.busy;

  /** Any change of the chips ends the last spin's highlight. */
  const change = (next: Chips) => {
    setChips(next);
    setShown(null);
  };
  const place = (spot: Spot) => {
    if (locked) return;
    if (!fits(chips, chip, most)) {
      setTooMuch(true);
      return;
    }
    setTooMuch(false);
    playSound("click");
    change([...chips, { key: spot.key, amount: chip }]);
  };
  const undo = () => !locked && chips.length > 0 && change(chips.slice(0, -1));
  const clear = () => !locked && chips.length > 0 && change([]);
  const repeat = () => {
    if (locked || lastSpun.length === 0 || !fits([], totalOf(lastSpun), most)) return;
    change(lastSpun);
  };
  const stepChip = (d: number) =>
    setChip((c) => values[Math.min(values.length - 1, Math.max(0, values.indexOf(c) + d))]!);

  const spin = async () => {
    if (locked || chips.length === 0) return;
    playSound("click");
    const bets = betsOf(chips);
    const answer = await g.run(() => g.api.play(total, { roulette: { bets } }));
    if (answer) animate(answer, chips);
  };

  const animate = (answer: PlayAnswer, spun: Chips) => {
    const o = answer.round.outcome as { pocket: number; wins: string[] };
    const played = answer.round.params.bets as RouletteBet[];
    setLastSpun(spun);
    setSpinning(true);
    setShown(null);
    // The wheel turns three times and on to the pocket, which stops under the marker at the top.
    const step = 360 / ROULETTE_WHEEL.length;
    const target = (360 - ROULETTE_WHEEL.indexOf(o.pocket as (typeof ROULETTE_WHEEL)[number]) * step) % 360;
    setTurn((now) => now + 1080 + ((target - (now % 360) + 360) % 360));
    timer.current = setTimeout(() => {
      const paid = new Map<string, string>();
      played.forEach((b, i) => {
        paid.set(spotKey(b), times(b.amount, o.wins[i] ?? "0"));
      });
      setShown({ pocket: o.pocket, paid });
      setRecent((r) => [o.pocket, ...r].slice(0, 12));
      setSpinning(false);
      playSound(Number(answer.round.payout) > 0 ? "win" : "lose");
      g.settle(answer);
    }, SPIN_MS);
  };

  useHotkeys({
    play: () => void spin(),
    left: () => stepChip(-1),
    right: () => stepChip(1),
    letters: { u: undo, backspace: undo, c: clear, r: repeat },
  });

  const label = (bet: BetSpec) =>
    t(`houseGames.roulette.spot.${bet.kind}`, {
      numbers: bet.numbers?.join("/") ?? "",
      target: bet.target ?? "",
    });

  const boardProps = { onTable, shown, locked, place, label };
  const board = (
    <div className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
      <div className="flex items-center gap-4">
        <WheelRing turn={turn} spinning={spinning} />
        <div className="min-w-0 flex-1">
          <div
            aria-live="polite"
            data-testid="roulette-result"
            data-pocket={shown?.pocket ?? ""}
            className="flex items-center gap-3"
          >
            {shown ? (
              <>
                <PocketSquare
                  pocket={shown.pocket}
                  className="size-16 rounded-2xl text-3xl shadow-lg sm:size-20 sm:text-4xl"
                />
                <span className="text-sm font-semibold text-muted">
                  {t(`houseGames.roulette.${rouletteColor(shown.pocket)}`)}
                </span>
              </>
            ) : (
              <span className="text-sm text-muted">
                {spinning ? t("houseGames.roulette.spinning") : t("houseGames.roulette.placeBets")}
              </span>
            )}
          </div>
          <ol aria-label={t("houseGames.recent")} className="mt-2 flex flex-wrap gap-1">
            {recent.map((p, i) => (
              <li
                key={i}
                className="grid size-6 place-items-center rounded-md font-mono text-[0.7rem] font-bold text-white"
                style={{ background: POCKET_FILL[rouletteColor(p)], opacity: i === 0 ? 1 : 0.7 }}
              >
                {p}
              </li>
            ))}
          </ol>
        </div>
      </div>
      <div className="hidden md:block">
        <Board orientation="horizontal" {...boardProps} />
      </div>
      <div className="mx-auto w-full max-w-[360px] md:hidden">
        <Board orientation="vertical" {...boardProps} />
      </div>
      <p className="hidden text-center text-xs text-muted md:block">{t("houseGames.roulette.keys")}</p>
    </div>
  );

  const stake = (
    <div className="grid gap-3">
      <fieldset>
        <legend className="mb-1 text-xs font-semibold text-muted">{t("houseGames.roulette.chip")}</legend>
        <div className="grid grid-cols-6 gap-1.5">
          {values.map((v, i) => (
            <Pressable
              key={v}
              aria-pressed={chip === v}
              aria-label={t("houseGames.roulette.chipValue", { value: v })}
              onClick={() => setChip(v)}
              className={`grid aspect-square place-items-center rounded-full border-4 border-dashed font-mono text-[0.7rem] font-black text-white transition ${chip === v ? "scale-110 ring-2 ring-fg" : "opacity-80 hover:opacity-100"}`}
              style={{
                background: CHIP_COLOURS[i % CHIP_COLOURS.length],
                borderColor: "rgb(255 255 255 / 0.6)",
              }}
            >
              {chipFace(v)}
            </Pressable>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-3 gap-1.5">
        {(
          [
            ["undo", undo, chips.length === 0],
            ["clear", clear, chips.length === 0],
            ["repeat", repeat, lastSpun.length === 0],
          ] as const
        ).map(([name, act, off]) => (
          <Pressable
            key={name}
            onClick={act}
            disabled={locked || off}
            className="h-9 rounded-lg bg-surface-2 text-xs font-bold text-muted transition hover:bg-surface-3 hover:text-fg disabled:opacity-50"
          >
            {t(`houseGames.roulette.${name}`)}
          </Pressable>
        ))}
      </div>
      {tooMuch && (
        <p role="status" className="text-xs text-danger">
          {t("houseGames.roulette.tooMuch")}
        </p>
      )}
    </div>
  );

  const options = (
    <>
      <Readouts
        items={[
          { label: t("houseGames.roulette.total"), value: <span data-testid="roulette-total">{total}</span> },
          { label: t("houseGames.roulette.betCount"), value: onTable.size },
        ]}
      />
      <div>
        <h2 className="mb-1 text-xs font-semibold text-muted">{t("houseGames.roulette.bets")}</h2>
        {onTable.size === 0 ? (
          <p className="text-xs text-muted">{t("houseGames.roulette.noBets")}</p>
        ) : (
          <ul data-testid="roulette-bets" className="grid max-h-44 gap-1 overflow-y-auto text-xs">
            {ROULETTE_SPOTS.filter((s) => onTable.has(s.key)).map((s) => {
              const paid = shown?.paid.get(s.key);
              const won = paid !== undefined && compareAmounts(paid, "0") > 0;
              return (
                <li
                  key={s.key}
                  data-won={shown ? String(won) : undefined}
                  className={`flex justify-between gap-2 rounded-lg px-2 py-1 ${won ? "bg-accent/15 font-bold text-accent" : "bg-bg/60"} ${shown && !won ? "opacity-60" : ""}`}
                >
                  <span>
                    {label(s.bet)} <span className="text-muted">· {ROULETTE_RETURNS[s.bet.kind] - 1}:1</span>
                  </span>
                  <span className="font-mono">
                    {money(onTable.get(s.key)!, currency)}
                    {won && ` → ${money(paid!, currency)}`}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );

  const action = (
    <PlayButton
      g={g}
      label={t("houseGames.spin")}
      onPlay={spin}
      disabled={spinning || chips.length === 0 || compareAmounts(total, g.balance) > 0}
    />
  );

  return <GameShell g={g} board={board} options={options} action={action} stake={stake} />;
}

const CHIP_COLOURS = ["#64748b", "#2563eb", "#16a34a", "#dc2626", "#7c3aed", "#b45309"];

/** amount × a multiple written with up to 4 decimals ("36.00"), in exact decimals. */
function times(amount: string, multiple: string): string {
  const scaled = BigInt(Math.round(Number(multiple) * 10_000));
  return fromUnits(((toUnits(amount) ?? 0n) * scaled) / 10_000n);
}

/** The red and black cells' diamond, `size` from its middle to a tip, a little wider than high. */
const diamondPath = (x: number, y: number, size: number) =>
  `M${x} ${y - size} L${x + size * 1.4} ${y} L${x} ${y + size} L${x - size * 1.4} ${y} Z`;

/** The bet board: cells for straights and outside bets, round targets on the lines for the rest. */
function Board({
  orientation: o,
  onTable,
  shown,
  locked,
  place,
  label,
}: {
  orientation: Orientation;
  onTable: Map<string, string>;
  shown: Shown | null;
  locked: boolean;
  place: (s: Spot) => void;
  label: (b: BetSpec) => string;
}) {
  const { t } = useTranslation("layout");
  const { w, h } = boardSize(o);
  const cells = ROULETTE_SPOTS.filter((s) => s.cell);
  const edges = ROULETTE_SPOTS.filter((s) => !s.cell);
  const keyDown = (s: Spot) => (e: React.KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    // Enter or space on a spot places a chip there; it must not also spin (the page's hotkey).
    e.preventDefault();
    place(s);
  };
  const cellText = (s: Spot) => {
    const b = s.bet;
    if (b.kind === "straight") return String(b.numbers![0]);
    if (b.kind === "dozen") return `${12 * (b.target! - 1) + 1}–${12 * b.target!}`;
    if (b.kind === "column") return "2:1";
    if (b.kind === "low") return "1–18";
    if (b.kind === "high") return "19–36";
    return t(`houseGames.roulette.spot.${b.kind}`);
  };
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">{t("houseGames.roulette.board")}</legend>
      <svg
        viewBox={`-4 -4 ${w * U + 8} ${h * U + 8}`}
        className="w-full select-none"
        data-testid={`roulette-board-${o}`}
      >
        <title>{t("houseGames.roulette.board")}</title>
        <rect x={-4} y={-4} width={w * U + 8} height={h * U + 8} rx={14} fill="#0c5a36" />
        {cells.map((s) => {
          const r = cellRect(o, s.cell!);
          const b = s.bet;
          const pocket = b.kind === "straight" ? b.numbers![0]! : undefined;
          const hit = shown !== null && pocket === shown.pocket;
          const colour = pocket !== undefined ? POCKET_FILL[rouletteColor(pocket)] : "transparent";
          const diamond =
            b.kind === "red" ? POCKET_FILL.red : b.kind === "black" ? POCKET_FILL.black : undefined;
          const small = b.kind === "odd" || b.kind === "even";
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG board has no <button>; the role and keys make one
            <g
              key={s.key}
              role="button"
              tabIndex={0}
              aria-label={label(b)}
              aria-disabled={locked || undefined}
              data-spot={s.key}
              data-hit={hit || undefined}
              onClick={() => place(s)}
              onKeyDown={keyDown(s)}
              className="group cursor-pointer outline-none"
            >
              <rect
                x={r.x * U + 1}
                y={r.y * U + 1}
                width={r.w * U - 2}
                height={r.h * U - 2}
                rx={6}
                fill={colour}
                stroke={hit ? "#fde68a" : "rgb(255 255 255 / 0.55)"}
                strokeWidth={hit ? 5 : 1.5}
                className="transition group-hover:brightness-125 group-focus-visible:stroke-[#fde68a] group-focus-visible:[stroke-width:4]"
              />
              {diamond ? (
                <path
                  d={diamondPath((r.x + r.w / 2) * U, (r.y + r.h / 2) * U, Math.min(r.w, r.h) * U * 0.32)}
                  fill={diamond}
                  stroke="#fff"
                  strokeWidth={2}
                />
              ) : (
                <text
                  x={(r.x + r.w / 2) * U}
                  y={(r.y + r.h / 2) * U}
                  dominantBaseline="central"
                  textAnchor="middle"
                  fontSize={small ? 15 : 20}
                  fontWeight={800}
                  fill="#fff"
                >
                  {cellText(s)}
                </text>
              )}
            </g>
          );
        })}
        {edges.map((s) => {
          const p = toBoard(o, s.at);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG board has no <button>; the role and keys make one
            <g
              key={s.key}
              role="button"
              tabIndex={0}
              aria-label={label(s.bet)}
              aria-disabled={locked || undefined}
              data-spot={s.key}
              onClick={() => place(s)}
              onKeyDown={keyDown(s)}
              className="group cursor-pointer outline-none"
            >
              <circle
                cx={p.x * U}
                cy={p.y * U}
                r={U * 0.17}
                fill="#fff"
                fillOpacity={0}
                stroke="#fde68a"
                strokeOpacity={0}
                strokeWidth={3}
                className="transition group-hover:[fill-opacity:0.35] group-focus-visible:[stroke-opacity:1]"
              />
            </g>
          );
        })}
        {ROULETTE_SPOTS.filter((s) => onTable.has(s.key)).map((s) => {
          const p = toBoard(o, s.at);
          const paid = shown?.paid.get(s.key);
          const won = paid !== undefined && compareAmounts(paid, "0") > 0;
          return (
            <g
              key={s.key}
              data-testid="roulette-chip"
              data-spot={s.key}
              data-won={shown ? String(won) : undefined}
              pointerEvents="none"
              opacity={shown && !won ? 0.45 : 1}
            >
              <circle
                cx={p.x * U}
                cy={p.y * U}
                r={U * 0.27}
                fill={won ? "#f6c451" : "#f4f4f5"}
                stroke={won ? "#fff" : "#1d4ed8"}
                strokeWidth={won ? 4 : 3}
                strokeDasharray={won ? undefined : "5 4"}
              />
              <text
                x={p.x * U}
                y={p.y * U}
                dominantBaseline="central"
                textAnchor="middle"
                fontSize={13}
                fontWeight={900}
                fill="#111827"
              >
                {chipFace(onTable.get(s.key)!)}
              </text>
            </g>
          );
        })}
      </svg>
    </fieldset>
  );
}

/** The wheel: its 37 pockets in the European order, turned so the drawn pocket ends under the top marker. */
function WheelRing({ turn, spinning }: { turn: number; spinning: boolean }) {
  const { t } = useTranslation("layout");
  const n = ROULETTE_WHEEL.length;
  const step = 360 / n;
  const polar = (r: number, deg: number) => {
    const a = ((deg - 90) * Math.PI) / 180;
    return `${(100 + r * Math.cos(a)).toFixed(2)} ${(100 + r * Math.sin(a)).toFixed(2)}`;
  };
  return (
    <div
      className="relative size-28 shrink-0 sm:size-36"
      role="img"
      aria-label={t("houseGames.roulette.wheel")}
    >
      <div
        className="size-full"
        style={{
          transform: `rotate(${turn}deg)`,
          transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.7, 0.2, 1)` : "none",
        }}
      >
        <svg viewBox="0 0 200 200" className="size-full" aria-hidden="true">
          <circle cx="100" cy="100" r="99" fill="#3b2412" />
          {ROULETTE_WHEEL.map((p, i) => {
            const from = i * step - step / 2;
            const to = from + step;
            return (
              <g key={p}>
                <path
                  d={`M${polar(94, from)} A94 94 0 0 1 ${polar(94, to)} L${polar(62, to)} A62 62 0 0 0 ${polar(62, from)} Z`}
                  fill={POCKET_FILL[rouletteColor(p)]}
                  stroke="#f5d58a"
                  strokeWidth="0.6"
                />
                <text
                  transform={`rotate(${i * step} 100 100)`}
                  x="100"
                  y="17"
                  textAnchor="middle"
                  fontSize="9"
                  fontWeight="800"
                  fill="#fff"
                >
                  {p}
                </text>
              </g>
            );
          })}
          <circle cx="100" cy="100" r="60" fill="#6b4423" stroke="#f5d58a" strokeWidth="2" />
          <circle cx="100" cy="100" r="14" fill="#f5d58a" />
          <path d="M100 50v100M50 100h100" stroke="#f5d58a" strokeWidth="5" strokeLinecap="round" />
        </svg>
      </div>
      <svg
        viewBox="0 0 200 200"
        className="pointer-events-none absolute inset-0 size-full"
        aria-hidden="true"
      >
        <path d="M92 0h16l-8 16z" fill="#fff" stroke="#111827" strokeWidth="2" />
        {!spinning && <circle cx="100" cy="26" r="5" fill="#fff" />}
      </svg>
    </div>
  );
}
