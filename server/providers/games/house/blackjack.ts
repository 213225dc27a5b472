/**
 * Blackjack through the house provider (decision 0030): a round is started with its first stake and played move
 * by move. Each further stake (double, split, insurance) is its own seamless-wallet bet on the same round, with
 * a transaction id fixed by the move (`house-{round}-{kind}-{move}`), so a retry is never a second stake.
 *
 * Every write is conditional on the round's write counter (`seq`), so of two moves sent at once only one
 * applies. A move that needs a stake is first claimed (`pending`), then staked, then applied; a failure in
 * between leaves the claim, which the player's next move (the same stake sent again, idempotent) or recovery
 * (the stake rolled back, the hands stood: recovery.ts) resolves. The cards are recomputed from the seeds and
 * the moves each time, with the code the verifier uses (`dealRound`).
 */
import { and, eq, sql } from "drizzle-orm";
import type { HouseSeeds } from "#common/api/house-games";
import {
  BLACKJACK_PAYS,
  type BlackjackAction,
  type BlackjackState,
  dealRound,
  isBlackjack,
  isBlackjackAction,
  legalBlackjackActions,
  MULTIPLIER_SCALE,
  multiplierText,
  payout,
} from "#common/house-games";
import { addAmounts, normalizeAmount, toUnits } from "#common/money";
import { ApiError } from "../../../http/errors";
import type { BlackjackRecord, BlackjackStake } from "./blackjack-view";
import {
  balanceOf,
  checkBet,
  type HouseDeps,
  payRound,
  placesOf,
  roundView,
  type Session,
  sessionOf,
  stake,
  stakeNewRound,
  WalletRefusal,
  walletError,
} from "./service";
import { houseRounds, houseSeedPairs } from "./tables";

type Round = typeof houseRounds.$inferSelect;

const invalid = (field: string, message: string) =>
  new ApiError(422, "validation_error", "Some fields are not valid", { [field]: [message] });

const recordOf = (r: Round) => r.outcome as BlackjackRecord;
const actionsOf = (r: Round) => ((r.params as { actions?: BlackjackAction[] }).actions ?? []).slice();

const firstStake = (r: Round) => recordOf(r).first;

/** What a move costs: the first stake again for a double or a split, half of it for insurance. */
function stakeOfMove(action: BlackjackAction, first: string, currency: string): string | undefined {
  if (action === "double" || action === "split") return first;
  if (action === "insurance") return payout(first, MULTIPLIER_SCALE / 2, placesOf(currency));
  return undefined;
}

/** The money a finished round pays: each hand at its own stake, rounded down, and insurance's 2:1. */
export function blackjackPayout(state: BlackjackState, first: string, currency: string): string {
  const places = placesOf(currency);
  let total = "0";
  for (const h of state.player) {
    const own = h.doubled ? addAmounts(first, first) : first;
    if (h.result) total = addAmounts(total, payout(own, BLACKJACK_PAYS[h.result], places));
  }
  if (state.insurance === "taken" && isBlackjack(state.dealer)) {
    const insurance = stakeOfMove("insurance", first, currency)!;
    total = addAmounts(total, payout(insurance, 3 * MULTIPLIER_SCALE, places));
  }
  return normalizeAmount(total)!;
}

const multiplierOf = (paid: string, first: string) =>
  multiplierText(Number((toUnits(paid)! * BigInt(MULTIPLIER_SCALE)) / toUnits(first)!));

async function seedsOf(deps: HouseDeps, r: Round) {
  const [pair] = await deps.db.select().from(houseSeedPairs).where(eq(houseSeedPairs.id, r.seedPairId));
  return { serverSeed: pair!.serverSeed, clientSeed: pair!.clientSeed, nonce: r.nonce };
}

/**
 * Writes the round's next state if nobody wrote since `r` was read; a finished state goes straight to
 * "paying" with its payout, so recovery pays it if this process dies before the win is sent.
 */
async function write(
  deps: HouseDeps,
  s: Session,
  r: Round,
  next: { actions: BlackjackAction[]; state: BlackjackState; record: Partial<BlackjackRecord>; bet?: string },
): Promise<Round> {
  const before = recordOf(r);
  const done = next.state.phase === "done";
  const first = firstStake(r);
  const paid = done ? blackjackPayout(next.state, first, s.currency) : "0";
  const outcome: BlackjackRecord = {
    ...before,
    ...next.state,
    ...next.record,
    seq: before.seq + 1,
    ...(done ? { multiplier: multiplierOf(paid, first) } : {}),
  };
  const [row] = await deps.db
    .update(houseRounds)
    .set({
      params: { actions: next.actions },
      outcome,
      ...(next.bet !== undefined ? { bet: next.bet } : {}),
      ...(done ? { status: "paying" as const, payout: paid } : {}),
    })
    .where(
      and(
        eq(houseRounds.id, r.id),
        eq(houseRounds.status, "open"),
        sql`(${houseRounds.outcome}->>'seq')::int = ${before.seq}`,
      ),
    )
    .returning();
  if (!row) throw new ApiError(409, "busy", "Another move was made at the same time: try again");
  return row;
}

/** Answers the round as the player may see it, paying it first when it is over. */
async function answer(deps: HouseDeps, s: Session, r: Round, seeds?: HouseSeeds) {
  if (r.status === "paying") {
    const paid = await payRound(deps, s, r);
    return { round: paid.round, balance: paid.balance, ...(seeds ? { seeds } : {}) };
  }
  return { round: roundView(r, false), balance: await balanceOf(deps, s), ...(seeds ? { seeds } : {}) };
}

/** Starts a round: the first stake is taken and four cards dealt; a blackjack either side ends it at once. */
export async function blackjackStart(deps: HouseDeps, token: string, req: { amount: unknown }) {
  const s = await sessionOf(deps, token);
  if (s.engine !== "blackjack") throw new ApiError(422, "wrong_game", "This is not a blackjack game");
  const amount = checkBet(req.amount);
  const { round, nextSeeds } = await stakeNewRound(deps, s, amount, undefined, (seeds) => {
    const state = dealRound("blackjack", seeds, { actions: [] });
    const record: BlackjackRecord = {
      ...state,
      seq: 0,
      first: amount,
      confirmed: false,
      stakes: [],
      pending: null,
    };
    return {
      engine: "blackjack",
      params: { actions: [] },
      outcome: record,
    };
  });
  // The stake is booked: the round is confirmed (and paid now if the deal already decided it).
  const confirmed = await write(deps, s, round, {
    actions: [],
    state: recordOf(round),
    record: { confirmed: true },
  });
  return answer(deps, s, confirmed, nextSeeds);
}

async function openRound(deps: HouseDeps, s: Session): Promise<Round> {
  const [r] = await deps.db
    .select()
    .from(houseRounds)
    .where(
      and(
        eq(houseRounds.token, s.token),
        eq(houseRounds.status, "open"),
        eq(houseRounds.engine, "blackjack"),
      ),
    );
  if (!r) throw new ApiError(409, "no_round", "Start a round first");
  return r;
}

/**
 * A round whose first stake's answer was lost (the start failed midway): the same bet is sent again, which the
 * wallet books once; a definite no ends the round as refused.
 */
async function confirmFirstStake(deps: HouseDeps, s: Session, r: Round): Promise<Round> {
  const first = firstStake(r);
  try {
    await stake(deps, s, r.id, first);
  } catch (err) {
    if (err instanceof WalletRefusal)
      await deps.db
        .update(houseRounds)
        .set({ status: "refused" })
        .where(and(eq(houseRounds.id, r.id), eq(houseRounds.status, "open")));
    throw err;
  }
  return write(deps, s, r, { actions: actionsOf(r), state: recordOf(r), record: { confirmed: true } });
}

/** Replays the round with one more move (the cards from the seeds, as the verifier recomputes them). */
async function withMove(deps: HouseDeps, r: Round, action: BlackjackAction) {
  const actions = [...actionsOf(r), action];
  return { actions, state: dealRound("blackjack", await seedsOf(deps, r), { actions }) };
}

/**
 * The claimed move whose stake is out: the stake is sent again (same transaction id, booked once) and the move
 * applied; a definite no drops the claim. Answers the round after.
 */
async function resolvePending(deps: HouseDeps, s: Session, r: Round): Promise<Round> {
  const pending = recordOf(r).pending!;
  try {
    await stake(deps, s, r.id, pending.amount, undefined, pending.transactionId);
  } catch (err) {
    if (err instanceof WalletRefusal)
      await write(deps, s, r, { actions: actionsOf(r), state: recordOf(r), record: { pending: null } });
    throw err;
  }
  const next = await withMove(deps, r, pending.action);
  const kind = pending.action as BlackjackStake["kind"];
  return write(deps, s, r, {
    ...next,
    record: {
      pending: null,
      stakes: [...recordOf(r).stakes, { kind, amount: pending.amount, transactionId: pending.transactionId }],
    },
    bet: normalizeAmount(addAmounts(r.bet, pending.amount))!,
  });
}

/** One move of the player: hit, stand, double, split, insurance or no-insurance, on the hand in play. */
export async function blackjackAction(
  deps: HouseDeps,
  token: string,
  req: { action: unknown; hand?: unknown },
) {
  const s = await sessionOf(deps, token);
  if (s.engine !== "blackjack") throw new ApiError(422, "wrong_game", "This is not a blackjack game");
  const action = req.action;
  if (!isBlackjackAction(action))
    throw invalid("action", "One of hit, stand, double, split, insurance, no-insurance");
  if (req.hand !== undefined && !(Number.isInteger(req.hand) && (req.hand as number) >= 0))
    throw invalid("hand", "The number of the hand in play, from 0");
  let r = await openRound(deps, s);
  if (!recordOf(r).confirmed) r = await confirmFirstStake(deps, s, r);
  const before = recordOf(r);
  if (before.pending) {
    const same = before.pending.action === action && (req.hand === undefined || req.hand === before.active);
    r = await resolvePending(deps, s, r);
    // The move sent again after a lost answer is the one just applied.
    if (same) return answer(deps, s, r);
  }
  const record = recordOf(r);
  if (req.hand !== undefined && record.phase === "player" && req.hand !== record.active)
    throw new ApiError(409, "busy", `Hand ${record.active} is in play, not hand ${req.hand}`);
  const legal = legalBlackjackActions(record);
  if (!legal.includes(action))
    throw invalid("action", `Not allowed now; allowed: ${legal.join(", ") || "none"}`);
  const amount = stakeOfMove(action, firstStake(r), s.currency);
  if (amount === undefined) {
    const next = await withMove(deps, r, action);
    return answer(deps, s, await write(deps, s, r, { ...next, record: {} }));
  }
  if ((toUnits(amount) ?? 0n) <= 0n)
    throw invalid("action", "This stake is too small for insurance (half of it rounds to nothing)");
  const move = actionsOf(r).length;
  const transactionId = `house-${r.id}-${action}-${move}`;
  const claimed = await write(deps, s, r, {
    actions: actionsOf(r),
    state: record,
    record: { pending: { action, move, amount, transactionId } },
  });
  return answer(deps, s, await resolvePending(deps, s, claimed));
}

/**
 * Finishes a round its player left (recovery.ts, once the game session is over), as a table does for an absent
 * player: a stake whose move never completed is rolled back, insurance is declined and every hand in play
 * stands; the dealer plays and the round is paid. A round whose first stake was never confirmed is not played
 * (answers "unconfirmed": recovery voids it).
 */
export async function finishAbandonedBlackjack(deps: HouseDeps, s: Session, r: Round) {
  if (!recordOf(r).confirmed) return "unconfirmed" as const;
  const pending = recordOf(r).pending;
  if (pending) {
    const rolledBack = await deps.callWallet("rollback", {
      token: s.token,
      transactionId: `${pending.transactionId}-rollback`,
      referenceTransactionId: pending.transactionId,
      roundId: `house-${r.id}`,
    });
    if (rolledBack.status !== "RS_OK") throw walletError(rolledBack);
    r = await write(deps, s, r, { actions: actionsOf(r), state: recordOf(r), record: { pending: null } });
  }
  const seeds = await seedsOf(deps, r);
  const actions = actionsOf(r);
  let state = dealRound("blackjack", seeds, { actions });
  while (state.phase !== "done") {
    actions.push(state.phase === "insurance" ? "no-insurance" : "stand");
    state = dealRound("blackjack", seeds, { actions });
  }
  const closed = await write(deps, s, r, { actions, state, record: { closedBy: "recovery" } });
  await payRound(deps, s, closed);
  return "stood" as const;
}
