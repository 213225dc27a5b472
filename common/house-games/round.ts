import { type FloatSource, type SeedTriple, streamOf } from "../provably-fair";
import { type BaccaratBets, type BaccaratHand, dealBaccarat } from "./baccarat";
import { type BlackjackAction, type BlackjackState, replayBlackjack } from "./blackjack";
import { type DiceBet, type DiceOutcome, playDice } from "./dice";
import { type HiloMove, type HiloRound, playHilo } from "./hilo";
import { type KenoOutcome, type KenoRisk, playKeno } from "./keno";
import { type LimboOutcome, playLimbo } from "./limbo";
import { minePositions } from "./mines";
import { type PlinkoOutcome, type PlinkoRisk, type PlinkoRows, playPlinko } from "./plinko";
import { playRoulette, type RouletteBet, type RouletteOutcome } from "./roulette";
import { playSlot, type SlotOutcome } from "./slot";
import { playVideoPoker, type VideoPokerOutcome } from "./video-poker";
import { playWheel, type WheelOutcome, type WheelRisk, type WheelSegments } from "./wheel";

/**
 * What each engine is told to play a round: the player's choices (the slot has none). Hilo and video poker
 * are played move by move; a round is recomputed from its seeds and the moves recorded so far.
 */
export interface RoundBets {
  dice: DiceBet;
  limbo: { target: number };
  plinko: { rows: PlinkoRows; risk: PlinkoRisk };
  slot: undefined;
  mines: { mines: number };
  /** The player's moves so far, in order (the deal needs none). */
  blackjack: { actions: readonly BlackjackAction[] };
  hilo: { moves: readonly HiloMove[] };
  videopoker: { holds: readonly number[] };
  /** The stakes matter only to the payout: the cards do not depend on them. */
  baccarat: { bets: BaccaratBets };
  keno: { picks: number[]; risk: KenoRisk };
  roulette: { bets: RouletteBet[] };
  wheel: { segments: WheelSegments; risk: WheelRisk };
}

/** What a round comes out as, engine by engine (mines: where the mines lie). */
export interface RoundOutcomes {
  dice: DiceOutcome;
  limbo: LimboOutcome;
  plinko: PlinkoOutcome;
  slot: SlotOutcome;
  mines: { mines: number[] };
  blackjack: BlackjackState;
  hilo: HiloRound;
  videopoker: VideoPokerOutcome;
  baccarat: BaccaratHand;
  keno: KenoOutcome;
  roulette: RouletteOutcome;
  wheel: WheelOutcome;
}

const DEALERS: { [E in keyof RoundBets]: (source: FloatSource, bet: RoundBets[E]) => RoundOutcomes[E] } = {
  dice: playDice,
  limbo: (source, { target }) => playLimbo(source, target),
  plinko: (source, { rows, risk }) => playPlinko(source, rows, risk),
  slot: (source) => playSlot(source),
  mines: (source, { mines }) => ({ mines: minePositions(source, mines) }),
  blackjack: (source, { actions }) => replayBlackjack(source, actions),
  hilo: (source, { moves }) => playHilo(source, moves),
  videopoker: (source, { holds }) => playVideoPoker(source, holds),
  baccarat: (source) => dealBaccarat(source),
  keno: (source, { picks, risk }) => playKeno(source, picks, risk),
  roulette: (source, { bets }) => playRoulette(source, bets),
  wheel: (source, { segments, risk }) => playWheel(source, segments, risk),
};

/**
 * Deals one round from its seeds: the code the server plays a bet with and the verification page recomputes
 * it with, so the two cannot drift apart. Throws where the engine refuses the bet (a dice chance out of range).
 */
export function dealRound<E extends keyof RoundBets>(
  engine: E,
  seeds: SeedTriple,
  bet: RoundBets[E],
): RoundOutcomes[E] {
  return DEALERS[engine](streamOf(seeds), bet);
}
