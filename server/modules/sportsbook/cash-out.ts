import { and, eq } from "drizzle-orm";
import { compareAmounts, normalizeAmount } from "#common/money";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import { recordBetSettled } from "../facts";
import { house, settle } from "../wallet";
import { announceBet } from "./announce";
import { cashOutOfferOf } from "./cash-out-offer";
import type { SportsbookDeps } from "./deps";
import { sportBetLegs, sportBets } from "./tables";

/**
 * Pays the cash-out when the offer now is at least the `amount` the player accepted: a live offer moves with
 * every price tick, so asking for the very same amount would refuse nearly every press on a running match,
 * while paying the offer of now when it is no less never pays the player less than they agreed to. A lower
 * offer is refused with the new one (cash_out_changed) for the player to confirm. The bet's row lock decides
 * between this and settlement: whichever takes it first changes the status, and the other then finds the bet no
 * longer open. The payout's ledger key is the bet's one cash-out key, so it posts at most once.
 */
export async function cashOut(deps: SportsbookDeps, playerId: bigint, betId: string, amount: string) {
  if (!/^\d{1,18}$/.test(betId)) throw ApiError.notFound("No such bet");
  const wanted = normalizeAmount(amount);
  if (wanted === undefined)
    throw new ApiError(422, "validation_error", "Some fields are not valid", { amount: ["Not an amount"] });
  const id = BigInt(betId);
  return afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sportBets)
        .where(and(eq(sportBets.id, id), eq(sportBets.playerId, playerId)))
        .for("update");
      if (!row) throw ApiError.notFound("No such bet");
      const legs = await tx.select().from(sportBetLegs).where(eq(sportBetLegs.betId, id));
      const offer = cashOutOfferOf(deps.feed, row!, legs, deps.rules.cashOutMargin);
      if (offer === null)
        throw new ApiError(409, "cash_out_unavailable", "Cash-out is not available for this bet now");
      if (compareAmounts(offer, wanted) < 0)
        throw new ApiError(409, "cash_out_changed", "The cash-out amount has changed", { amount: [offer] });
      const now = deps.clock.now();
      await settle(tx, {
        at: now,
        accountId: row!.accountId,
        amount: offer,
        counterparty: house.sportsbook,
        kind: "win",
        reference: `sportsbook:bet:${id}`,
        idempotencyKey: `sportsbook:bet:${id}:cash-out`,
        meta: { cashOut: true },
      });
      // Cashing out settles the stake: it counts towards an active bonus's wagering like a settlement.
      await deps.bonuses.countSettledStake(tx, send, now, {
        accountId: row!.accountId,
        reference: `sportsbook:bet:${id}`,
        stake: normalizeAmount(row!.stake)!,
        kind: "sportsbook",
        odds: row!.odds ?? undefined,
      });
      await recordBetSettled(tx, {
        playerId: row!.playerId,
        accountId: row!.accountId,
        reference: `sportsbook:bet:${id}`,
        source: "sportsbook",
        currency: row!.currency,
        stake: normalizeAmount(row!.stake)!,
        payout: offer,
        occurredAt: now,
      });
      const [done] = await tx
        .update(sportBets)
        .set({ status: "cashed_out", payout: offer, settledAt: now, updatedAt: now })
        .where(eq(sportBets.id, id))
        .returning();
      return announceBet(tx, send, deps, done!, legs);
    }),
  );
}
