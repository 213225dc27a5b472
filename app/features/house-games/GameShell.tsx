import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { AmountInput } from "~/components/ui/AmountInput";
import { Button, Pressable } from "~/components/ui/Button";
import { CloseIcon, ShieldIcon } from "~/components/ui/icons";
import { WarningIcon } from "~/components/ui/page-icons";
import { useMoney } from "~/features/games/money";
import { useLocalePath } from "~/features/shell/nav";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import type { RotateAnswer } from "./api";
import { betPlaces, betProblem, doubleBet, halfBet, maxBet, minBet } from "./bet";
import { playSound, useMuted } from "./sound";
import type { HouseGame } from "./use-house-game";
import { verifyQuery } from "./verify";

/**
 * The frame every house game shares: a top bar (game, mode, balance, sound, fairness), the board, the controls
 * (bet amount, the game's own options, the main button), the error on show and the fairness panel.
 */
export function GameShell({
  g,
  board,
  options,
  action,
  lockBet,
  fixedBet,
  stake,
  fairness,
  summary,
  below,
}: {
  g: HouseGame;
  board: ReactNode;
  /** The game's own settings, stacked under the bet amount. */
  options?: ReactNode;
  action: ReactNode;
  /** The amount cannot change while a round is on (mines). */
  lockBet?: boolean;
  /** The bet the next round is played at whatever the field says (a free spin's): shown, not editable. */
  fixedBet?: string;
  /** Stands in for the amount field where the game makes the stake itself (roulette: chips on a board). */
  stake?: ReactNode;
  /** The fairness panel's body, for a game not played on the player's seeds (crash: its hash chain). */
  fairness?: ReactNode;
  /** What shows under the main button instead of the last round (crash: the player's bet in this round). */
  summary?: ReactNode;
  /** Under the board and the controls, full width (crash: the players and the player's rounds). */
  below?: ReactNode;
}) {
  const { t } = useTranslation("layout");
  const [fairOpen, setFairOpen] = useState(false);
  const s = g.session!;
  return (
    <div className="house-game flex min-h-dvh flex-col bg-bg text-fg">
      <TopBar g={g} onFairness={() => setFairOpen(true)} />
      {/* On a phone the board gives up height before the controls do: the main button sits within the first
          screen of the casino's game screen (issue 36). */}
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-2 p-2 sm:gap-3 sm:p-3 lg:flex-row-reverse lg:gap-4 lg:p-4">
        <section
          aria-label={s.game.name}
          className="relative flex min-h-[200px] flex-1 sm:min-h-[300px] flex-col overflow-hidden rounded-2xl border border-line bg-[radial-gradient(120%_80%_at_50%_0%,color-mix(in_oklab,var(--c-accent-2)_22%,var(--c-surface))_0%,var(--c-surface)_60%)]"
        >
          {board}
          {g.error && <ErrorBanner g={g} />}
        </section>
        <aside
          aria-label={t("houseGames.controls")}
          className="flex w-full flex-col gap-3 rounded-2xl border border-line bg-surface p-3 lg:w-80 lg:shrink-0 lg:p-4"
        >
          {stake ?? <BetControl g={g} locked={lockBet} fixed={fixedBet} />}
          {options && <div className="grid gap-3">{options}</div>}
          <div className="mt-auto flex flex-col gap-2">{action}</div>
          {summary ?? <LastRound g={g} />}
        </aside>
      </main>
      {below && <div className="mx-auto w-full max-w-6xl px-3 pb-3 lg:px-4 lg:pb-4">{below}</div>}
      {fairOpen && <FairnessPanel g={g} onClose={() => setFairOpen(false)} body={fairness} />}
    </div>
  );
}

function TopBar({ g, onFairness }: { g: HouseGame; onFairness: () => void }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const [muted, toggleMute] = useMuted();
  const s = g.session!;
  const framed = useFramed();
  return (
    <header className="flex items-center gap-2 border-b border-line bg-surface/80 px-3 py-2 backdrop-blur sm:px-4">
      <div className="min-w-0 flex-1">
        {/* In the casino's game screen its bar already names the game: a phone does not spend a line on it. */}
        <h1
          className={`truncate text-base font-extrabold tracking-tight sm:text-lg ${framed ? "max-sm:sr-only" : ""}`}
        >
          {s.game.name}
        </h1>
        <p className="text-xs text-muted">
          <span
            className={`mr-1.5 rounded px-1.5 py-0.5 text-[0.65rem] font-bold uppercase ${s.mode === "demo" ? "bg-accent-2/20 text-accent-2" : "bg-accent/15 text-accent"}`}
          >
            {s.mode === "demo" ? t("houseGames.demo") : t("houseGames.real")}
          </span>
          {t("houseGames.provablyFair")}
        </p>
      </div>
      <div
        data-testid="house-balance"
        data-balance={g.balance}
        aria-live="polite"
        className="rounded-xl border border-line bg-bg/60 px-3 py-1.5 text-right"
      >
        <span className="block text-[0.65rem] font-semibold uppercase tracking-wide text-muted max-sm:sr-only">
          {t("houseGames.balance")}
        </span>
        <span className="block font-mono text-sm font-bold tabular-nums text-gold">
          {money(g.balance, s.currency)}
        </span>
      </div>
      <Pressable
        onClick={toggleMute}
        aria-pressed={muted}
        aria-label={muted ? t("houseGames.soundOn") : t("houseGames.soundOff")}
        title={muted ? t("houseGames.soundOn") : t("houseGames.soundOff")}
        className="grid size-10 place-items-center rounded-xl border border-line text-muted hover:bg-surface-2 hover:text-fg"
      >
        <SpeakerIcon muted={muted} />
      </Pressable>
      <Pressable
        onClick={onFairness}
        data-testid="house-fairness-open"
        className="flex h-10 items-center gap-1.5 rounded-xl border border-line px-3 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg"
      >
        <ShieldIcon size={18} />
        <span className="hidden sm:inline">{t("houseGames.fairness")}</span>
        <span className="sr-only sm:hidden">{t("houseGames.fairness")}</span>
      </Pressable>
    </header>
  );
}

/** Whether the page is shown inside another (the casino's game screen); false on the server's render. */
function useFramed(): boolean {
  const [framed, setFramed] = useState(false);
  useEffect(() => setFramed(window.self !== window.top), []);
  return framed;
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" strokeLinejoin="round" />
      {muted ? (
        <path d="m17 9 5 5m0-5-5 5" strokeLinecap="round" />
      ) : (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** The stake: typed, or Min / ½ / 2× / Max (whole balance, capped by the house's limit). */
function BetControl({ g, locked: lockedByRound, fixed }: { g: HouseGame; locked?: boolean; fixed?: string }) {
  const { t } = useTranslation("layout");
  const id = useId();
  const locale = useIntlLocale();
  const currency = g.session!.currency;
  // Said before the bet, as the player types; the server checks again and has the last word.
  const locked = lockedByRound || fixed !== undefined;
  const problem = locked ? undefined : betProblem(g.amount, g.balance, currency);
  const set = (v: string) => {
    playSound("click");
    g.setAmount(v);
  };
  // Min, half, double, max: the name said, the short text shown, the amount it sets.
  const chips = [
    { label: t("houseGames.min"), text: t("houseGames.minShort"), amount: () => minBet(currency) },
    { label: t("houseGames.half"), text: "½", amount: () => halfBet(g.amount, currency) },
    { label: t("houseGames.double"), text: "2×", amount: () => doubleBet(g.amount, g.balance, currency) },
    { label: t("houseGames.max"), text: t("houseGames.maxShort"), amount: () => maxBet(g.balance, currency) },
  ];
  const chip =
    "h-9 flex-1 rounded-lg bg-surface-2 text-xs font-bold text-muted transition hover:bg-surface-3 hover:text-fg disabled:opacity-50";
  return (
    <div>
      <label htmlFor={id} className="mb-1 flex justify-between text-xs font-semibold text-muted">
        <span>{t("houseGames.amount")}</span>
        <span className="font-mono">{currency}</span>
      </label>
      <AmountInput
        id={id}
        locale={locale}
        fraction={betPlaces(currency)}
        value={fixed ?? g.amount}
        disabled={locked}
        onValueChange={g.setAmount}
        data-testid="house-amount"
        controlSize="sm"
        className="font-mono text-base font-bold tabular-nums"
      />
      {problem && (
        <p role="status" data-testid="house-amount-problem" className="mt-1 text-xs text-danger">
          {t(`houseGames.amountProblems.${problem}`, { min: minBet(currency) })}
        </p>
      )}
      <div className="mt-2 flex gap-1.5">
        {chips.map((c) => (
          <Pressable
            key={c.label}
            disabled={locked}
            className={chip}
            aria-label={c.label}
            onClick={() => set(c.amount())}
          >
            {c.text}
          </Pressable>
        ))}
      </div>
    </div>
  );
}

/** The main button of a game; its text is its accessible name (tests and screen readers rely on it). */
export function ActionButton({
  label,
  onClick,
  disabled,
  tone = "accent",
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: "accent" | "gold";
  testId?: string;
}) {
  return (
    <Pressable
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className={`h-14 w-full rounded-xl text-lg font-extrabold tracking-wide uppercase shadow-[0_10px_30px_-12px_var(--c-accent)] transition active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60 ${
        tone === "gold" ? "bg-gold text-black" : "bg-accent text-accent-fg hover:brightness-110"
      }`}
    >
      {label}
    </Pressable>
  );
}

/** A game's bet button (roll, drop, spin): idle while a call is out or the board still shows the last round. */
export function PlayButton({
  g,
  label,
  onPlay,
  disabled,
}: {
  g: HouseGame;
  label: string;
  onPlay: () => unknown;
  disabled?: boolean;
}) {
  return (
    <ActionButton
      label={label}
      onClick={() => void onPlay()}
      disabled={disabled || g.busy}
      testId="house-play"
    />
  );
}

/**
 * The shell of a multi-step game (mines, hilo): the bet is locked while a round is open, and its button is
 * "Cash out" then (idle until a step has been won), else the bet button that opens one.
 */
export function StepGameShell({
  g,
  board,
  options,
  open,
  canCashOut,
  onCashOut,
  onStart,
}: {
  g: HouseGame;
  board: ReactNode;
  options: ReactNode;
  open: boolean;
  canCashOut: boolean;
  onCashOut: () => unknown;
  onStart: () => unknown;
}) {
  const { t } = useTranslation("layout");
  const action = open ? (
    <ActionButton
      tone="gold"
      label={t("houseGames.cashOut")}
      onClick={() => void onCashOut()}
      disabled={g.busy || !canCashOut}
      testId="house-cashout"
    />
  ) : (
    <PlayButton g={g} label={t("houseGames.bet")} onPlay={onStart} />
  );
  return <GameShell g={g} board={board} options={options} lockBet={open} action={action} />;
}

/** The figures beside a game's options (multiplier, chance, the next step's pay), two to a row. */
export function Readouts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-center text-xs">
      {items.map((r) => (
        <div key={r.label} className="rounded-xl bg-bg/60 p-2">
          <dt className="text-muted">{r.label}</dt>
          <dd className="font-mono text-base font-bold">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One of a few values picked with pressed buttons (under/over, rows, risk); `track` lays the buttons out. */
export function Choice<T extends string | number>({
  legend,
  hideLegend,
  values,
  value,
  onChange,
  text,
  disabled,
  track = "flex gap-1",
}: {
  legend: string;
  hideLegend?: boolean;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text: (value: T) => ReactNode;
  disabled?: boolean;
  track?: string;
}) {
  return (
    <fieldset>
      <legend className={hideLegend ? "sr-only" : "mb-1 text-xs font-semibold text-muted"}>{legend}</legend>
      <div className={`${track} rounded-xl bg-bg/60 p-1`}>
        {values.map((v) => (
          <Pressable
            key={v}
            aria-pressed={value === v}
            disabled={disabled}
            onClick={() => onChange(v)}
            className={`h-9 flex-1 rounded-lg text-sm font-bold transition disabled:opacity-60 ${value === v ? "bg-surface-3 text-fg" : "text-muted hover:text-fg"}`}
          >
            {text(v)}
          </Pressable>
        ))}
      </div>
    </fieldset>
  );
}

function ErrorBanner({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const e = g.error!;
  return (
    <div
      role="alert"
      data-testid="house-error"
      data-error={e.key}
      className="absolute inset-x-3 top-3 z-20 flex items-start gap-2 rounded-xl border border-danger/50 bg-bg/95 p-3 text-sm shadow-xl"
    >
      <WarningIcon size={18} className="mt-0.5 shrink-0 text-danger" />
      <p className="flex-1">{t(`houseGames.errors.${e.key}`)}</p>
      {e.fatal ? (
        <Button variant="link" onClick={() => window.location.reload()}>
          {t("houseGames.reload")}
        </Button>
      ) : (
        <Pressable
          onClick={() => g.setError(null)}
          aria-label={t("houseGames.dismiss")}
          className="text-muted hover:text-fg"
        >
          <CloseIcon size={18} />
        </Pressable>
      )}
    </div>
  );
}

/** The link to recompute a round on the verification page, opened beside the game. */
export function useVerifyHref(g: HouseGame): (roundId: string) => string {
  const lp = useLocalePath();
  return (roundId) => lp(`/provably-fair?${verifyQuery({ token: g.token, round: roundId })}`);
}

function LastRound({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const href = useVerifyHref(g);
  const r = g.lastRound;
  if (!r) return <p className="text-center text-xs text-muted">{t("houseGames.noRounds")}</p>;
  const won = Number(r.payout) > 0;
  return (
    <div
      data-testid="house-last-round"
      data-round-id={r.id}
      className="flex items-center justify-between gap-2 rounded-xl bg-bg/60 px-3 py-2 text-xs"
    >
      <span className="text-muted">
        {t("houseGames.round", { id: r.id })} ·{" "}
        <span className={won ? "font-bold text-accent" : "text-muted"}>
          {won ? `+${money(r.payout, r.currency)}` : t("houseGames.noWin")}
        </span>
      </span>
      <VerifyLink href={href(r.id)} />
    </div>
  );
}

/** Seeds, rotation and the rounds of this page with their verification links. */
function FairnessPanel({ g, onClose, body }: { g: HouseGame; onClose: () => void; body?: ReactNode }) {
  const { t } = useTranslation("layout");
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-40 flex justify-end">
      <Pressable
        tabIndex={-1}
        aria-label={t("houseGames.close")}
        onClick={onClose}
        className="absolute inset-0 cursor-default bg-black/60"
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="house-fairness"
        className="relative flex h-full w-full max-w-md flex-col gap-4 overflow-y-auto border-l border-line bg-surface p-4"
      >
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold">
            <ShieldIcon className="text-accent" /> {t("houseGames.fairness")}
          </h2>
          <Pressable
            ref={closeRef}
            onClick={onClose}
            aria-label={t("houseGames.close")}
            className="grid size-9 place-items-center rounded-lg hover:bg-surface-2"
          >
            <CloseIcon size={18} />
          </Pressable>
        </div>
        {body ?? <SeedsFairness g={g} />}
      </div>
    </div>
  );
}

/** The seeds, their rotation and the rounds played on them: the fairness of the games dealt per player. */
function SeedsFairness({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const href = useVerifyHref(g);
  const seedId = useId();
  const [clientSeed, setClientSeed] = useState(g.seeds?.clientSeed ?? "");
  const [previous, setPrevious] = useState<RotateAnswer["previous"] | null>(null);
  const rotate = async () => {
    const answer = await g.run(() => g.api.rotate(clientSeed.trim() || undefined));
    if (!answer) return;
    setPrevious(answer.previous);
    g.setSeeds(answer.current);
    setClientSeed(answer.current.clientSeed);
  };
  const seeds = g.seeds;
  return (
    <>
      <p className="text-sm text-muted">{t("houseGames.fairIntro")}</p>
      {g.error && (
        <p role="alert" className="rounded-lg bg-danger/10 p-2 text-sm text-danger">
          {t(`houseGames.errors.${g.error.key}`)}
        </p>
      )}
      {seeds && (
        <dl className="grid gap-2 text-sm">
          <Field
            label={t("houseGames.serverSeedHash")}
            value={seeds.serverSeedHash}
            testId="house-seed-hash"
          />
          <Field label={t("houseGames.clientSeed")} value={seeds.clientSeed} testId="house-client-seed" />
          <Field label={t("houseGames.nonce")} value={String(seeds.nonce)} testId="house-nonce" />
        </dl>
      )}
      <div className="rounded-xl border border-line p-3">
        <label htmlFor={seedId} className="mb-1 block text-xs font-semibold text-muted">
          {t("houseGames.newClientSeed")}
        </label>
        <input
          id={seedId}
          value={clientSeed}
          maxLength={64}
          onChange={(e) => setClientSeed(e.target.value)}
          className="w-full rounded-lg border border-line bg-bg/60 px-3 py-2 font-mono text-sm outline-none focus:border-accent"
        />
        <Pressable
          onClick={rotate}
          disabled={g.busy}
          data-testid="house-rotate"
          className="mt-2 h-10 w-full rounded-lg bg-accent-2 text-sm font-bold text-white hover:brightness-110 disabled:opacity-60"
        >
          {t("houseGames.rotate")}
        </Pressable>
        <p className="mt-2 text-xs text-muted">{t("houseGames.rotateHint")}</p>
      </div>
      {previous && (
        <div
          data-testid="house-previous-seeds"
          className="rounded-xl border border-accent/40 bg-accent/5 p-3"
        >
          <h3 className="mb-2 text-sm font-bold">{t("houseGames.previousSeeds")}</h3>
          <dl className="grid gap-2 text-sm">
            <Field
              label={t("houseGames.serverSeed")}
              value={previous.serverSeed}
              testId="house-revealed-seed"
            />
            <Field label={t("houseGames.serverSeedHash")} value={previous.serverSeedHash} />
            <Field label={t("houseGames.clientSeed")} value={previous.clientSeed} />
            <Field label={t("houseGames.betsPlayed")} value={String(previous.nonce)} />
          </dl>
        </div>
      )}
      <div>
        <h3 className="mb-2 text-sm font-bold">{t("houseGames.rounds")}</h3>
        {g.history.length === 0 && g.roundsFailed ? (
          <p role="alert" className="text-sm text-danger" data-testid="house-rounds-failed">
            {t("houseGames.roundsFailed")}{" "}
            <Button variant="inline" onClick={() => void g.reloadRounds()}>
              {t("houseGames.retry")}
            </Button>
          </p>
        ) : g.history.length === 0 ? (
          <p className="text-sm text-muted">{t("houseGames.noRounds")}</p>
        ) : (
          <ul className="grid gap-1.5">
            {g.history.map((r) => (
              <li
                key={r.id}
                className="flex items-center justify-between gap-2 rounded-lg bg-bg/60 px-3 py-2 text-sm"
              >
                <span>
                  {t("houseGames.round", { id: r.id })}{" "}
                  <span className="text-muted">
                    · {t("houseGames.nonce")} {r.nonce} · {money(r.payout, r.currency)}
                  </span>
                </span>
                <VerifyLink href={href(r.id)} testId="house-verify-link" roundId={r.id} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** A round's check on the verifier page, in a new tab (the game stays as it is). */
export function VerifyLink({ href, testId, roundId }: { href: string; testId?: string; roundId?: string }) {
  const { t } = useTranslation("layout");
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      data-testid={testId}
      data-round-id={roundId}
      className="font-semibold text-accent hover:underline"
    >
      {t("houseGames.verify")}
    </a>
  );
}

export function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd data-testid={testId} className="break-all rounded-lg bg-bg/60 px-2 py-1.5 font-mono text-xs">
        {value}
      </dd>
    </div>
  );
}
