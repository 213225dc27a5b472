/**
 * What the move-by-move house games (hilo, video poker) share: the one open round of a session, the seeds it
 * is replayed from, and closing it exactly once.
 */
import { and, eq, sql } from "drizzle-orm";
import { multiplierText, payout } from "#common/house-games";
import { normalizeAmount } from "#common/money";
import { ApiError } from "../../../http/errors";
import { type HouseDeps, payRound, placesOf, type Session } from "./service";
import { houseRounds, houseSeedPairs } from "./tables";

export type Round = typeof houseRounds.$inferSelect;

export async function openRoundOf(deps: HouseDeps, s: Session, engine: string): Promise<Round | undefined> {
  const [r] = await deps.db
    .select()
    .from(houseRounds)
    .where(
      and(eq(houseRounds.token, s.token), eq(houseRounds.status, "open"), eq(houseRounds.engine, engine)),
    );
  return r;
}

/** The seeds a round is dealt from: its pair's server seed at the round's nonce (the server's side only). */
export async function seedsOf(deps: HouseDeps, r: Round) {
  const [pair] = await deps.db.select().from(houseSeedPairs).where(eq(houseSeedPairs.id, r.seedPairId));
  return { serverSeed: pair!.serverSeed, clientSeed: pair!.clientSeed, nonce: r.nonce };
}

/**
 * Writes a move's new state, on condition the round is still open with the state the move was made on: of two
 * moves sent at once, one applies and the other is told to try again.
 */
export async function advance(deps: HouseDeps, r: Round, outcome: Record<string, unknown>): Promise<Round> {
  const [next] = await deps.db
    .update(houseRounds)
    .set({ outcome })
    .where(
      and(
        eq(houseRounds.id, r.id),
        eq(houseRounds.status, "open"),
        sql`${houseRounds.outcome} = ${JSON.stringify(r.outcome)}::jsonb`,
      ),
    )
    .returning();
  if (!next) throw new ApiError(409, "busy", "Another move was made at the same time: try again");
  return next;
}

/**
 * Ends a round at `scaled` (0 when lost): "paying" with its final outcome, on condition it is still open with
 * the state the closing move saw — so only one caller closes it — then pays it. Until the win is paid the
 * round is "paying", and recovery (recovery.ts) pays it if this process dies in between.
 */
export async function finishRound(
  deps: HouseDeps,
  s: Session,
  r: Round,
  outcome: Record<string, unknown>,
  scaled: number,
) {
  const win = payout(normalizeAmount(r.bet)!, scaled, placesOf(s.currency));
  const [closed] = await deps.db
    .update(houseRounds)
    .set({ status: "paying", payout: win, outcome: { ...outcome, multiplier: multiplierText(scaled) } })
    .where(
      and(
        eq(houseRounds.id, r.id),
        eq(houseRounds.status, "open"),
        sql`${houseRounds.outcome} = ${JSON.stringify(r.outcome)}::jsonb`,
      ),
    )
    .returning();
  if (!closed) throw new ApiError(409, "no_round", "This round is over");
  return payRound(deps, s, closed);
}
