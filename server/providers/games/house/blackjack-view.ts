import {
  type BlackjackAction,
  type BlackjackState,
  blackjackPublicView,
  legalBlackjackActions,
} from "#common/house-games";

/** A further stake of a blackjack round: each is its own wallet bet on the round, with its own transaction id. */
export interface BlackjackStake {
  kind: "double" | "split" | "insurance";
  amount: string;
  transactionId: string;
}

/**
 * A blackjack round as stored in `house_rounds.outcome`: the engine's state (common/house-games/blackjack.ts)
 * plus the money around it. `params.actions` holds the player's moves, from which the state is recomputed.
 */
export type BlackjackRecord = BlackjackState & {
  /** Counts writes: every change is conditional on it, so two moves at once cannot both apply. */
  seq: number;
  /** The first stake (a hand's stake; `house_rounds.bet` is the round's total). */
  first: string;
  /** The first stake is booked (false only while, or after a failure while, it is taken). */
  confirmed: boolean;
  /** The further stakes booked, in order. */
  stakes: BlackjackStake[];
  /** A move whose stake is being taken: claimed before the wallet call, applied or dropped after it. */
  pending: null | { action: BlackjackAction; move: number; amount: string; transactionId: string };
  /** Once over: what the round paid per unit of its first stake. */
  multiplier?: string;
  /** Set when recovery finished the round for an absent player (its moves were stands). */
  closedBy?: "recovery";
};

/**
 * What the player sees of an open round: no hole card and no draw order (the shoe is never stored), plus the
 * moves allowed now so the page shows only those.
 */
export function blackjackView(outcome: Record<string, unknown>): Record<string, unknown> {
  const r = outcome as BlackjackRecord;
  if (!Array.isArray(r.player) || !Array.isArray(r.dealer)) return outcome;
  const { seq, first, confirmed, stakes, pending, multiplier, closedBy, ...state } = r;
  // A claimed move whose stake's answer was lost is the only one on offer: sending it again completes it.
  const legal = r.pending ? [r.pending.action] : legalBlackjackActions(state);
  return {
    ...blackjackPublicView(state),
    seq,
    first,
    confirmed,
    stakes,
    pending,
    legal,
    ...(multiplier !== undefined ? { multiplier } : {}),
    ...(closedBy !== undefined ? { closedBy } : {}),
  };
}
