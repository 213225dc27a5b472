import { useEffect, useRef, useState } from "react";
import { type BaccaratBets, type BaccaratHand, type BaccaratSpot, baccaratTotal } from "#common/house-games";
import { addAmounts, compareAmounts, normalizeAmount, toUnits } from "#common/money";
import { Pressable } from "~/components/ui/Button";
import { useMoney } from "~/features/games/money";
import { useTranslation } from "~/lib/i18n-react";
import type { PlayAnswer } from "./api";
import { betPlaces, betProblem, HOUSE_MAX_BET, minBet, truncate } from "./bet";
import { GameShell, PlayButton, Readouts } from "./GameShell";
import { PlayingCard } from "./PlayingCard";
import { playSound } from "./sound";
import { useHotkeys } from "./use-hotkeys";
import type { HouseGame } from "./use-house-game";

const CARD_MS = 420;

/** Where each dealt card goes, in the table's order: player, banker, player, banker, then the third cards. */
export function dealOrder(
  hand: Pick<BaccaratHand, "player" | "banker">,
): { side: "player" | "banker"; card: number }[] {
  const order: { side: "player" | "banker"; card: number }[] = [
    { side: "player", card: hand.player[0]! },
    { side: "banker", card: hand.banker[0]! },
    { side: "player", card: hand.player[1]! },
    { side: "banker", card: hand.banker[1]! },
  ];
  if (hand.player[2] !== undefined) order.push({ side: "player", card: hand.player[2] });
  if (hand.banker[2] !== undefined) order.push({ side: "banker", card: hand.banker[2] });
  return order;
}

/** The stakes after a chip of `chip` lands on `spot` (undefined when the chip is not a stake). */
export function addChip(
  bets: BaccaratBets,
  spot: BaccaratSpot,
  chip: string,
  currency: string,
): BaccaratBets | undefined {
  const c = normalizeAmount(chip.trim());
  if (!c || (toUnits(c) ?? 0n) <= 0n || truncate(c, betPlaces(currency)) !== c) return undefined;
  return { ...bets, [spot]: addAmounts(bets[spot] ?? "0", c) };
}

export const totalOf = (bets: BaccaratBets) => addAmounts("0", ...Object.values(bets));

const SPOT_STYLE: Record<BaccaratSpot, string> = {
  player: "from-sky-600/40 to-sky-900/30 border-sky-400/60",
  tie: "from-emerald-500/40 to-emerald-900/30 border-emerald-300/60",
  banker: "from-rose-600/40 to-rose-900/30 border-rose-400/60",
};

/**
 * Baccarat (punto banco): chips on player, tie and banker (each click adds the amount), one deal, the cards
 * turned one by one in the table's order, then the balance.
 */
export function Baccarat({ g }: { g: HouseGame }) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const currency = g.session!.currency;
  const [bets, setBets] = useState<BaccaratBets>({});
  const [hand, setHand] = useState<BaccaratHand | null>(null);
  const [shown, setShown] = useState(0);
  const [dealing, setDealing] = useState(false);
  const [road, setRoad] = useState<{ id: string; winner: BaccaratSpot }[]>([]);
  const [paid, setPaid] = useState<{ payout: string; bet: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const total = totalOf(bets);
  const hasBets = Object.keys(bets).length > 0;
  const problem = hasBets ? betProblem(total, g.balance, currency) : undefined;

  const place = (spot: BaccaratSpot) => {
    if (dealing) return;
    playSound("click");
    // From the latest stakes, so two quick presses both land.
    setBets((b) => {
      const next = addChip(b, spot, g.amount, currency);
      return next && compareAmounts(totalOf(next), HOUSE_MAX_BET) <= 0 ? next : b;
    });
  };
  const clear = () => {
    if (dealing) return;
    setBets({});
  };

  const deal = async () => {
    if (dealing || g.busy || !hasBets || problem) return;
    playSound("click");
    const answer = await g.run(() => g.api.play(total, { baccarat: { bets } }));
    if (answer) animate(answer);
  };

  const animate = (answer: PlayAnswer) => {
    const o = answer.round.outcome as unknown as BaccaratHand;
    setHand(o);
    setPaid(null);
    setDealing(true);
    const cards = dealOrder(o).length;
    const step = (n: number) => {
      setShown(n);
      playSound("reveal");
      if (n < cards) {
        timer.current = setTimeout(() => step(n + 1), CARD_MS);
        return;
      }
      timer.current = setTimeout(() => {
        setDealing(false);
        setRoad((r) => [{ id: answer.round.id, winner: o.winner }, ...r].slice(0, 36));
        setPaid({ payout: answer.round.payout, bet: answer.round.bet });
        playSound(compareAmounts(answer.round.payout, answer.round.bet) > 0 ? "win" : "lose");
        g.settle(answer);
      }, CARD_MS);
    };
    step(1);
  };

  useHotkeys({
    play: () => void deal(),
    left: () => place("player"),
    right: () => place("banker"),
    up: () => place("tie"),
    down: clear,
  });

  const order = hand ? dealOrder(hand).slice(0, shown) : [];
  const sideCards = (side: "player" | "banker") => order.filter((c) => c.side === side).map((c) => c.card);
  const over = hand && !dealing;

  const handView = (side: "player" | "banker") => {
    const cards = sideCards(side);
    const won = over && hand.winner === side;
    return (
      <div
        data-testid={`baccarat-${side}`}
        data-cards={cards.join(",")}
        className={`flex flex-1 flex-col items-center gap-2 rounded-2xl p-2 transition sm:p-3 ${won ? "bg-gold/10 ring-2 ring-gold" : ""}`}
      >
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-extrabold tracking-widest uppercase sm:text-base">
            {t(`houseGames.baccarat.${side}`)}
          </h2>
          <span
            data-testid={`baccarat-${side}-total`}
            className={`grid size-8 place-items-center rounded-full font-mono text-base font-black ${won ? "bg-gold text-black" : "bg-black/40 text-fg"}`}
          >
            {cards.length ? baccaratTotal(cards) : "–"}
          </span>
        </div>
        <ul
          className="flex h-[96px] items-start justify-center sm:h-[150px]"
          aria-label={t(`houseGames.baccarat.${side}Cards`)}
        >
          {cards.map((card, i) => (
            <li
              // The same card may be dealt twice (each draw is from a full deck): the position keys it.
              key={i}
              className={`house-card-in w-[56px] sm:w-[96px] ${i === 2 ? "translate-y-3 sm:translate-y-5 sm:rotate-90" : ""} ${i > 0 ? "-ml-3 sm:-ml-4" : ""}`}
            >
              <PlayingCard card={card} />
            </li>
          ))}
          {cards.length === 0 &&
            [0, 1].map((i) => (
              <li key={i} className={`w-[56px] opacity-25 sm:w-[96px] ${i > 0 ? "-ml-3 sm:-ml-4" : ""}`}>
                <PlayingCard />
              </li>
            ))}
        </ul>
      </div>
    );
  };

  const board = (
    <div className="flex flex-1 flex-col gap-3 bg-[radial-gradient(110%_90%_at_50%_20%,#166a4a_0%,#0b3d2c_55%,transparent_100%)] p-3 sm:p-5">
      <ol
        className="flex min-h-7 flex-wrap gap-1"
        aria-label={t("houseGames.recent")}
        data-testid="baccarat-road"
      >
        {road.map((r) => (
          <li
            key={r.id}
            title={t(`houseGames.baccarat.${r.winner}`)}
            className={`grid size-6 place-items-center rounded-full text-[0.65rem] font-black text-white ${r.winner === "player" ? "bg-sky-600" : r.winner === "banker" ? "bg-rose-600" : "bg-emerald-600"}`}
          >
            {t(`houseGames.baccarat.short.${r.winner}`)}
          </li>
        ))}
      </ol>
      <div className="flex gap-2 sm:gap-4">
        {handView("player")}
        {handView("banker")}
      </div>
      <p
        aria-live="polite"
        data-testid="baccarat-result"
        data-winner={over ? hand.winner : ""}
        className="min-h-7 text-center text-base font-bold"
      >
        {over &&
          (hand.winner === "tie"
            ? t("houseGames.baccarat.tieResult", { total: hand.playerTotal })
            : t("houseGames.baccarat.wins", {
                side: t(`houseGames.baccarat.${hand.winner}`),
                a: hand.winner === "player" ? hand.playerTotal : hand.bankerTotal,
                b: hand.winner === "player" ? hand.bankerTotal : hand.playerTotal,
              }))}
        {over && paid && compareAmounts(paid.payout, "0") > 0 && (
          <span className="ml-2 text-gold">
            {t("houseGames.win", { amount: money(paid.payout, currency) })}
          </span>
        )}
      </p>
      <fieldset className="mt-auto">
        <legend className="sr-only">{t("houseGames.baccarat.spots")}</legend>
        <div className="grid grid-cols-[1fr_0.8fr_1fr] gap-2">
          {(["player", "tie", "banker"] as const).map((spot) => (
            <Pressable
              key={spot}
              onClick={() => place(spot)}
              disabled={dealing}
              data-testid={`baccarat-spot-${spot}`}
              data-stake={bets[spot] ?? "0"}
              aria-label={t("houseGames.baccarat.placeOn", {
                spot: t(`houseGames.baccarat.${spot}`),
                stake: bets[spot] ? money(bets[spot]!, currency) : "0",
              })}
              className={`relative flex min-h-24 flex-col items-center justify-center gap-1 rounded-2xl border-2 bg-gradient-to-b p-2 transition hover:brightness-125 active:scale-[0.98] disabled:opacity-70 ${SPOT_STYLE[spot]} ${over && hand.winner === spot ? "ring-2 ring-gold" : ""}`}
            >
              <span className="text-sm font-extrabold tracking-widest uppercase">
                {t(`houseGames.baccarat.${spot}`)}
              </span>
              <span className="text-xs text-fg/80">{t(`houseGames.baccarat.pays.${spot}`)}</span>
              {bets[spot] && (
                <span className="absolute -top-3 right-2 grid min-w-10 place-items-center rounded-full border-4 border-dashed border-white/80 bg-gold px-1.5 py-1 font-mono text-xs font-black text-black shadow-lg">
                  {bets[spot]}
                </span>
              )}
            </Pressable>
          ))}
        </div>
        <p className="mt-2 text-center text-xs text-fg/70">{t("houseGames.baccarat.hint")}</p>
      </fieldset>
    </div>
  );

  const options = (
    <>
      <Readouts
        items={[
          {
            label: t("houseGames.baccarat.total"),
            value: <span data-testid="baccarat-total">{money(total, currency)}</span>,
          },
          { label: t("houseGames.baccarat.spotsPlayed"), value: Object.keys(bets).length },
        ]}
      />
      {problem && (
        <p role="status" className="text-xs text-danger">
          {t(`houseGames.amountProblems.${problem}`, { min: minBet(currency) })}
        </p>
      )}
      <Pressable
        onClick={clear}
        disabled={dealing || !hasBets}
        className="h-10 rounded-xl border border-line text-sm font-bold text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-50"
      >
        {t("houseGames.baccarat.clear")}
      </Pressable>
      <p className="text-xs text-muted">{t("houseGames.baccarat.keys")}</p>
    </>
  );

  const action = (
    <PlayButton
      g={g}
      label={t("houseGames.baccarat.deal")}
      onPlay={deal}
      disabled={dealing || !hasBets || Boolean(problem)}
    />
  );

  return <GameShell g={g} board={board} options={options} action={action} />;
}
