import { type ComponentProps, Fragment, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { CrashVerifiable } from "#common/api/crash";
import {
  BACCARAT_SPOTS,
  baccaratTotal,
  cardText,
  HOUSE_ENGINES,
  type HouseEngine,
  KENO_NUMBERS,
  KENO_RISKS,
  MINES_TILES,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type RouletteBet,
  type SlotSymbol,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
} from "#common/house-games";
import { isServerSeed } from "#common/provably-fair";
import { Input, Select } from "~/components/ui/Input";
import { ShieldIcon } from "~/components/ui/icons";
import { CheckIcon, WarningIcon } from "~/components/ui/page-icons";
import { PageHeader } from "~/features/content/PageHeader";
import { useTranslation } from "~/lib/i18n-react";
import { crashRoundApi, houseApi, type VerifiableRound } from "./api";
import { betPlaces } from "./bet";
import { PlayingCard } from "./PlayingCard";
import { PocketSquare } from "./RoulettePocket";
import { SlotSymbolArt } from "./SlotSymbols";
import { errorOf } from "./use-house-game";
import {
  actionsFromText,
  betsFromText,
  betsText,
  holdsFromText,
  inputFromQuery,
  movesFromText,
  paramsOfRound,
  type Recomputed,
  recompute,
  sameOutcome,
  seedMatches,
  type VerifyInput,
} from "./verify";

const inputCls =
  "w-full rounded-xl border border-line bg-bg/60 px-3 py-2.5 font-mono text-sm outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25";

/**
 * Loads the round a link names and hands it to `onLoaded`; the returned clean-up drops an answer that comes
 * after the link changed or the page left.
 */
function loadLinked<T>(
  request: Promise<T>,
  { setLoading, setLoadError }: { setLoading: (on: boolean) => void; setLoadError: (key: string) => void },
  onLoaded: (round: T) => void,
): () => void {
  let live = true;
  setLoading(true);
  request
    .then((r) => live && onLoaded(r))
    .catch((err) => live && setLoadError(errorOf(err).key))
    .finally(() => live && setLoading(false));
  return () => {
    live = false;
  };
}

/**
 * `/provably-fair`: a player recomputes any round in the browser from its seeds (common/provably-fair.ts and
 * common/house-games, the code the server deals with). A link from a game (`?token=&round=`) fills the form
 * from the stored round; the math never asks the server.
 */
export function VerifyPage() {
  const { t } = useTranslation("layout");
  const [query] = useSearchParams();
  const [input, setInput] = useState<VerifyInput>(() => inputFromQuery(query));
  const [stored, setStored] = useState<VerifiableRound | null>(null);
  /** A crash round named by a link (`?engine=crash&round=`): its public record. */
  const [storedCrash, setStoredCrash] = useState<CrashVerifiable | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const token = query.get("token");
  const roundId = query.get("round");

  const crashLink = query.get("engine") === "crash";
  useEffect(() => {
    if (!crashLink || !roundId) return;
    return loadLinked(crashRoundApi(roundId), { setLoading, setLoadError }, (r) => {
      setStoredCrash(r);
      setInput((i) => ({
        ...i,
        engine: "crash",
        serverSeed: r.round.hash ?? "",
        serverSeedHash: r.previousHash ?? "",
        clientSeed: r.salt,
      }));
    });
  }, [crashLink, roundId]);

  useEffect(() => {
    if (crashLink || !token || !roundId) return;
    return loadLinked(houseApi(token).round(roundId), { setLoading, setLoadError }, (r) => {
      setStored(r);
      setInput((i) => ({
        ...i,
        engine: r.round.engine,
        serverSeed: r.seeds.serverSeed ?? "",
        serverSeedHash: r.seeds.serverSeedHash,
        clientSeed: r.seeds.clientSeed,
        nonce: r.seeds.nonce,
        places: betPlaces(r.round.currency),
        ...paramsOfRound(r.round.engine, r.round.params, r.round.outcome),
      }));
    });
  }, [crashLink, token, roundId]);

  const seedOk = isServerSeed(input.serverSeed.trim());
  const result = useMemo<Recomputed | { error: true } | null>(() => {
    if (!seedOk) return null;
    try {
      return recompute({ ...input, serverSeed: input.serverSeed.trim() });
    } catch {
      return { error: true };
    }
  }, [input, seedOk]);
  const matches = seedOk ? seedMatches(input.serverSeed.trim(), input.serverSeedHash) : undefined;
  const crash = input.engine === "crash";
  const sameAsStored =
    result && !("error" in result) && stored && stored.round.engine === input.engine
      ? sameOutcome(result, stored.round.outcome)
      : result && !("error" in result) && crash && storedCrash?.round.crashPoint !== undefined
        ? sameOutcome(result, storedCrash.round)
        : undefined;
  const set = (patch: Partial<VerifyInput>) => setInput((i) => ({ ...i, ...patch }));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title={t("houseGames.verifyPage.title")} intro={t("houseGames.verifyPage.intro")} />
      <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
        <div className="grid gap-6">
          {loading && (
            <div aria-busy="true" className="h-20 animate-pulse rounded-card bg-surface" role="status">
              <span className="sr-only">{t("houseGames.loading")}</span>
            </div>
          )}
          {loadError && (
            <p role="alert" className="rounded-card border border-danger/40 bg-danger/10 p-4 text-sm">
              {t("houseGames.verifyPage.roundFailed")} {t(`houseGames.errors.${loadError}`)}
            </p>
          )}
          {storedCrash && (
            <p data-testid="verify-stored" className="rounded-card border border-line bg-surface p-4 text-sm">
              {storedCrash.round.phase === "crashed"
                ? t("houseGames.verifyPage.crashStored", {
                    id: storedCrash.round.id,
                    point: storedCrash.round.crashPoint!.toFixed(2),
                  })
                : storedCrash.round.phase === "void"
                  ? t("houseGames.verifyPage.crashVoid", { id: storedCrash.round.id })
                  : t("houseGames.verifyPage.crashNotOver", { id: storedCrash.round.id })}
            </p>
          )}
          {stored && (
            <p data-testid="verify-stored" className="rounded-card border border-line bg-surface p-4 text-sm">
              {t("houseGames.verifyPage.stored", {
                id: stored.round.id,
                engine: t(`houseGames.engines.${stored.round.engine}`),
                bet: stored.round.bet,
                payout: stored.round.payout,
                currency: stored.round.currency,
              })}
              {!stored.seeds.serverSeed && (
                <span className="mt-2 block text-gold">{t("houseGames.verifyPage.notRevealed")}</span>
              )}
            </p>
          )}
          <Form input={input} set={set} />
          <section
            aria-live="polite"
            aria-labelledby="verify-result-title"
            className="rounded-card border border-line bg-surface p-4 sm:p-6"
          >
            <h2 id="verify-result-title" className="mb-3 text-lg font-bold">
              {t("houseGames.verifyPage.result")}
            </h2>
            {!seedOk ? (
              <p className="text-sm text-muted">{t("houseGames.verifyPage.needSeed")}</p>
            ) : result && "error" in result ? (
              <p className="text-sm text-danger">{t("houseGames.verifyPage.badParams")}</p>
            ) : (
              result && (
                <div className="grid gap-4">
                  <Check
                    testId="verify-commitment"
                    ok={matches}
                    yes={t(crash ? "houseGames.verifyPage.chainLinks" : "houseGames.verifyPage.hashMatches")}
                    no={t(crash ? "houseGames.verifyPage.chainBroken" : "houseGames.verifyPage.hashDiffers")}
                    none={t(crash ? "houseGames.verifyPage.noPrevious" : "houseGames.verifyPage.noHash")}
                  />
                  {sameAsStored !== undefined && (
                    <Check
                      testId="verify-outcome-match"
                      ok={sameAsStored}
                      yes={t("houseGames.verifyPage.outcomeMatches")}
                      no={t("houseGames.verifyPage.outcomeDiffers")}
                    />
                  )}
                  <Outcome r={result} />
                </div>
              )
            )}
          </section>
        </div>
        <aside className="self-start rounded-card border border-line bg-surface-2/60 p-5 sm:p-6">
          <h2 className="flex items-center gap-2 font-bold">
            <ShieldIcon className="text-accent" /> {t("houseGames.verifyPage.howTitle")}
          </h2>
          <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-muted">
            {(["how1", "how2", "how3", "how4", "how5"] as const).map((k) => (
              <li key={k}>{t(`houseGames.verifyPage.${k}`)}</li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-muted">{t("houseGames.verifyPage.crashHow")}</p>
        </aside>
      </div>
    </div>
  );
}

const DICE_DIRECTIONS = ["under", "over"] as const;

/** The three seeds' boxes; crash calls them by its chain's words (the round's hash, the previous hash, the salt). */
const SEED_FIELDS = [
  {
    id: "serverSeed",
    seed: "serverSeed",
    label: "houseGames.serverSeed",
    crashLabel: "houseGames.crash.roundHash",
  },
  {
    id: "hash",
    seed: "serverSeedHash",
    label: "houseGames.serverSeedHash",
    crashLabel: "houseGames.crash.previousHash",
  },
  {
    id: "clientSeed",
    seed: "clientSeed",
    label: "houseGames.clientSeed",
    crashLabel: "houseGames.crash.salt",
  },
] as const;

function Form({ input, set }: { input: VerifyInput; set: (p: Partial<VerifyInput>) => void }) {
  const { t } = useTranslation("layout");
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  /** One labelled control of the form; `wide` spans both columns, `hint` says below it how to write it. */
  const labelled = (
    name: string,
    text: string,
    control: ReactNode,
    { wide = false, hint }: { wide?: boolean; hint?: string } = {},
  ) => (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={f(name)} className="mb-1 block text-xs font-semibold text-muted">
        {text}
      </label>
      {control}
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </div>
  );
  /** A labelled box in the form's monospace look. */
  const field = (name: string, text: string, props: ComponentProps<typeof Input>, wide = false) =>
    labelled(name, text, <Input controlSize="sm" className="font-mono" id={f(name)} {...props} />, { wide });
  /** A labelled choice among `options`, each shown by `show`; it gives back the option itself (a number stays one). */
  const pick = <V extends string | number>(
    name: string,
    text: string,
    value: V,
    options: readonly V[],
    onPick: (value: V) => void,
    show: (option: V) => string = String,
  ) =>
    labelled(
      name,
      text,
      <Select
        controlSize="sm"
        className="font-mono"
        id={f(name)}
        value={value}
        onChange={(e) => onPick(options.find((o) => String(o) === e.target.value) ?? value)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {show(o)}
          </option>
        ))}
      </Select>,
    );
  const crash = input.engine === "crash";
  return (
    <form
      className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 sm:p-6"
      onSubmit={(e) => e.preventDefault()}
    >
      {labelled(
        "engine",
        t("houseGames.verifyPage.game"),
        <Select
          controlSize="sm"
          className="font-mono"
          id={f("engine")}
          name="engine"
          value={input.engine}
          onChange={(e) => set({ engine: e.target.value as HouseEngine })}
        >
          {HOUSE_ENGINES.map((e) => (
            <option key={e} value={e}>
              {t(`houseGames.engines.${e}`)}
            </option>
          ))}
        </Select>,
      )}
      {!crash &&
        field("nonce", t("houseGames.nonce"), {
          name: "nonce",
          type: "number",
          min: 0,
          step: 1,
          value: input.nonce,
          onChange: (e) => set({ nonce: Math.max(0, Math.floor(Number(e.target.value) || 0)) }),
        })}
      {SEED_FIELDS.map(({ id: name, seed, label, crashLabel }) => (
        <Fragment key={name}>
          {field(
            name,
            t(crash ? crashLabel : label),
            {
              name: seed,
              value: input[seed],
              spellCheck: false,
              onChange: (e) => set({ [seed]: e.target.value }),
              placeholder: seed === "serverSeed" ? t("houseGames.verifyPage.seedPlaceholder") : undefined,
            },
            true,
          )}
        </Fragment>
      ))}
      {input.engine === "dice" && (
        <>
          {field("target", t("houseGames.verifyPage.target"), {
            type: "number",
            step: 0.01,
            min: 1,
            max: 99,
            value: input.dice?.target ?? 50,
            onChange: (e) =>
              set({ dice: { direction: input.dice?.direction ?? "under", target: Number(e.target.value) } }),
          })}
          {pick(
            "direction",
            t("houseGames.dice.direction"),
            input.dice?.direction ?? "under",
            DICE_DIRECTIONS,
            (direction) => set({ dice: { target: input.dice?.target ?? 50, direction } }),
            (d) => t(`houseGames.dice.${d}Short`),
          )}
        </>
      )}
      {input.engine === "limbo" &&
        field("target", t("houseGames.limbo.targetLabel"), {
          type: "number",
          step: 0.01,
          min: 1.01,
          value: input.limbo?.target ?? 2,
          onChange: (e) => set({ limbo: { target: Number(e.target.value) } }),
        })}
      {input.engine === "plinko" && (
        <>
          {pick("rows", t("houseGames.plinko.rows"), input.plinko?.rows ?? 8, PLINKO_ROWS, (rows) =>
            set({ plinko: { risk: input.plinko?.risk ?? "medium", rows } }),
          )}
          {pick(
            "risk",
            t("houseGames.plinko.risk"),
            input.plinko?.risk ?? "medium",
            PLINKO_RISKS,
            (risk) => set({ plinko: { rows: input.plinko?.rows ?? 8, risk } }),
            (r) => t(`houseGames.plinko.${r}`),
          )}
        </>
      )}
      {input.engine === "blackjack" &&
        labelled(
          "actions",
          t("houseGames.verifyPage.actions"),
          <ListField
            id={f("actions")}
            name="actions"
            placeholder="split, double, stand"
            value={(input.blackjack?.actions ?? []).join(", ")}
            parse={(text) => actionsFromText(text).join(", ")}
            onChange={(text) => set({ blackjack: { actions: actionsFromText(text) } })}
          />,
          { wide: true },
        )}
      {input.engine === "baccarat" &&
        BACCARAT_SPOTS.map((spot) => (
          <Fragment key={spot}>
            {field(spot, t("houseGames.verifyPage.stakeOn", { spot: t(`houseGames.baccarat.${spot}`) }), {
              inputMode: "decimal",
              value: input.baccarat?.bets[spot] ?? "",
              onChange: (e) => {
                const bets = { ...input.baccarat?.bets };
                const v = e.target.value.replace(",", ".").replace(/[^\d.]/g, "");
                if (v && /^\d+(\.\d+)?$/.test(v)) bets[spot] = v;
                else delete bets[spot];
                set({ baccarat: { bets } });
              },
            })}
          </Fragment>
        ))}
      {input.engine === "keno" && (
        <>
          {labelled(
            "picks",
            t("houseGames.verifyPage.picks"),
            <Input
              controlSize="sm"
              className="font-mono"
              id={f("picks")}
              defaultValue={(input.keno?.picks ?? []).join(", ")}
              key={(input.keno?.picks ?? []).join(",")}
              onBlur={(e) =>
                set({
                  keno: {
                    risk: input.keno?.risk ?? "classic",
                    picks: e.target.value
                      .split(/[\s,;]+/)
                      .filter(Boolean)
                      .map(Number),
                  },
                })
              }
            />,
          )}
          {pick(
            "kenoRisk",
            t("houseGames.keno.risk"),
            input.keno?.risk ?? "classic",
            KENO_RISKS,
            (risk) => set({ keno: { picks: input.keno?.picks ?? [], risk } }),
            (r) => t(`houseGames.keno.risks.${r}`),
          )}
        </>
      )}
      {input.engine === "mines" &&
        field("mines", t("houseGames.mines.count"), {
          type: "number",
          min: 1,
          max: 24,
          value: input.mines?.mines ?? 3,
          onChange: (e) =>
            set({ mines: { mines: Math.min(24, Math.max(1, Math.floor(Number(e.target.value) || 1))) } }),
        })}
      {input.engine === "hilo" &&
        labelled(
          "moves",
          t("houseGames.verifyPage.moves"),
          <ListField
            id={f("moves")}
            value={(input.hilo?.moves ?? []).join(", ")}
            parse={(text) => movesFromText(text).join(", ")}
            onChange={(text) => set({ hilo: { moves: movesFromText(text) } })}
          />,
          { wide: true, hint: t("houseGames.verifyPage.movesHint") },
        )}
      {input.engine === "videopoker" &&
        labelled(
          "holds",
          t("houseGames.verifyPage.holds"),
          <ListField
            id={f("holds")}
            value={(input.videopoker?.holds ?? []).map((h) => h + 1).join(", ")}
            parse={(text) =>
              holdsFromText(text, 1)
                .map((h) => h + 1)
                .join(", ")
            }
            onChange={(text) => set({ videopoker: { holds: holdsFromText(text, 1) } })}
          />,
          { wide: true, hint: t("houseGames.verifyPage.holdsHint") },
        )}
      {input.engine === "roulette" &&
        labelled(
          "bets",
          t("houseGames.verifyPage.bets"),
          <BetsBox
            id={f("bets")}
            bets={input.roulette?.bets ?? []}
            onChange={(bets) => set({ roulette: { bets } })}
          />,
          { wide: true, hint: t("houseGames.verifyPage.betsHint") },
        )}
      {input.engine === "wheel" && (
        <>
          {pick(
            "segments",
            t("houseGames.wheel.segments"),
            input.wheel?.segments ?? 10,
            WHEEL_SEGMENTS,
            (segments) => set({ wheel: { risk: input.wheel?.risk ?? "low", segments } }),
          )}
          {pick(
            "wheelRisk",
            t("houseGames.wheel.risk"),
            input.wheel?.risk ?? "low",
            WHEEL_RISKS,
            (risk) => set({ wheel: { segments: input.wheel?.segments ?? 10, risk } }),
            (r) => t(`houseGames.wheel.${r}`),
          )}
        </>
      )}
    </form>
  );
}

/**
 * Text that stands for a list (hilo's moves, the held cards, blackjack's actions, roulette's bets): it stays as
 * typed while it means the same list (`parse` reads it back as `value` writes it), and follows the list when it
 * changes from outside (a round loaded from a link).
 */
function useTypedList(value: string, parse: (text: string) => string) {
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((typed) => (parse(typed) === value ? typed : value));
  }, [value, parse]);
  return [text, setText] as const;
}

/** A list typed as text in one line (see `useTypedList`). */
function ListField({
  value,
  parse,
  onChange,
  ...box
}: {
  id: string;
  value: string;
  parse: (text: string) => string;
  onChange: (text: string) => void;
  name?: string;
  placeholder?: string;
}) {
  const [text, setText] = useTypedList(value, parse);
  return (
    <Input
      controlSize="sm"
      className="font-mono"
      {...box}
      value={text}
      spellCheck={false}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value);
      }}
    />
  );
}

/** Bets read from what was typed, written back as `betsText` writes them. */
const betsAsWritten = (text: string) => betsText(betsFromText(text));

/** A roulette spin's bets as text (verify.ts `betsText`), kept as typed while it is edited. */
function BetsBox({
  id,
  bets,
  onChange,
}: {
  id: string;
  bets: RouletteBet[];
  onChange: (bets: RouletteBet[]) => void;
}) {
  const [text, setText] = useTypedList(betsText(bets), betsAsWritten);
  return (
    <textarea
      id={id}
      rows={3}
      value={text}
      spellCheck={false}
      onChange={(e) => {
        setText(e.target.value);
        onChange(betsFromText(e.target.value));
      }}
      className={inputCls}
    />
  );
}

function Check({
  ok,
  yes,
  no,
  none,
  testId,
}: {
  ok: boolean | undefined;
  yes: string;
  no: string;
  none?: string;
  testId: string;
}) {
  const tone =
    ok === undefined
      ? "border-line text-muted"
      : ok
        ? "border-accent/50 bg-accent/10 text-accent"
        : "border-danger/50 bg-danger/10 text-danger";
  return (
    <p
      data-testid={testId}
      data-matches={ok === undefined ? "unknown" : String(ok)}
      className={`flex items-center gap-2 rounded-xl border p-3 text-sm font-semibold ${tone}`}
    >
      {ok ? <CheckIcon size={18} /> : <WarningIcon size={18} />}
      {ok === undefined ? none : ok ? yes : no}
    </p>
  );
}

/** A round told by one big number (dice's roll, limbo's result, crash's point): green won, red lost. */
function BigNumber({ value, win, note }: { value: string; win?: boolean; note: string }) {
  const big = "font-mono text-4xl font-black tabular-nums";
  const tone = win === undefined ? big : `${big} ${win ? "text-accent" : "text-danger"}`;
  return (
    <p>
      <span className={tone}>{value}</span> <span className="text-sm text-muted">{note}</span>
    </p>
  );
}

/** The recomputed outcome, drawn as the game shows it. */
function Outcome({ r }: { r: Recomputed }) {
  const { t } = useTranslation("layout");
  const verdict = (win: boolean, m: string) =>
    win ? t("houseGames.verifyPage.won", { m }) : t("houseGames.verifyPage.lost");
  let body: React.ReactNode;
  let summary: string;
  switch (r.engine) {
    case "dice":
      summary = `${r.roll.toFixed(2)}`;
      body = <BigNumber value={r.roll.toFixed(2)} win={r.win} note={verdict(r.win, r.multiplier)} />;
      break;
    case "limbo":
      summary = `${r.result.toFixed(2)}`;
      body = <BigNumber value={`${r.result.toFixed(2)}×`} win={r.win} note={verdict(r.win, r.multiplier)} />;
      break;
    case "plinko":
      summary = `${r.bucket}`;
      body = (
        <div className="grid gap-2 text-sm">
          <p className="font-mono tracking-widest">{r.path.map((d) => (d ? "R" : "L")).join(" ")}</p>
          <p>
            {t("houseGames.verifyPage.bucket", { bucket: r.bucket })} ·{" "}
            <span className="font-bold text-gold">{r.multiplier}×</span>
          </p>
        </div>
      );
      break;
    case "slot":
      summary = r.stops.join(",");
      body = (
        <div className="grid gap-2">
          <div className="grid w-full max-w-xs grid-cols-5 gap-1 rounded-xl bg-[#0a0e1a] p-2">
            {r.grid.flatMap((row, ri) =>
              row.map((s, ci) => (
                <span key={`${ri}-${ci}`} className="aspect-square p-0.5">
                  <SlotSymbolArt symbol={s as SlotSymbol} />
                </span>
              )),
            )}
          </div>
          <p className="text-sm">
            {t("houseGames.verifyPage.stops", { stops: r.stops.join(", ") })} ·{" "}
            <span className="font-bold text-gold">{r.multiplier}×</span>
          </p>
        </div>
      );
      break;
    case "blackjack":
      summary = r.drawn.join(",");
      body = (
        <div className="grid gap-3 text-sm">
          <div>
            <p className="mb-1 text-xs font-semibold text-muted">{t("houseGames.blackjack.dealer")}</p>
            <div className="flex gap-1">
              {r.dealer.map((c, i) => (
                <PlayingCard key={`${i}-${c}`} card={c} className="w-10" />
              ))}
            </div>
          </div>
          <div className="flex flex-wrap gap-4">
            {r.player.map((h, i) => (
              <div key={`${i}-${h.cards[0]}`}>
                <p className="mb-1 text-xs font-semibold text-muted">
                  {t("houseGames.blackjack.handN", { n: i + 1 })}
                  {h.result && ` · ${t(`houseGames.blackjack.results.${h.result}`)}`}
                  {h.doubled && ` · ${t("houseGames.blackjack.double")}`}
                </p>
                <div className="flex gap-1">
                  {h.cards.map((c, j) => (
                    <PlayingCard key={`${j}-${c}`} card={c} className="w-10" />
                  ))}
                </div>
              </div>
            ))}
          </div>
          <p>
            {t("houseGames.verifyPage.blackjackReturned", { units: r.returned })} ·{" "}
            <span className="font-mono text-xs text-muted">
              {t("houseGames.verifyPage.shoe", { cards: r.drawn.join(", ") })}
            </span>
          </p>
        </div>
      );
      break;
    case "crash":
      summary = r.crashPoint.toFixed(2);
      body = <BigNumber value={`${r.crashPoint.toFixed(2)}×`} note={t("houseGames.verifyPage.crashPoint")} />;
      break;
    case "mines":
      summary = [...r.mines].sort((a, b) => a - b).join(",");
      body = (
        <div className="grid gap-2">
          <div className="grid w-48 grid-cols-5 gap-1">
            {Array.from({ length: MINES_TILES }, (_, i) => (
              <span
                key={i}
                className={`aspect-square rounded ${r.mines.includes(i) ? "bg-danger" : "bg-accent/30"}`}
              />
            ))}
          </div>
          <p className="text-sm">
            {t("houseGames.verifyPage.minesAt", {
              tiles: [...r.mines]
                .sort((a, b) => a - b)
                .map((x) => x + 1)
                .join(", "),
            })}
          </p>
        </div>
      );
      break;
    case "hilo":
      summary = r.cards.map(cardText).join(" ");
      body = (
        <div className="grid gap-2">
          <ol className="flex flex-wrap gap-1.5 text-[8px]">
            {r.cards.map((c, i) => (
              <li key={i} className="w-[5em]">
                <PlayingCard card={c} />
              </li>
            ))}
          </ol>
          <p className="text-sm">{verdict(!r.lost, r.multiplier)}</p>
        </div>
      );
      break;
    case "videopoker":
      summary = `${r.hand.map(cardText).join(" ")} → ${r.final.map(cardText).join(" ")}`;
      body = (
        <div className="grid gap-3">
          {[r.hand, r.final].map((row, k) => (
            <div key={k === 0 ? "dealt" : "drawn"}>
              <p className="mb-1 text-xs font-semibold text-muted">
                {k === 0 ? t("houseGames.verifyPage.dealt") : t("houseGames.verifyPage.drawn")}
              </p>
              <ol className="grid max-w-xs grid-cols-5 gap-1.5 text-[8px]">
                {row.map((c, i) => (
                  <li key={i}>
                    <PlayingCard card={c} />
                  </li>
                ))}
              </ol>
            </div>
          ))}
          <p className="text-sm">
            {t(`houseGames.poker.hands.${r.result}`)} ·{" "}
            <span className="font-bold text-gold">{r.multiplier}×</span>
          </p>
        </div>
      );
      break;
    case "baccarat": {
      summary = `P${r.player.join(",")} B${r.banker.join(",")} ${r.winner}`;
      const hand = (side: "player" | "banker") => (
        <div className="grid gap-1">
          <p className="text-xs font-bold uppercase tracking-wider text-muted">
            {t(`houseGames.baccarat.${side}`)} ·{" "}
            <span className="font-mono text-fg">{baccaratTotal(r[side])}</span>
          </p>
          <div className="flex gap-1">
            {r[side].map((c, i) => (
              <span key={i} className="w-12">
                <PlayingCard card={c} />
              </span>
            ))}
          </div>
        </div>
      );
      body = (
        <div className="grid gap-3">
          <div className="flex flex-wrap gap-6">
            {hand("player")}
            {hand("banker")}
          </div>
          <p className="text-sm">
            {t("houseGames.verifyPage.winner", { side: t(`houseGames.baccarat.${r.winner}`) })} ·{" "}
            {Object.entries(r.returns)
              .map(([spot, m]) => `${t(`houseGames.baccarat.${spot}`)} ${m}×`)
              .join(", ")}{" "}
            ·{" "}
            <span className="font-bold text-gold">
              {t("houseGames.verifyPage.pays", { payout: r.payout })}
            </span>
          </p>
        </div>
      );
      break;
    }
    case "keno":
      summary = r.drawn.join(",");
      body = (
        <div className="grid gap-2">
          <div className="grid w-full max-w-xs grid-cols-8 gap-1">
            {Array.from({ length: KENO_NUMBERS }, (_, i) => (
              <span
                key={i}
                className={`grid aspect-square place-items-center rounded font-mono text-[0.65rem] font-bold ${
                  r.hits.includes(i + 1)
                    ? "bg-accent text-accent-fg"
                    : r.drawn.includes(i + 1)
                      ? "bg-danger/70 text-white"
                      : r.picks.includes(i + 1)
                        ? "bg-accent-2 text-white"
                        : "bg-surface-3 text-muted"
                }`}
              >
                {i + 1}
              </span>
            ))}
          </div>
          <p className="text-sm">
            {t("houseGames.verifyPage.kenoDrawn", { numbers: r.drawn.join(", ") })} ·{" "}
            {t("houseGames.verifyPage.kenoHits", { hits: r.hits.join(", ") || "–" })} ·{" "}
            <span className="font-bold text-gold">{r.multiplier}×</span>
          </p>
        </div>
      );
      break;
    case "roulette":
      summary = String(r.pocket);
      body = (
        <div className="grid gap-3">
          <p className="flex items-center gap-3">
            <PocketSquare pocket={r.pocket} className="size-14 rounded-xl text-2xl" />
            <span className="text-sm text-muted">
              {t("houseGames.verifyPage.pocket", { pocket: r.pocket })} ·{" "}
              {t(`houseGames.roulette.${r.color}`)}
            </span>
          </p>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr>
                <th className="py-1 font-semibold">{t("houseGames.verifyPage.bet")}</th>
                <th className="py-1 text-right font-semibold">{t("houseGames.amount")}</th>
                <th className="py-1 text-right font-semibold">{t("houseGames.verifyPage.paid")}</th>
              </tr>
            </thead>
            <tbody data-testid="verify-roulette-bets">
              {r.bets.map((b, i) => (
                <tr
                  key={i}
                  data-paid={b.paid}
                  className={b.returns === "0.00" ? "text-muted" : "font-bold text-accent"}
                >
                  <td className="py-1">
                    {t(`houseGames.roulette.spot.${b.bet.kind}`, {
                      numbers: b.bet.numbers?.join("/") ?? "",
                      target: b.bet.target ?? "",
                    })}
                  </td>
                  <td className="py-1 text-right font-mono">{b.bet.amount}</td>
                  <td className="py-1 text-right font-mono">
                    {b.paid} <span className="text-xs font-normal text-muted">({b.returns}×)</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-line font-bold">
                <td className="py-1" colSpan={2}>
                  {t("houseGames.verifyPage.total")}
                </td>
                <td data-testid="verify-roulette-payout" className="py-1 text-right font-mono text-gold">
                  {r.payout}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      );
      break;
    case "wheel":
      summary = String(r.segment);
      body = (
        <p className="text-sm">
          {t("houseGames.verifyPage.segment", { segment: r.segment })} ·{" "}
          <span className="font-bold text-gold">{r.multiplier}×</span>
        </p>
      );
      break;
  }
  return (
    <div data-testid="verify-outcome" data-engine={r.engine} data-summary={summary}>
      {body}
    </div>
  );
}
