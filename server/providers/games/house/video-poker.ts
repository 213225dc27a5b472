/**
 * Video poker (Jacks or Better) on the house provider: start (stake, five cards dealt), then one action — the
 * holds — which draws and settles. The deck order is fixed by the seeds; only the dealt five are stored while
 * the round is open, and the draw is dealt from the seeds with the holds (common/house-games/video-poker.ts),
 * so the cards behind the hand stay unseen until the draw.
 */
import type { PlayRequest } from "#common/api/house-games";
import { dealRound, normalizeHolds, VIDEO_POKER_HAND_SIZE } from "#common/house-games";
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

export async function videoPokerStart(deps: HouseDeps, token: string, req: PlayRequest) {
  const s = await sessionOf(deps, token);
  if (s.engine !== "videopoker") throw new ApiError(422, "wrong_game", "This is not a video poker game");
  const amount = checkBet(req.amount);
  const { round, nextSeeds } = await stakeNewRound(deps, s, amount, undefined, (seeds) => ({
    engine: "videopoker",
    params: {},
    outcome: { hand: dealRound("videopoker", seeds, { holds: [] }).hand },
  }));
  // The stake is booked and the hand goes to the player: marked so, recovery completes the hand rather than
  // voiding it (a round without the mark may have died before its stake).
  const dealt = await advance(deps, round, { ...round.outcome, dealt: true });
  return { round: roundView(dealt, false), balance: await balanceOf(deps, s), seeds: nextSeeds };
}

export async function videoPokerAction(deps: HouseDeps, token: string, holds: unknown) {
  const s = await sessionOf(deps, token);
  const valid = normalizeHolds(holds);
  if (!valid)
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      holds: ["Positions 0 to 4, each at most once"],
    });
  const r = await openRoundOf(deps, s, "videopoker");
  if (!r) throw new ApiError(409, "no_round", "Start a round first");
  return draw(deps, s, r, valid);
}

/** The draw: the held cards stay, the rest come from the deck in order; the hand pays by the table. */
export async function draw(deps: HouseDeps, s: Session, r: Round, holds: number[]) {
  const o = dealRound("videopoker", await seedsOf(deps, r), { holds });
  return finishRound(
    deps,
    s,
    r,
    { hand: o.hand, holds: o.holds, final: o.final, result: o.result, dealt: true },
    o.multiplier,
  );
}

/** Recovery's completion of a dealt hand nobody drew: every card held, it pays what it shows. */
export const HOLD_ALL = Array.from({ length: VIDEO_POKER_HAND_SIZE }, (_, i) => i);
