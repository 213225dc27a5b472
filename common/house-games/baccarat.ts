/**
 * Baccarat (punto banco). Each card is `floor(float × 52)` of the next float of the stream (PROTOCOLS.md
 * section 4): a draw from a full deck every time, i.e. an infinite shoe (decision 0031), so every card is
 * independent and the exact return of each bet follows by enumerating the draws (rtp.test.ts).
 * Cards come in the table's order: player, banker, player, banker, then the player's third card if the player
 * draws, then the banker's if the banker draws. Standard third-card rules; bets on player (1:1), banker (1:1
 * less 5 % commission) and tie (8:1, player and banker bets push on a tie), several in one round.
 */
import { addAmounts } from "../money";
import type { FloatSource } from "../provably-fair";
import { MULTIPLIER_SCALE, payout } from "./payout";

export const BACCARAT_SPOTS = ["player", "banker", "tie"] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];
export type BaccaratWinner = BaccaratSpot;

/**
 * What each spot returns per unit staked (10^-4), by the hand's winner: a win pays stake + winnings, a push the
 * stake back, a loss nothing.
 */
export const BACCARAT_RETURNS: Record<BaccaratWinner, Record<BaccaratSpot, number>> = {
  player: { player: 2 * MULTIPLIER_SCALE, banker: 0, tie: 0 },
  banker: { player: 0, banker: 19_500, tie: 0 },
  tie: { player: MULTIPLIER_SCALE, banker: MULTIPLIER_SCALE, tie: 9 * MULTIPLIER_SCALE },
};

/**
 * Each bet's exact return with this draw (infinite shoe), as computed by enumerating every draw in
 * rtp.test.ts: player 98.7719 %, banker 98.9360 %, tie 85.8830 %. (An 8-deck shoe gives 98.76 / 98.94 / 85.64.)
 */
export const BACCARAT_RTP_PERCENT: Record<BaccaratSpot, number> = {
  player: 98.77,
  banker: 98.94,
  tie: 85.88,
};

/** A card's points: ace 1, two to nine their number, tens and faces 0. */
export const baccaratPoints = (index: number) => {
  const r = index % 13;
  return r < 9 ? r + 1 : 0;
};

/** A hand's total: its points modulo 10. */
export const baccaratTotal = (hand: number[]) => hand.reduce((s, c) => s + baccaratPoints(c), 0) % 10;

/** Whether the banker draws, on a total of `banker`, given the player's third card's points (none: stood). */
export function bankerDraws(banker: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

export interface BaccaratHand {
  /** Card indexes 0–51 in the order dealt. */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
}

export function dealBaccarat(source: FloatSource): BaccaratHand {
  const card = () => Math.floor(source(1)[0]! * 52);
  const player = [card()];
  const banker = [card()];
  player.push(card());
  banker.push(card());
  const natural = baccaratTotal(player) >= 8 || baccaratTotal(banker) >= 8;
  if (!natural) {
    let third: number | undefined;
    if (baccaratTotal(player) <= 5) {
      player.push(card());
      third = baccaratPoints(player[2]!);
    }
    if (bankerDraws(baccaratTotal(banker), third)) banker.push(card());
  }
  const playerTotal = baccaratTotal(player);
  const bankerTotal = baccaratTotal(banker);
  const winner = playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie";
  return { player, banker, playerTotal, bankerTotal, winner };
}

/** The stakes of one round, spot by spot (decimal strings; a spot left out has no bet). */
export type BaccaratBets = Partial<Record<BaccaratSpot, string>>;

/**
 * What a round pays: each spot's stake × its return, each rounded down to the currency's unit, added up. Per
 * spot, so a win on one spot is paid exactly as if it were the only bet.
 */
export function baccaratPayout(bets: BaccaratBets, winner: BaccaratWinner, places: number): string {
  const paid = BACCARAT_SPOTS.filter((spot) => bets[spot] !== undefined).map((spot) =>
    payout(bets[spot]!, BACCARAT_RETURNS[winner][spot], places),
  );
  return addAmounts("0", ...paid);
}
