import { desc, sql } from "drizzle-orm";
import { normalizeAmount } from "#common/money";
import { type Db, rowsOf } from "../../db/client";
import {
  houseAccounts,
  ledgerEntries,
  ledgerPostings,
  ledgerReconciliations,
  walletAccounts,
} from "./tables";

/**
 * The ledger's own invariants, checked over the whole ledger (decision 0009). A problem is reported, never
 * fixed: money that does not add up is for a person to look at.
 */
export interface LedgerProblem {
  check: string;
  detail: string;
}

/** At most this many examples of one kind of problem are named; the count says how many there are. */
const EXAMPLES = 20;

const decimal = (v: string) => normalizeAmount(v) ?? v;

/**
 * Every currency sums to zero over all accounts; every entry's postings sum to zero per currency; every
 * entry has postings; every player balance (real and bonus) equals the sum of its postings.
 */
export async function ledgerProblems(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  for (const r of await rowsOf<{ currency: string; sum: string }>(
    db,
    sql`select currency, sum(amount)::text as sum from ${ledgerPostings} group by currency having sum(amount) <> 0`,
  ))
    problems.push({ check: "currency_sums_to_zero", detail: `${r.currency} sums to ${decimal(r.sum)}` });
  for (const r of await rowsOf<{ entry_id: string; currency: string; sum: string }>(
    db,
    sql`select entry_id::text, currency, sum(amount)::text as sum from ${ledgerPostings}
         group by entry_id, currency having sum(amount) <> 0 order by entry_id limit ${EXAMPLES}`,
  ))
    problems.push({
      check: "entry_balanced",
      detail: `entry ${r.entry_id} sums to ${decimal(r.sum)} ${r.currency}`,
    });
  for (const r of await rowsOf<{ id: string }>(
    db,
    sql`select e.id::text from ${ledgerEntries} e
         where not exists (select 1 from ${ledgerPostings} p where p.entry_id = e.id) order by e.id limit ${EXAMPLES}`,
  ))
    problems.push({ check: "entry_has_postings", detail: `entry ${r.id} has no postings` });
  for (const r of await rowsOf<{
    id: string;
    balance: string;
    real: string;
    bonus_balance: string;
    bonus: string;
  }>(
    db,
    sql`select a.id::text, a.balance::text, coalesce(s.real, 0)::text as real,
               a.bonus_balance::text, coalesce(s.bonus, 0)::text as bonus
          from ${walletAccounts} a
          left join (select wallet_account_id,
                            sum(amount) filter (where balance_type = 'real') as real,
                            sum(amount) filter (where balance_type = 'bonus') as bonus
                       from ${ledgerPostings} where wallet_account_id is not null group by wallet_account_id) s
            on s.wallet_account_id = a.id
         where a.balance <> coalesce(s.real, 0) or a.bonus_balance <> coalesce(s.bonus, 0)
         order by a.id limit ${EXAMPLES}`,
  ))
    problems.push({
      check: "balance_equals_postings",
      detail: `account ${r.id}: balance ${decimal(r.balance)} / postings ${decimal(r.real)}, bonus ${decimal(r.bonus_balance)} / postings ${decimal(r.bonus)}`,
    });
  return problems;
}

/** What the ledger moved on players' balances per reference, player and currency, for references with a prefix. */
export interface ReferenceNet {
  reference: string;
  playerId: bigint;
  currency: string;
  net: string;
}

/**
 * The net movement of players' money per reference (`invoice:42`, `game:house:round:7`), so a module can
 * compare its own records (an invoice's status, a round's bets and wins) with what the ledger says moved.
 */
export async function referenceNets(db: Db, prefix: string): Promise<ReferenceNet[]> {
  const found = await rowsOf<{ reference: string; player_id: string; currency: string; net: string }>(
    db,
    sql`select e.reference, a.player_id::text, p.currency, sum(p.amount)::text as net
          from ${ledgerEntries} e
          join ${ledgerPostings} p on p.entry_id = e.id and p.wallet_account_id is not null
          join ${walletAccounts} a on a.id = p.wallet_account_id
         where starts_with(e.reference, ${prefix})
         group by e.reference, a.player_id, p.currency`,
  );
  return found.map((r) => ({
    reference: r.reference,
    playerId: BigInt(r.player_id),
    currency: r.currency,
    net: decimal(r.net),
  }));
}

/** The operator's figures for one day, house account and currency, from the postings (back office, reports). */
export interface DailyFigures {
  day: string;
  purpose: string;
  qualifier: string;
  currency: string;
  deposits: string;
  withdrawals: string;
  bets: string;
  wins: string;
  /** Gross gaming revenue: bets less wins less refunded bets. */
  ggr: string;
}

/**
 * Deposits, withdrawals (net of refunds), bets, wins and GGR per UTC day, house account and currency, in
 * [from, to). Read from the house side of each entry, so every figure is what the casino's accounts moved.
 */
export async function dailyFigures(db: Db, from: Date, to: Date): Promise<DailyFigures[]> {
  const found = await rowsOf<Record<keyof DailyFigures, string>>(
    db,
    sql`select to_char(date_trunc('day', p.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
               h.purpose, h.qualifier, p.currency,
               coalesce(sum(-p.amount) filter (where e.kind = 'deposit'), 0)::text as deposits,
               coalesce(sum(p.amount) filter (where e.kind in ('withdrawal', 'withdrawal_refund')), 0)::text as withdrawals,
               coalesce(sum(p.amount) filter (where e.kind = 'bet'), 0)::text as bets,
               coalesce(sum(-p.amount) filter (where e.kind = 'win'), 0)::text as wins,
               coalesce(sum(p.amount) filter (where e.kind in ('bet', 'win', 'rollback')), 0)::text as ggr
          from ${ledgerPostings} p
          join ${houseAccounts} h on h.id = p.house_account_id
          join ${ledgerEntries} e on e.id = p.entry_id
         where p.created_at >= ${from.toISOString()}::timestamptz and p.created_at < ${to.toISOString()}::timestamptz
         group by 1, h.purpose, h.qualifier, p.currency
         order by 1, h.purpose, h.qualifier, p.currency`,
  );
  return found.map((r) => ({
    day: r.day,
    purpose: r.purpose,
    qualifier: r.qualifier,
    currency: r.currency,
    deposits: decimal(r.deposits),
    withdrawals: decimal(r.withdrawals),
    bets: decimal(r.bets),
    wins: decimal(r.wins),
    ggr: decimal(r.ggr),
  }));
}

/** Keeps a reconciliation's outcome, problems and all. */
export async function recordReconciliation(db: Db, problems: LedgerProblem[]): Promise<void> {
  await db.insert(ledgerReconciliations).values({ ok: problems.length === 0, problems });
}

/** The most recent reconciliation, if any ran. */
export async function lastReconciliation(db: Db) {
  const [row] = await db
    .select()
    .from(ledgerReconciliations)
    .orderBy(desc(ledgerReconciliations.id))
    .limit(1);
  return row;
}
