import { useEffect, useRef, useState } from "react";
import {
  type BlackjackAction,
  type BlackjackHand,
  type BlackjackResult,
  handTotal,
  isBlackjack,
  MULTIPLIER_SCALE,
  payout,
} from "#common/house-games";
import { addAmounts } from "#common/money";
import { Pressable } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { HouseRound, PlayAnswer } from "./api";
import { betPlaces } from "./bet";
import { GameShell, PlayButton } from "./GameShell";
import { PlayingCard } from "./PlayingCard";
import { playSound } from "./sound";
import { FIELD_TAGS, isGameKey, useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

/** What the server shows of a blackjack round (the hole card and the draw order only once it is over). */
interface Table {
  player: BlackjackHand[];
  dealer: number[];
  phase: "insurance" | "player" | "done";
  active: number;
  insurance: null | "pending" | "taken" | "declined";
  legal: BlackjackAction[];
  first: string;
}

const tableOf = (round: HouseRound): Table => {
  const o = round.outcome as unknown as Table;
  return { ...o, legal: round.status === "open" ? (o.legal ?? []) : [] };
};

/** The keys of the moves: H hit, S stand, D double, P split, I insurance, N no insurance. */
export const MOVE_KEYS: Record<string, BlackjackAction> = {
  h: "hit",
  s: "stand",
  d: "double",
  p: "split",
  i: "insurance",
  n: "no-insurance",
};

const MOVES: BlackjackAction[] = ["hit", "stand", "double", "split"];
/** A card's width on the table: the hands overlap by a negative space, so the width is fixed. */
const CARD = "w-16 sm:w-20";

/** "soft 17" or "17": what a hand counts now. */
function totalText(cards: number[], t: (k: string, o?: Record<string, unknown>) => string) {
  const { total, soft } = handTotal(cards);
  if (isBlackjack(cards)) return t("houseGames.blackjack.natural");
  return soft && total < 21 ? t("houseGames.blackjack.soft", { total }) : String(total);
}

/**
 * Blackjack: the dealer's hand above, the player's hands below (side by side on a wide screen, one under the
 * other on a phone), the moves allowed now as buttons and keys, insurance asked when the dealer shows an ace.
 */
export function Blackjack({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const [round, setRound] = useState<HouseRound | null>(() =>
    g.session?.openRound?.engine === "blackjack" ? g.session.openRound : null,
  );
  const table = round ? tableOf(round) : null;
  const open = round?.status === "open";

  const show = (answer: PlayAnswer) => {
    setRound(answer.round);
    g.setBalance(answer.balance);
    if (answer.seeds) g.setSeeds(answer.seeds);
    if (answer.round.status !== "open") {
      const won = Number(answer.round.payout) > 0;
      playSound(Number(answer.round.payout) > Number(answer.round.bet) ? "win" : won ? "reveal" : "lose");
      g.settle(answer);
    } else playSound("reveal");
  };

  const deal = async () => {
    if (open || g.busy) return;
    playSound("click");
    const answer = await g.run(() => g.api.blackjackStart(g.amount));
    if (answer) show(answer);
    else {
      // A round may be open after all (a start whose answer was lost): show it, the next move goes on with it.
      const state = await g.api.session().catch(() => null);
      if (state?.openRound?.engine === "blackjack") setRound(state.openRound);
    }
  };

  const act = async (action: BlackjackAction) => {
    if (!table || !open || g.busy || !table.legal.includes(action)) return;
    playSound("click");
    const hand = table.phase === "player" ? table.active : undefined;
    const answer = await g.run(() => g.api.blackjackAction(action, hand));
    if (answer) show(answer);
  };

  useHotkeys({ play: () => void (open ? undefined : deal()) });
  // The letters of the moves, outside fields and dialogs (as the shared hotkeys do for space and enter).
  const actRef = useRef(act);
  actRef.current = act;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A move's letter works on a focused button too: only fields keep their keys.
      if (!isGameKey(e, FIELD_TAGS)) return;
      const action = MOVE_KEYS[e.key.toLowerCase()];
      if (!action) return;
      e.preventDefault();
      void actRef.current(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const over = round && !open;
  const hidden = open && table ? 1 : 0;

  const board = (
    <div className="flex flex-1 flex-col items-center justify-between gap-4 bg-[radial-gradient(90%_70%_at_50%_40%,#0f5132_0%,transparent_75%)] p-3 sm:p-6">
      <div className="flex flex-col items-center gap-2" data-testid="blackjack-dealer">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">
          {t("houseGames.blackjack.dealer")}
          {table && (
            <span
              data-testid="blackjack-dealer-total"
              className="ml-2 rounded bg-bg/70 px-1.5 py-0.5 font-mono text-fg"
            >
              {open ? handTotal(table.dealer.slice(0, 1)).total : totalText(table.dealer, t)}
            </span>
          )}
        </p>
        <div className="flex min-h-[5.6rem] -space-x-8 sm:min-h-[7rem] sm:-space-x-10">
          {table ? (
            <>
              {table.dealer.map((c, i) => (
                <PlayingCard key={`${i}-${c}`} card={c} className={CARD} testId="blackjack-card" />
              ))}
              {hidden > 0 && <PlayingCard className={CARD} testId="blackjack-card" />}
            </>
          ) : (
            <>
              <PlayingCard className={CARD} testId="blackjack-card" />
              <PlayingCard className={CARD} testId="blackjack-card" />
            </>
          )}
        </div>
      </div>

      <p className="text-center text-[0.7rem] font-bold uppercase tracking-[0.2em] text-gold/80">
        {t("houseGames.blackjack.tableRules")}
      </p>

      {table?.phase === "insurance" && open && (
        <div
          role="alertdialog"
          aria-labelledby="bj-insurance"
          data-testid="blackjack-insurance"
          className="flex flex-col items-center gap-2 rounded-xl border border-gold/50 bg-bg/80 p-3 text-center"
        >
          <p id="bj-insurance" className="text-sm font-semibold">
            {t("houseGames.blackjack.insuranceAsk", {
              amount: money(
                payout(table.first, MULTIPLIER_SCALE / 2, betPlaces(round.currency)),
                round.currency,
              ),
            })}
          </p>
          <div className="flex gap-2">
            {table.legal.includes("insurance") && (
              <MoveButton
                label={t("houseGames.blackjack.insurance")}
                k="I"
                testId="blackjack-move-insurance"
                onClick={() => void act("insurance")}
                disabled={g.busy}
                tone="gold"
              />
            )}
            {table.legal.includes("no-insurance") && (
              <MoveButton
                label={t("houseGames.blackjack.noInsurance")}
                k="N"
                testId="blackjack-move-no-insurance"
                onClick={() => void act("no-insurance")}
                disabled={g.busy}
              />
            )}
          </div>
        </div>
      )}

      <div className="flex w-full flex-col items-center gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-center sm:gap-6">
        {(table?.player ?? [null]).map((hand, i) => (
          <Hand
            key={i}
            hand={hand}
            index={i}
            count={table?.player.length ?? 1}
            active={Boolean(open && table?.phase === "player" && table.active === i)}
            stake={table ? (hand?.doubled ? addAmounts(table.first, table.first) : table.first) : null}
            currency={round?.currency ?? g.session!.currency}
          />
        ))}
      </div>

      <p
        aria-live="polite"
        data-testid="blackjack-message"
        className="min-h-6 text-center text-sm font-semibold"
      >
        {over ? (
          Number(round.payout) > 0 ? (
            <span className="text-accent">
              {t("houseGames.win", { amount: money(round.payout, round.currency) })}
            </span>
          ) : (
            <span className="text-danger">{t("houseGames.blackjack.lost")}</span>
          )
        ) : open && table?.phase === "player" ? (
          <span className="text-muted">{t("houseGames.blackjack.yourMove")}</span>
        ) : !round ? (
          <span className="text-muted">{t("houseGames.blackjack.placeBet")}</span>
        ) : null}
      </p>
    </div>
  );

  const moves =
    open && table?.phase === "player" ? (
      <div className="grid grid-cols-2 gap-2" data-testid="blackjack-moves">
        {MOVES.filter((m) => table.legal.includes(m)).map((m) => (
          <MoveButton
            key={m}
            label={t(`houseGames.blackjack.${m}`)}
            k={Object.entries(MOVE_KEYS)
              .find(([, a]) => a === m)![0]
              .toUpperCase()}
            testId={`blackjack-move-${m}`}
            onClick={() => void act(m)}
            disabled={g.busy}
            tone={m === "hit" || m === "stand" ? "accent" : "plain"}
          />
        ))}
      </div>
    ) : null;

  return (
    <GameShell
      g={g}
      board={board}
      lockBet={Boolean(open)}
      options={<p className="text-xs text-muted">{t("houseGames.blackjack.keys")}</p>}
      action={open ? moves : <PlayButton g={g} label={t("houseGames.blackjack.deal")} onPlay={deal} />}
    />
  );
}

function Hand({
  hand,
  index,
  count,
  active,
  stake,
  currency,
}: {
  hand: BlackjackHand | null;
  index: number;
  count: number;
  active: boolean;
  stake: string | null;
  currency: string;
}) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const result: BlackjackResult | undefined = hand?.result;
  const tone =
    result === "win" || result === "blackjack"
      ? "ring-accent"
      : result === "push"
        ? "ring-gold"
        : result
          ? "ring-danger/70"
          : active
            ? "ring-gold"
            : "ring-transparent";
  return (
    <section
      aria-label={
        count > 1 ? t("houseGames.blackjack.handN", { n: index + 1 }) : t("houseGames.blackjack.yourHand")
      }
      data-testid="blackjack-hand"
      data-active={active}
      data-result={result ?? ""}
      data-total={hand ? handTotal(hand.cards).total : ""}
      className={`flex flex-col items-center gap-2 rounded-2xl p-2 ring-2 transition ${tone} ${active ? "bg-gold/5" : ""}`}
    >
      <div
        className={`flex min-h-[5.6rem] sm:min-h-[7rem] ${count > 2 ? "-space-x-10 sm:-space-x-12" : "-space-x-8 sm:-space-x-10"}`}
      >
        {hand ? (
          hand.cards.map((c, i) => (
            <PlayingCard key={`${i}-${c}`} card={c} className={CARD} testId="blackjack-card" />
          ))
        ) : (
          <>
            <PlayingCard className={CARD} testId="blackjack-card" />
            <PlayingCard className={CARD} testId="blackjack-card" />
          </>
        )}
      </div>
      {hand && (
        <p className="flex items-center gap-2 text-xs">
          <span className="rounded-md bg-bg/80 px-2 py-0.5 font-mono text-sm font-bold">
            {handTotalText(hand, t)}
          </span>
          {stake !== null && <span className="text-muted">{money(stake, currency)}</span>}
          {result && (
            <span
              className={`rounded-md px-2 py-0.5 font-bold uppercase ${
                result === "win" || result === "blackjack"
                  ? "bg-accent/20 text-accent"
                  : result === "push"
                    ? "bg-gold/20 text-gold"
                    : "bg-danger/15 text-danger"
              }`}
            >
              {t(`houseGames.blackjack.results.${result}`)}
            </span>
          )}
        </p>
      )}
    </section>
  );
}

const handTotalText = (hand: BlackjackHand, t: (k: string, o?: Record<string, unknown>) => string) =>
  hand.fromSplit && handTotal(hand.cards).total === 21 && hand.cards.length === 2
    ? "21"
    : totalText(hand.cards, t);

function MoveButton({
  label,
  k,
  testId,
  onClick,
  disabled,
  tone = "plain",
}: {
  label: string;
  k: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: "accent" | "gold" | "plain";
}) {
  const cls =
    tone === "accent"
      ? "bg-accent text-accent-fg hover:brightness-110"
      : tone === "gold"
        ? "bg-gold text-black hover:brightness-110"
        : "bg-surface-3 text-fg hover:bg-[#2c3758]";
  return (
    <Pressable
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={k}
      data-testid={testId}
      className={`flex h-12 items-center justify-center gap-2 rounded-xl px-4 text-base font-extrabold uppercase tracking-wide transition active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60 ${cls}`}
    >
      {label}
      <kbd className="rounded bg-black/20 px-1.5 text-[0.65rem] font-bold">{k}</kbd>
    </Pressable>
  );
}
