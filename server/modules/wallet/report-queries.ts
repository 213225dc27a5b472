import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";

/**
 * The ledger's figures for reports (decision 0023; issue 37: reports read the ledger through the wallet). Each
 * answers the ledger's sums by UTC day and currency as a subquery (`day`, `currency`, figures); the reports
 * module converts them to the base currency and rounds them, so its SQL names no ledger table. Real-money
 * figures read the players' real-balance legs; the RTP's figures the house's legs (all money).
 */

/** The instants a report covers: `until` is exclusive (the day after the last). */
export interface LedgerPeriod {
  from: Date;
  until: Date;
}

/** The entries of the period, by their time: the `ledger_entries_created_at` index finds them. */
const inPeriod = (r: LedgerPeriod) =>
  sql`e.created_at >= ${r.from.toISOString()}::timestamptz and e.created_at < ${r.until.toISOString()}::timestamptz`;
const dayOf = sql`(e.created_at at time zone 'UTC')::date`;

/**
 * Every money figure of each (day, currency) in that currency, two rows per pair at most: the flows (stakes, wins,
 * bonus cost, deposits, withdrawals, adjustments, referral), and the players' first deposits ever (no deposit
 * of theirs, in any currency, before it): `first_amount`, `first_deposits`.
 */
export const moneyFlowsByDay = (r: LedgerPeriod): SQL => sql`
      select ${dayOf} as day, p.currency,
             coalesce(-sum(p.amount) filter (where e.kind in ('bet', 'rollback')), 0) as stakes,
             coalesce(sum(p.amount) filter (where e.kind = 'win'), 0) as wins,
             coalesce(sum(p.amount) filter (where e.kind = 'bonus'), 0) as bonus_cost,
             coalesce(sum(p.amount) filter (where e.kind = 'deposit'), 0) as deposits,
             coalesce(-sum(p.amount) filter (where e.kind in ('withdrawal', 'withdrawal_refund')), 0) as withdrawals,
             coalesce(sum(p.amount) filter (where e.kind = 'adjustment'), 0) as adjustments,
             coalesce(sum(p.amount) filter (where e.kind = 'referral'), 0) as referral,
             0::numeric as first_amount, 0 as first_deposits
        from ledger_entries e join ledger_postings p on p.entry_id = e.id
       where ${inPeriod(r)} and p.wallet_account_id is not null and p.balance_type = 'real'
       group by 1, 2
      union all
      -- A player's first deposit ever: no deposit of theirs, in any currency, before it.
      select ${dayOf}, p.currency, 0, 0, 0, 0, 0, 0, 0, sum(p.amount), count(*)::int
        from ledger_entries e
        join ledger_postings p on p.entry_id = e.id and p.balance_type = 'real'
        join wallet_accounts a on a.id = p.wallet_account_id
       where ${inPeriod(r)} and e.kind = 'deposit'
         and not exists (
           select 1 from wallet_accounts a2
             join ledger_postings p2 on p2.wallet_account_id = a2.id and p2.balance_type = 'real'
             join ledger_entries e2 on e2.id = p2.entry_id and e2.kind = 'deposit'
            where a2.player_id = a.player_id
              and (p2.created_at < p.created_at or (p2.created_at = p.created_at and p2.entry_id < p.entry_id)))
       group by 1, 2`;

/** Players with a real-money bet on each day (`day` 'YYYY-MM-DD'), and over the whole period (`day` null). */
export async function bettingPlayers(
  db: Db,
  r: LedgerPeriod,
): Promise<{ day: string | null; players: number }[]> {
  const rows = await rowsOf<{ day: string | null; players: number }>(
    db,
    sql`
    select to_char(${dayOf}, 'YYYY-MM-DD') as day, count(distinct a.player_id)::int as players
      from ledger_entries e
      join ledger_postings p on p.entry_id = e.id and p.balance_type = 'real'
      join wallet_accounts a on a.id = p.wallet_account_id
     where ${inPeriod(r)} and e.kind = 'bet'
     group by grouping sets ((${dayOf}), ())`,
  );
  return rows;
}

/**
 * The casino's play by (day, currency, game, wallet provider): real-money stakes and wins, and the house's legs
 * (real and bonus money) as `all_stakes`, `all_wins`. `game_id` is the entry's game, `wallet_provider` the
 * provider its reference names.
 */
export const casinoPlayByDay = (r: LedgerPeriod): SQL => sql`
      select ${dayOf} as day, p.currency, (e.meta->>'gameId')::bigint as game_id,
             split_part(e.reference, ':', 2) as wallet_provider,
             coalesce(-sum(p.amount) filter (where p.balance_type = 'real' and e.kind in ('bet', 'rollback')), 0) as stakes,
             coalesce(sum(p.amount) filter (where p.balance_type = 'real' and e.kind = 'win'), 0) as wins,
             coalesce(sum(p.amount) filter (where p.house_account_id is not null and e.kind in ('bet', 'rollback')), 0) as all_stakes,
             coalesce(-sum(p.amount) filter (where p.house_account_id is not null and e.kind = 'win'), 0) as all_wins
        from ledger_entries e join ledger_postings p on p.entry_id = e.id
       where ${inPeriod(r)} and e.kind in ('bet', 'win', 'rollback') and e.reference like 'game:%'
         and (p.house_account_id is not null or p.balance_type = 'real')
       group by 1, 2, 3, 4`;

/**
 * The sportsbook's real-money play by (day, currency, bet): `bet_id` from the entry's reference, stakes, wins,
 * and `placed` when the bet's stake is among them.
 */
export const sportsbookPlayByDay = (r: LedgerPeriod): SQL => sql`
      select ${dayOf} as day, p.currency, split_part(e.reference, ':', 3)::bigint as bet_id,
             coalesce(-sum(p.amount) filter (where e.kind in ('bet', 'rollback')), 0) as stakes,
             coalesce(sum(p.amount) filter (where e.kind = 'win'), 0) as wins,
             bool_or(e.kind = 'bet') as placed
        from ledger_entries e join ledger_postings p on p.entry_id = e.id
       where ${inPeriod(r)} and e.kind in ('bet', 'win', 'rollback') and e.reference like 'sportsbook:bet:%'
         and p.wallet_account_id is not null and p.balance_type = 'real'
       group by 1, 2, 3`;
