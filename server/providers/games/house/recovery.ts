/**
 * Closes house rounds a failure left half done, as a provider must: the player's money never stays in limbo.
 * - A single bet's round (dice, limbo, plinko, the slot, baccarat, keno, the wheel, roulette) still "open" after
 *   a few minutes died between its draw and its payout. Its outcome was drawn before its stake was sent, so the
 *   win is sent (decision 0074): a stake the wallet booked is paid what was drawn for it, once (the wallet answers
 *   a resend of the same transaction id with its stored result); a stake it never booked, or rolled back, makes
 *   the wallet answer "no such bet", and the round is voided — the bet rolled back, so tombstoned that a late one
 *   cannot land.
 * - A round "paying" (a move-by-move game's, finished) has a final outcome whose win was not confirmed: the win
 *   is sent again, paid once as above.
 * - A mines round left open after its game session ended is finished for the player: cashed out at the tiles
 *   they opened, or, with none opened, refunded.
 * - A blackjack round left open after its game session ended is finished as a table does for an absent player
 *   (blackjack.ts): a stake whose move never completed is rolled back, insurance declined, every hand stands,
 *   the dealer plays and the round is paid; one whose first stake was never confirmed is voided.
 * - So is a hilo round: cashed out at the multiplier its right guesses reached (the next card was never
 *   turned), or refunded before any right guess.
 * - A video-poker hand dealt and never drawn is completed holding all five cards: it pays what the player was
 *   shown, no card they did not see is used, and a paying hand is never broken up. A hand never shown (the
 *   round died around its stake) is refunded. docs/decisions/0032-hilo-and-video-poker.md says why.
 * Demo rounds move only demo credits: they are closed at once, the payout of a paying one given and the stake
 * of an open one returned.
 */
import { and, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import { compareAmounts } from "#common/money";
import { finishAbandonedBlackjack } from "./blackjack";
import { cashOut, type HiloState } from "./hilo";
import type { HouseDeps, Session } from "./service";
import { finishMines, MOVE_BY_MOVE_ENGINES, moveDemoCredits, payIfStaked, payRound } from "./service";
import { houseRounds, houseSessions } from "./tables";
import { draw, HOLD_ALL } from "./video-poker";

export interface RecoveryOptions {
  /** How old an unfinished round must be before it counts as abandoned by a failure. */
  staleMs: number;
  /**
   * How old an open round of a move-by-move game (mines, blackjack, hilo, video poker) must be — a game session's life —
   * before it is finished for the player.
   */
  minesAbandonedMs: number;
}

export async function recoverHouseRounds(deps: HouseDeps, o: RecoveryOptions) {
  const now = deps.clock.now().getTime();
  const rows = await deps.db
    .select({ round: houseRounds, session: houseSessions })
    .from(houseRounds)
    .innerJoin(houseSessions, eq(houseSessions.token, houseRounds.token))
    .where(
      and(
        inArray(houseRounds.status, ["open", "paying", "voiding"]),
        lt(houseRounds.createdAt, new Date(now - o.staleMs)),
        sql`(${notInArray(houseRounds.engine, [...MOVE_BY_MOVE_ENGINES])} or ${houseRounds.status} <> 'open' or ${houseRounds.createdAt} < ${new Date(now - o.minesAbandonedMs)})`,
      ),
    )
    .orderBy(houseRounds.id)
    .limit(500);
  const done = { paid: 0, refunded: 0, cashedOut: 0, stood: 0, failed: 0 };
  for (const { round, session } of rows) {
    try {
      if (session.mode === "demo") await closeDemo(deps, session, round.id);
      else if (round.status === "paying") {
        await payRound(deps, session, round);
        done.paid++;
      } else if (round.status === "open" && isSingleBet(round.engine)) {
        if (await payIfStaked(deps, session, round)) done.paid++;
        else if (await refund(deps, session, round)) done.refunded++;
        else done.failed++;
      } else if (round.status === "open" && round.engine === "mines" && openedTiles(round) > 0) {
        await finishMines(deps, session, round, (round.outcome as { revealed: number[] }).revealed, false);
        done.cashedOut++;
      } else if (
        round.status === "open" &&
        round.engine === "blackjack" &&
        (await finishAbandonedBlackjack(deps, session, round)) === "stood"
      )
        done.stood++;
      else if (round.status === "open" && round.engine === "hilo" && rightGuesses(round) > 0) {
        await cashOut(deps, session, round, round.outcome as HiloState);
        done.cashedOut++;
      } else if (round.status === "open" && round.engine === "videopoker" && round.outcome.dealt === true) {
        await draw(deps, session, round, HOLD_ALL);
        done.cashedOut++;
      } else if (await refund(deps, session, round)) done.refunded++;
      else done.failed++;
    } catch {
      done.failed++; // tried again on the next run
    }
  }
  return done;
}

const isSingleBet = (engine: string) => !(MOVE_BY_MOVE_ENGINES as readonly string[]).includes(engine);

const openedTiles = (r: typeof houseRounds.$inferSelect) =>
  ((r.outcome as { revealed?: number[] }).revealed ?? []).length;

const rightGuesses = (r: typeof houseRounds.$inferSelect) =>
  ((r.outcome as { odds?: number[] }).odds ?? []).length;

/**
 * A demo round is closed with its credits where they belong, in one transaction with the status so a run that
 * dies halfway gives nothing twice: a paying round's payout is given, an open one's stake goes back (a demo
 * round is not played on for the player: demo money has no value worth finishing a hand for).
 */
async function closeDemo(deps: HouseDeps, session: Session, id: number) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: houseRounds.status, bet: houseRounds.bet, payout: houseRounds.payout })
      .from(houseRounds)
      .where(eq(houseRounds.id, id))
      .for("update");
    if (!before || !["open", "paying", "voiding"].includes(before.status)) return;
    const paying = before.status === "paying";
    await tx
      .update(houseRounds)
      .set(paying ? { status: "settled" } : { status: "refunded", payout: "0" })
      .where(eq(houseRounds.id, id));
    const credits = paying ? before.payout : before.bet;
    if (compareAmounts(credits, "0") > 0) await moveDemoCredits(tx, session.token, credits, "give");
  });
}

async function refund(deps: HouseDeps, s: Session, r: typeof houseRounds.$inferSelect): Promise<boolean> {
  // Claimed first ("voiding"), so a player's late move on the round finds it closed; a run that dies after the
  // claim is finished by the next one (the rollback is idempotent by its transaction id).
  if (r.status === "open") {
    const [claimed] = await deps.db
      .update(houseRounds)
      .set({ status: "voiding", payout: "0" })
      .where(and(eq(houseRounds.id, r.id), eq(houseRounds.status, "open")))
      .returning();
    if (!claimed) return false;
  }
  const answer = await deps.callWallet("rollback", {
    token: s.token,
    transactionId: `house-${r.id}-rollback`,
    referenceTransactionId: `house-${r.id}-bet`,
    roundId: `house-${r.id}`,
  });
  if (answer.status !== "RS_OK") return false;
  await deps.db.update(houseRounds).set({ status: "refunded" }).where(eq(houseRounds.id, r.id));
  return true;
}
