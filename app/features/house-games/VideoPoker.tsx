import { useEffect, useState } from "react";
import {
  MULTIPLIER_SCALE,
  POKER_HANDS,
  type PokerHand,
  payout,
  VIDEO_POKER_HAND_SIZE,
  VIDEO_POKER_PAYTABLE,
} from "#common/house-games";
import { Pressable } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { HouseRound } from "./api";
import { betPlaces } from "./bet";
import { ActionButton, GameShell, PlayButton } from "./GameShell";
import { PlayingCard } from "./PlayingCard";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

interface Hand {
  round: HouseRound;
  /** The five dealt. */
  hand: number[];
  /** After the draw. */
  final: number[] | null;
  result: PokerHand | null;
  over: boolean;
}

const handOf = (round: HouseRound): Hand => {
  const o = round.outcome as { hand?: number[]; final?: number[]; result?: PokerHand };
  return {
    round,
    hand: o.hand ?? [],
    final: o.final ?? null,
    result: o.result ?? null,
    over: round.status !== "open",
  };
};

const PAYING = POKER_HANDS.filter((h) => h !== "nothing");

/**
 * Video poker, Jacks or Better 9/6: deal five, hold any (click or tap a card, or keys 1–5), draw; the table
 * pays the final hand. Space deals and draws.
 */
export function VideoPoker({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const currency = g.session!.currency;
  const [hand, setHand] = useState<Hand | null>(() =>
    g.session?.openRound?.engine === "videopoker" ? handOf(g.session.openRound) : null,
  );
  const [holds, setHolds] = useState<number[]>([]);
  useEffect(() => {
    if (g.session?.openRound?.engine === "videopoker") setHand(handOf(g.session.openRound));
  }, [g.session]);
  const dealt = hand && !hand.over ? hand : null;

  const deal = async () => {
    if (dealt || g.busy) return;
    playSound("click");
    const answer = await g.run(() => g.api.videoPokerStart(g.amount));
    if (!answer) return;
    setHolds([]);
    setHand(handOf(answer.round));
    playSound("reveal");
    g.setBalance(answer.balance);
    if (answer.seeds) g.setSeeds(answer.seeds);
  };

  const draw = async () => {
    if (!dealt || g.busy) return;
    const answer = await g.run(() => g.api.videoPokerDraw(holds));
    if (!answer) return;
    const next = handOf(answer.round);
    setHand(next);
    playSound(
      next.result && next.result !== "nothing" ? (next.result === "royal-flush" ? "bigWin" : "win") : "lose",
    );
    g.settle(answer);
  };

  const toggle = (i: number) => {
    if (!dealt || g.busy || i < 0 || i >= VIDEO_POKER_HAND_SIZE) return;
    playSound("tick");
    setHolds((h) => (h.includes(i) ? h.filter((x) => x !== i) : [...h, i].sort()));
  };

  useHotkeys({ play: () => void (dealt ? draw() : deal()), digit: (n) => toggle(n - 1) });

  const stake = dealt ? dealt.round.bet : g.amount;
  const places = betPlaces(currency);
  const rowAmount = (h: PokerHand) => {
    try {
      return money(payout(stake || "0", VIDEO_POKER_PAYTABLE[h] * MULTIPLIER_SCALE, places), currency);
    } catch {
      return "–";
    }
  };
  const winning = hand?.over ? hand.result : null;
  const shown = hand ? (hand.final ?? hand.hand) : [];

  const boardView = (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-3 sm:p-6">
      <table
        data-testid="poker-paytable"
        className="w-full max-w-[560px] overflow-hidden rounded-xl border border-gold/40 bg-[#0a0e1a]/80 text-xs sm:text-sm"
      >
        <caption className="sr-only">{t("houseGames.paytable")}</caption>
        <tbody>
          {PAYING.map((h) => (
            <tr
              key={h}
              data-hand={h}
              data-winning={winning === h || undefined}
              className={`border-b border-white/5 last:border-0 ${winning === h ? "bg-gold font-extrabold text-black" : "text-gold"}`}
            >
              <th scope="row" className="px-3 py-1 text-left font-bold uppercase tracking-wide">
                {t(`houseGames.poker.hands.${h}`)}
              </th>
              <td className="px-3 py-1 text-right font-mono">{VIDEO_POKER_PAYTABLE[h]}×</td>
              <td className="hidden px-3 py-1 text-right font-mono tabular-nums sm:table-cell">
                {rowAmount(h)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* biome-ignore lint/a11y/useSemanticElements: five toggle buttons, one per card */}
      <div
        role="group"
        aria-label={t("houseGames.poker.hand")}
        data-testid="poker-hand"
        className="grid w-full max-w-[560px] grid-cols-5 gap-1.5 text-[9px] sm:gap-3 sm:text-[15px]"
      >
        {Array.from({ length: VIDEO_POKER_HAND_SIZE }, (_, i) => {
          const held = dealt
            ? holds.includes(i)
            : Boolean(
                hand?.over && hand.round.outcome.holds && (hand.round.outcome.holds as number[]).includes(i),
              );
          return (
            <Pressable
              key={i}
              onClick={() => toggle(i)}
              disabled={!dealt || g.busy}
              aria-pressed={dealt ? held : undefined}
              aria-keyshortcuts={String(i + 1)}
              data-testid="poker-card"
              data-held={held || undefined}
              aria-label={t("houseGames.poker.holdCard", { n: i + 1 })}
              className={`flex flex-col items-center gap-1 rounded-xl p-0.5 transition disabled:cursor-default ${dealt ? "hover:-translate-y-1" : ""} ${held ? "-translate-y-1.5" : ""}`}
            >
              <span
                className={`h-5 rounded px-1.5 text-[11px] font-extrabold uppercase leading-5 tracking-wider ${held ? "bg-gold text-black" : "text-transparent"}`}
              >
                {t("houseGames.poker.held")}
              </span>
              <PlayingCard
                key={`${hand?.round.id}-${shown[i]}`}
                card={shown[i]}
                faceUp={shown[i] !== undefined}
                className={`w-full ${held ? "rounded-[0.6em] ring-2 ring-gold" : ""}`}
                dim={Boolean(hand?.over && winning === "nothing")}
              />
              <span className="font-mono text-[11px] text-muted">{i + 1}</span>
            </Pressable>
          );
        })}
      </div>
      <p aria-live="polite" data-testid="poker-status" className="min-h-6 text-center text-sm font-semibold">
        {hand?.over ? (
          hand.result && hand.result !== "nothing" ? (
            <span className="text-accent">
              {t(`houseGames.poker.hands.${hand.result}`)} —{" "}
              {t("houseGames.win", { amount: money(hand.round.payout, hand.round.currency) })}
            </span>
          ) : (
            <span className="text-muted">{t("houseGames.poker.noHand")}</span>
          )
        ) : dealt ? (
          <span className="text-muted">{t("houseGames.poker.pick")}</span>
        ) : (
          <span className="text-muted">{t("houseGames.poker.intro")}</span>
        )}
      </p>
    </div>
  );

  return (
    <GameShell
      g={g}
      board={boardView}
      lockBet={Boolean(dealt)}
      action={
        dealt ? (
          <ActionButton
            tone="gold"
            label={t("houseGames.poker.draw")}
            onClick={() => void draw()}
            disabled={g.busy}
            testId="poker-draw"
          />
        ) : (
          <PlayButton g={g} label={t("houseGames.poker.deal")} onPlay={deal} />
        )
      }
    />
  );
}
