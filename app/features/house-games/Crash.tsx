import { useEffect, useRef, useState } from "react";
import type { CrashPublicBet, CrashRoundView } from "#common/api/crash";
import { CRASH_MAX_CENTS, CRASH_MIN_TARGET_CENTS, crashCentsAt, payout } from "#common/house-games";
import { useMoney } from "~/features/games/money";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ActionButton, Field, GameShell, VerifyLink } from "./GameShell";
import { MultiplierField } from "./MultiplierField";
import { playSound } from "./sound";
import { type CrashGame, useCrash } from "./use-crash";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

/** An auto cash-out target as the server takes it (2 decimals, 1.01 … 1,000,000); null when empty. */
export function crashTarget(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const n = Number(text.replace(",", "."));
  if (!Number.isFinite(n)) return undefined;
  const cents = Math.round(n * 100);
  if (Math.abs(n * 100 - cents) > 1e-6 || cents < CRASH_MIN_TARGET_CENTS || cents > CRASH_MAX_CENTS)
    return undefined;
  return cents / 100;
}

/** The link that checks a round on the verification page from its public record. */
export function useCrashVerifyHref(): (roundId: string) => string {
  const lp = useLocalePath();
  return (roundId) => lp(`/provably-fair?engine=crash&round=${encodeURIComponent(roundId)}`);
}

/**
 * Crash (decision 0034): one round for everyone. Bets during the countdown, then the curve climbs on the
 * server's clock until the round's point; cash out before it (button or space), or let the auto target do it.
 */
export function Crash({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const c = useCrash(g);
  const fmt = useMoney();
  const [autoText, setAutoText] = useState("");
  const now = useServerFrame(c);
  const auto = crashTarget(autoText);
  const s = c.state;
  const round = s?.round;
  const mine = s?.mine ?? null;
  const phase = round ? phaseAt(round, now) : "betting";
  const cents = round && phase === "running" ? crashCentsAt(now - Date.parse(round.bettingEndsAt)) : 100;
  const inPlay = mine?.state === "in";

  // The crash: a sound, once per round, for a player with a bet still riding it.
  const heardCrash = useRef<string | null>(null);
  useEffect(() => {
    if (round?.phase === "crashed" && heardCrash.current !== round.id) {
      heardCrash.current = round.id;
      if (mine && mine.state !== "won") playSound("boom");
    }
  }, [round, mine]);

  const act = async () => {
    if (!round || g.busy) return;
    if (phase === "betting" && !mine) {
      if (auto === undefined) return;
      playSound("click");
      await c.placeBet(auto);
    } else if (phase === "running" && inPlay) {
      const bet = await c.cashOut();
      if (bet) playSound("win");
    }
  };
  useHotkeys({ play: () => void act() });

  if (!s || !round)
    return (
      <GameShell
        g={g}
        board={
          <div className="grid flex-1 place-items-center p-6 text-center text-sm text-muted" aria-busy="true">
            {c.loadError ? t("houseGames.crash.waiting") : t("houseGames.loading")}
          </div>
        }
        action={<ActionButton label={t("houseGames.bet")} onClick={() => undefined} disabled />}
        summary={<span />}
      />
    );

  const board = (
    <div className="flex flex-1 flex-col gap-3 p-3">
      <Recent recent={s.recent} />
      <div className="relative min-h-44 flex-1 overflow-hidden rounded-xl border border-line bg-bg/50 sm:min-h-72">
        <Curve round={round} now={now} phase={phase} />
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-1">
          <div
            data-testid="crash-multiplier"
            data-phase={phase}
            data-round-id={round.id}
            aria-live="off"
            className={`font-mono text-5xl font-black tabular-nums drop-shadow sm:text-7xl ${
              phase === "crashed" || phase === "void"
                ? "text-danger"
                : phase === "running"
                  ? "text-fg"
                  : "text-muted"
            }`}
          >
            {phase === "crashed"
              ? `${(round.crashPoint ?? cents / 100).toFixed(2)}×`
              : phase === "void"
                ? "—"
                : `${(cents / 100).toFixed(2)}×`}
          </div>
          <p role="status" className="text-sm font-semibold text-muted">
            {phase === "betting"
              ? t("houseGames.crash.startsIn", {
                  seconds: Math.max(0, (Date.parse(round.bettingEndsAt) - now) / 1000).toFixed(1),
                })
              : phase === "crashed"
                ? t("houseGames.crash.crashed")
                : phase === "void"
                  ? t("houseGames.crash.void")
                  : t("houseGames.crash.flying")}
          </p>
        </div>
        {c.live !== "connected" && (
          <span className="absolute top-2 right-2 rounded-full bg-bg/80 px-2 py-0.5 text-[0.65rem] font-semibold text-muted">
            {t("houseGames.crash.reconnecting")}
          </span>
        )}
      </div>
    </div>
  );
  const lists = (
    <div className="grid gap-3 md:grid-cols-2">
      <Players bets={s.bets} mineId={mine?.id ?? null} />
      <MyRounds c={c} />
    </div>
  );

  const options = (
    <div>
      <MultiplierField
        label={t("houseGames.crash.autoLabel")}
        text={autoText}
        onText={setAutoText}
        value={auto}
        presets={[1.5, 2, 10]}
        rangeText={t("houseGames.crash.autoRange")}
        placeholder={t("houseGames.crash.autoOff")}
        testId="crash-auto"
      />
      <p className="mt-1 text-xs text-muted">{t("houseGames.crash.autoHint")}</p>
    </div>
  );

  let action: React.ReactNode;
  if (phase === "running" && inPlay && mine) {
    const win = payout(mine.amount, cents * 100, 8);
    action = (
      <ActionButton
        tone="gold"
        testId="crash-cash-out"
        label={t("houseGames.crash.cashOutAt", { amount: fmt(win, mine.currency) })}
        onClick={() => void act()}
        disabled={g.busy}
      />
    );
  } else if (phase === "betting" && !mine) {
    action = (
      <ActionButton
        testId="crash-bet"
        label={t("houseGames.bet")}
        onClick={() => void act()}
        disabled={g.busy || auto === undefined}
      />
    );
  } else {
    action = (
      <ActionButton
        testId="crash-wait"
        label={mine && phase === "betting" ? t("houseGames.crash.placed") : t("houseGames.crash.nextRound")}
        onClick={() => undefined}
        disabled
      />
    );
  }

  return (
    <GameShell
      g={g}
      board={board}
      options={options}
      action={action}
      lockBet={Boolean(mine) && phase !== "crashed" && phase !== "void"}
      summary={<MyBet bet={mine} />}
      fairness={<CrashFairness c={c} />}
      below={lists}
    />
  );
}

/** The phase the page shows at the server's time: the curve starts and ends on the round's times. */
function phaseAt(round: CrashRoundView, now: number): CrashRoundView["phase"] {
  if (round.phase === "betting" && now >= Date.parse(round.bettingEndsAt)) return "running";
  return round.phase;
}

/** The server's time, redrawn each frame while the round is on. */
function useServerFrame(c: CrashGame): number {
  const [now, setNow] = useState(() => c.serverNow());
  useEffect(() => {
    let raf = 0;
    const step = () => {
      setNow(c.serverNow());
      raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [c]);
  return now;
}

/** The curve e^(t/10 s) from the start to now, on axes that grow with it. */
function Curve({ round, now, phase }: { round: CrashRoundView; now: number; phase: string }) {
  const start = Date.parse(round.bettingEndsAt);
  const end =
    phase === "crashed" && round.crashedAt ? Date.parse(round.crashedAt) : phase === "running" ? now : start;
  const ms = Math.max(0, end - start);
  const spanMs = Math.max(10_000, ms * 1.15);
  const top = Math.max(2, (crashCentsAt(ms) / 100) * 1.15);
  const W = 400;
  const H = 200;
  const x = (t: number) => 24 + (t / spanMs) * (W - 34);
  const y = (m: number) => H - 18 - ((m - 1) / (top - 1)) * (H - 30);
  const points: string[] = [];
  const n = 60;
  for (let i = 0; i <= n; i++) {
    const t = (ms * i) / n;
    points.push(`${x(t).toFixed(1)},${y(Math.exp(t / 10_000)).toFixed(1)}`);
  }
  const crashed = phase === "crashed";
  const marks = [1, 1 + (top - 1) / 2, top];
  const gridLines = marks.map((m) => (
    <line key={m} x1={24} x2={W - 10} y1={y(m)} y2={y(m)} stroke="currentColor" strokeOpacity={0.1} />
  ));
  return (
    <>
      {marks.map((m) => (
        <span
          key={m}
          className="absolute left-1 font-mono text-[0.6rem] text-muted/70"
          style={{ top: `calc(${((y(m) / H) * 100).toFixed(2)}% - 0.45rem)` }}
        >
          {m.toFixed(1)}×
        </span>
      ))}
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="absolute inset-0 h-full w-full text-muted"
        aria-hidden="true"
        data-testid="crash-curve"
      >
        {gridLines}
        {ms > 0 && (
          <>
            <polygon
              points={`${x(0)},${y(1)} ${points.join(" ")} ${x(ms)},${y(1)}`}
              fill={crashed ? "var(--c-danger)" : "var(--c-accent)"}
              fillOpacity={0.15}
            />
            <polyline
              points={points.join(" ")}
              fill="none"
              stroke={crashed ? "var(--c-danger)" : "var(--c-accent)"}
              strokeWidth={3}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
      </svg>
    </>
  );
}

function Recent({ recent }: { recent: CrashRoundView[] }) {
  const { t } = useTranslation("layout");
  return (
    <ol
      className="flex min-h-8 gap-1.5 overflow-hidden"
      aria-label={t("houseGames.recent")}
      data-testid="crash-recent"
    >
      {recent.slice(0, 12).map((r) => (
        <li
          key={r.id}
          className={`shrink-0 rounded-full px-2.5 py-1 font-mono text-xs font-bold ${
            r.phase === "void"
              ? "bg-surface-3 text-muted"
              : (r.crashPoint ?? 0) >= 2
                ? "bg-accent/15 text-accent"
                : "bg-danger/15 text-danger"
          }`}
        >
          {r.phase === "void" ? "—" : `${r.crashPoint!.toFixed(2)}×`}
        </li>
      ))}
    </ol>
  );
}

function Players({ bets, mineId }: { bets: CrashPublicBet[]; mineId: string | null }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const sorted = [...bets].sort((a, b) => Number(b.amount) - Number(a.amount));
  return (
    <section className="rounded-2xl border border-line bg-surface p-2" aria-labelledby="crash-players-title">
      <h2 id="crash-players-title" className="mb-1 flex justify-between px-1 text-xs font-bold text-muted">
        <span>{t("houseGames.crash.players")}</span>
        <span data-testid="crash-player-count">{bets.length}</span>
      </h2>
      {bets.length === 0 ? (
        <p className="px-1 py-2 text-xs text-muted">{t("houseGames.crash.noPlayers")}</p>
      ) : (
        <ul data-testid="crash-players" className="grid max-h-48 gap-0.5 overflow-y-auto text-xs">
          {sorted.map((b) => (
            <li
              key={b.id}
              data-testid="crash-player"
              data-bet-id={b.id}
              data-state={b.state}
              className={`flex items-center justify-between gap-2 rounded-lg px-2 py-1 ${b.id === mineId ? "bg-accent-2/15" : ""}`}
            >
              <span className="truncate font-semibold">
                {b.id === mineId ? t("houseGames.crash.you") : b.player}
              </span>
              <span className="font-mono text-muted">{money(b.amount, b.currency)}</span>
              <span
                className={`whitespace-nowrap text-right font-mono font-bold ${
                  b.state === "won" ? "text-accent" : b.state === "lost" ? "text-danger" : "text-muted"
                }`}
              >
                {b.state === "won"
                  ? `${b.cashOut!.toFixed(2)}× · ${money(b.payout!, b.currency)}`
                  : b.state === "lost"
                    ? t("houseGames.crash.lost")
                    : b.state === "refunded"
                      ? t("houseGames.crash.refunded")
                      : "…"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyRounds({ c }: { c: CrashGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const href = useCrashVerifyHref();
  const done = c.history.filter((b) => b.state !== "in").slice(0, 10);
  return (
    <section className="rounded-2xl border border-line bg-surface p-2" aria-labelledby="crash-mine-title">
      <h2 id="crash-mine-title" className="mb-1 px-1 text-xs font-bold text-muted">
        {t("houseGames.crash.myRounds")}
      </h2>
      {done.length === 0 ? (
        <p className="px-1 py-2 text-xs text-muted">{t("houseGames.noRounds")}</p>
      ) : (
        <ul data-testid="crash-history" className="grid max-h-48 gap-0.5 overflow-y-auto text-xs">
          {done.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-2 rounded-lg px-2 py-1">
              <span className="text-muted">{t("houseGames.round", { id: b.round.id })}</span>
              <span className="font-mono">{money(b.amount, b.currency)}</span>
              <span className={`font-mono font-bold ${b.state === "won" ? "text-accent" : "text-muted"}`}>
                {b.state === "won"
                  ? `${b.cashOut!.toFixed(2)}× · +${money(b.payout!, b.currency)}`
                  : b.state === "refunded"
                    ? t("houseGames.crash.refunded")
                    : t("houseGames.crash.lostAt", {
                        point: b.round.crashPoint?.toFixed(2) ?? "—",
                      })}
              </span>
              <a
                href={href(b.round.id)}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-accent"
              >
                {t("houseGames.verify")}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyBet({ bet }: { bet: CrashPublicBet | null }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  if (!bet) return <p className="text-center text-xs text-muted">{t("houseGames.crash.noBet")}</p>;
  return (
    <p
      data-testid="crash-my-bet"
      data-state={bet.state}
      className="rounded-xl bg-bg/60 px-3 py-2 text-center text-xs"
    >
      {bet.state === "won"
        ? t("houseGames.crash.myWon", {
            m: bet.cashOut!.toFixed(2),
            amount: money(bet.payout!, bet.currency),
          })
        : bet.state === "lost"
          ? t("houseGames.crash.myLost")
          : bet.state === "refunded"
            ? t("houseGames.crash.refunded")
            : t("houseGames.crash.myIn", { amount: money(bet.amount, bet.currency) })}
    </p>
  );
}

/** The chain's commitment and salt, and the last rounds' hashes, each with its check on the verifier. */
function CrashFairness({ c }: { c: CrashGame }) {
  const { t } = useTranslation("layout");
  const href = useCrashVerifyHref();
  const s = c.state;
  if (!s) return null;
  return (
    <div className="grid gap-3 text-sm" data-testid="crash-fairness">
      <p className="text-muted">{t("houseGames.crash.fairIntro")}</p>
      <dl className="grid gap-2">
        <Field
          label={t("houseGames.crash.commitment")}
          value={s.fairness.commitment}
          testId="crash-commitment"
        />
        <Field label={t("houseGames.crash.salt")} value={s.fairness.salt} testId="crash-salt" />
      </dl>
      <h3 className="font-bold">{t("houseGames.crash.recentHashes")}</h3>
      <ul className="grid gap-1.5">
        {s.recent.slice(0, 10).map((r) => (
          <li key={r.id} className="grid gap-1 rounded-lg bg-bg/60 px-3 py-2 text-xs">
            <span className="flex justify-between gap-2">
              <span>
                {t("houseGames.round", { id: r.id })} ·{" "}
                <span className="font-mono font-bold">
                  {r.phase === "void" ? "—" : `${r.crashPoint!.toFixed(2)}×`}
                </span>
              </span>
              <VerifyLink href={href(r.id)} testId="crash-verify-link" />
            </span>
            <span className="break-all font-mono text-muted">{r.hash}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
