/**
 * Hilo on the house provider: start (stake, start card), then moves — higher, lower, skip — and cash-out.
 * Only the cards already turned are stored: each move replays the round from its seeds with the moves so far
 * plus the new one (common/house-games/hilo.ts reads one float per card), so the next card is not known to
 * anyone, the page included, until the move is made.
 */

import type { PlayRequest } from "#common/api/house-games";
import { dealRound, type HiloRound, hiloMultiplier, isHiloMove, multiplierText } from "#common/house-games";
import { ApiError } from "../../../http/errors";
import { advance, finishRound, openRoundOf, type Round, seedsOf } from "./multi-step";
import {
  balanceOf,
  checkBet,
  type HouseDeps,
  roundView,
  type Session,
  sessionOf,
  stakeNewRound,
} from "./service";

/** What an open hilo round stores: the cards turned, the moves, the odds of each right guess. */
export type HiloState = {
  cards: number[];
  moves: HiloRound["moves"];
  odds: number[];
  skips: number;
  multiplier: string;
  lost?: boolean;
  cashedOut?: boolean;
};

const stateOf = (h: HiloRound): HiloState => ({
  cards: h.cards,
  moves: h.moves,
  odds: h.odds,
  skips: h.skips,
  multiplier: multiplierText(h.multiplier),
});

export async function hiloStart(deps: HouseDeps, token: string, req: PlayRequest) {
  const s = await sessionOf(deps, token);
  if (s.engine !== "hilo") throw new ApiError(422, "wrong_game", "This is not a hilo game");
  const amount = checkBet(req.amount);
  const { round, nextSeeds } = await stakeNewRound(deps, s, amount, undefined, (seeds) => ({
    engine: "hilo",
    params: {},
    outcome: { ...stateOf(dealRound("hilo", seeds, { moves: [] })) },
  }));
  return { round: roundView(round, false), balance: await balanceOf(deps, s), seeds: nextSeeds };
}

export const HILO_ACTIONS = ["higher", "lower", "skip", "cashout"] as const;

export async function hiloAction(deps: HouseDeps, token: string, action: unknown) {
  const s = await sessionOf(deps, token);
  if (action !== "cashout" && !isHiloMove(action))
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      action: ["higher, lower, skip or cashout"],
    });
  const r = await openRoundOf(deps, s, "hilo");
  if (!r) throw new ApiError(409, "no_round", "Start a round first");
  const state = r.outcome as HiloState;
  if (action === "cashout") return cashOut(deps, s, r, state);
  let played: HiloRound;
  try {
    played = dealRound("hilo", await seedsOf(deps, r), { moves: [...state.moves, action] });
  } catch {
    throw new ApiError(422, "validation_error", "Some fields are not valid", { action: ["No skips left"] });
  }
  const next = stateOf(played);
  if (played.over === "lost") return finishRound(deps, s, r, { ...next, lost: true }, 0);
  if (played.over === "capped")
    return finishRound(deps, s, r, { ...next, cashedOut: true }, played.multiplier);
  const moved = await advance(deps, r, { ...next });
  return { round: roundView(moved, false), balance: await balanceOf(deps, s) };
}

/** Pays the round at its multiplier; there is nothing to cash before a right guess. */
export function cashOut(deps: HouseDeps, s: Session, r: Round, state: HiloState) {
  if (state.odds.length === 0) throw new ApiError(409, "nothing_to_cash", "Win a guess first");
  return finishRound(deps, s, r, { ...state, cashedOut: true }, hiloMultiplier(state.odds));
}
