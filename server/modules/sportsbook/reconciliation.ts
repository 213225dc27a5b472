import { sql } from "drizzle-orm";
import { addAmounts, negate, normalizeAmount } from "#common/money";
import { type Db, rowsOf } from "../../db/client";
import { type LedgerProblem, referenceNets } from "../wallet";
import { sportBets, sportSettlements, sportShortfalls } from "./tables";

/**
 * Every sports bet agrees with its postings: the ledger moved minus its stake, plus the stake back when it was
 * refused, plus what its settlements paid less what they took back and what staff collected of a shortfall since
 * (or its cash-out); and no posting names a bet
 * that does not exist.
 */
export async function betLedgerProblems(db: Db): Promise<LedgerProblem[]> {
  const nets = new Map(
    (await referenceNets(db, "sportsbook:bet:")).map((n) => [
      `${n.reference}|${n.playerId}|${n.currency}`,
      n.net,
    ]),
  );
  const rowsRows = await rowsOf<{
    id: string;
    player_id: string;
    currency: string;
    status: string;
    stake: string;
    payout: string | null;
    settled: string;
  }>(
    db,
    sql`
    select b.id::text, b.player_id::text, b.currency, b.status, b.stake::text, b.payout::text,
           (coalesce((select sum(s.payout - s.reversed) from ${sportSettlements} s where s.bet_id = b.id), 0)
            - coalesce((select sum(f.collected) from ${sportShortfalls} f where f.bet_id = b.id), 0))::text
             as settled
      from ${sportBets} b`,
  );
  const problems: LedgerProblem[] = [];
  const d = (v: string | null) => normalizeAmount(v ?? "0") ?? "0";
  for (const b of rowsRows) {
    const key = `sportsbook:bet:${b.id}|${b.player_id}|${b.currency}`;
    const moved = nets.get(key) ?? "0";
    nets.delete(key);
    const back =
      b.status === "rejected" ? d(b.stake) : b.status === "cashed_out" ? d(b.payout) : d(b.settled);
    const expected = addAmounts(negate(d(b.stake)), back);
    if (moved !== expected)
      problems.push({
        check: "bet_matches_postings",
        detail: `sports bet ${b.id} of player ${b.player_id} should have moved ${expected} ${b.currency}, the ledger moved ${moved}`,
      });
  }
  for (const [key, net] of nets)
    if (net !== "0")
      problems.push({ check: "bet_matches_postings", detail: `postings of ${key} moved ${net} with no bet` });
  return problems;
}
