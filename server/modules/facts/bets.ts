import { type SQL, sql } from "drizzle-orm";
import { compareAmounts, fromUnits, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import { stakeSplitOf } from "../wallet";
import type { BetSettledData, DomainFact } from "./kinds";
import { countRecorded, recordFact, recordFacts } from "./record";
import { domainFacts } from "./tables";

const ONE = 10n ** 18n;

/** payout / stake with 18 decimals, rounded down; "0" when nothing was staked. */
export function multiplierOf(payout: string, stake: string): string {
  const s = toUnits(stake) ?? 0n;
  if (s <= 0n) return "0";
  return fromUnits(((toUnits(payout) ?? 0n) * ONE) / s);
}

/**
 * Records `bet.settled` for a casino round or a sports bet, inside the transaction that settled it. The stake's
 * split between real and bonus money is read from the ledger postings of its reference.
 */
export async function recordBetSettled(
  tx: Db,
  s: {
    playerId: number | bigint;
    accountId: bigint;
    /** The stake's ledger reference (`game:house:round:9`, `sportsbook:bet:4`): also the fact's key. */
    reference: string;
    source: BetSettledData["source"];
    gameId?: number;
    gameKind?: string;
    currency: string;
    stake: string;
    payout: string;
    /** Sports bets: the total odds; casino rounds: payout / stake. */
    multiplier?: string;
    occurredAt: Date;
    /** The stakes' split, when the caller's win was just posted by it (the wallet answers it): not read again. */
    stakeSplit?: { real: string; bonus: string };
  },
): Promise<void> {
  const split = s.stakeSplit ?? (await stakeSplitOf(tx, s.accountId, s.reference));
  await recordFact(tx, betSettledFact({ ...s, stakeSplit: split }));
}

type BetSettled = Parameters<typeof recordBetSettled>[1];

/**
 * Records `bet.settled` for many bets in one statement (a sportsbook settlement of thousands), each with its
 * stakes' split given (read with the wallet's `stakeSplits`).
 */
export async function recordBetsSettled(
  tx: Db,
  bets: (BetSettled & { stakeSplit: { real: string; bonus: string } })[],
): Promise<void> {
  await recordFacts(tx, bets.map(betSettledFact));
}

function betSettledFact(s: BetSettled & { stakeSplit: { real: string; bonus: string } }): DomainFact {
  const split = s.stakeSplit;
  const realStake = compareAmounts(split.real, s.stake) > 0 ? s.stake : split.real;
  return {
    kind: "bet.settled",
    playerId: Number(s.playerId),
    key: `bet.settled:${s.source}:${s.reference}`,
    occurredAt: s.occurredAt,
    data: {
      source: s.source,
      ...(s.gameId !== undefined && { gameId: s.gameId }),
      ...(s.gameKind !== undefined && { gameKind: s.gameKind }),
      currency: s.currency,
      stake: s.stake,
      realStake: compareAmounts(realStake, "0") < 0 ? "0" : realStake,
      payout: s.payout,
      multiplier: s.multiplier ?? multiplierOf(s.payout, s.stake),
      withBonus: compareAmounts(split.bonus, "0") > 0,
    },
  };
}

/**
 * `bet.settled` as an INSERT for a caller's own statement (issue 38: a casino win, its round and its fact in one
 * round trip), written as `recordBetSettled` writes it. `from` names the statement's relations, of one row when
 * the settlement happened (none: nothing is recorded); `stake`, `payout` (numeric) and `splitReal`, `splitBonus`
 * (what the stakes took from each balance, numeric) are expressions over them. A key recorded before is
 * ignored. The relay is told of the fact when the statement is built: a nudge that finds nothing costs a read.
 */
export function betSettledIn(
  s: {
    playerId: number | bigint;
    reference: string;
    source: BetSettledData["source"];
    gameId?: number;
    gameKind?: string;
    currency: string;
    occurredAt: Date;
  },
  v: { from: SQL; stake: SQL; payout: SQL; splitReal: SQL; splitBonus: SQL },
): SQL {
  countRecorded();
  const fixed = {
    source: s.source,
    ...(s.gameId !== undefined && { gameId: s.gameId }),
    ...(s.gameKind !== undefined && { gameKind: s.gameKind }),
    currency: s.currency,
  };
  // The amounts in normal form (trim_scale writes them as normalizeAmount does); the multiplier as multiplierOf:
  // payout / stake to 18 decimals rounded down, by integer division so no digit is lost to numeric's scale.
  return sql`
    insert into ${domainFacts} (key, kind, player_id, occurred_at, data)
    select ${`bet.settled:${s.source}:${s.reference}`}, 'bet.settled', ${BigInt(s.playerId)}::bigint,
           ${s.occurredAt.toISOString()}::timestamptz,
           ${JSON.stringify(fixed)}::jsonb || jsonb_build_object(
             'stake', trim_scale(f.stake)::text,
             'realStake', trim_scale(greatest(least(f.split_real, f.stake), 0))::text,
             'payout', trim_scale(f.payout)::text,
             'multiplier', case when f.stake > 0
               then trim_scale(div(f.payout * 1000000000000000000, f.stake) * 0.000000000000000001)::text
               else '0' end,
             'withBonus', f.split_bonus > 0)
      from (select (${v.stake})::numeric as stake, (${v.payout})::numeric as payout,
                   coalesce((${v.splitReal})::numeric, 0) as split_real,
                   coalesce((${v.splitBonus})::numeric, 0) as split_bonus
              from ${v.from}) f
    on conflict (key) do nothing`;
}
