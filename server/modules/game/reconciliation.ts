import { addAmounts, negate, normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import type { LedgerProblem } from "../wallet";
import { referenceNets } from "../wallet";
import { gameRounds } from "./tables";

/**
 * Every game round agrees with its postings: the ledger moved its wins less its bets (a rolled-back bet is
 * already out of the round's bet amount), and no posting names a round that does not exist.
 */
export async function roundLedgerProblems(db: Db): Promise<LedgerProblem[]> {
  const nets = new Map(
    (await referenceNets(db, "game:")).map((n) => [`${n.reference}|${n.playerId}|${n.currency}`, n.net]),
  );
  const problems: LedgerProblem[] = [];
  for (const r of await db.select().from(gameRounds)) {
    const key = `game:${r.provider}:round:${r.roundId}|${r.playerId}|${r.currency}`;
    const moved = nets.get(key) ?? "0";
    nets.delete(key);
    const expected = addAmounts(
      normalizeAmount(r.winAmount) ?? "0",
      negate(normalizeAmount(r.betAmount) ?? "0"),
    );
    if (moved !== expected)
      problems.push({
        check: "round_matches_postings",
        detail: `round ${r.provider}/${r.roundId} of player ${r.playerId} should have moved ${expected} ${r.currency}, the ledger moved ${moved}`,
      });
  }
  for (const [key, net] of nets)
    if (net !== "0")
      problems.push({
        check: "round_matches_postings",
        detail: `postings of ${key} moved ${net} with no round`,
      });
  return problems;
}
