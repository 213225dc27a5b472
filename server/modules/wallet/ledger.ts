import { and, eq, type SQL, sql } from "drizzle-orm";
import type { WalletAccount } from "#common/api/wallet";
import { addAmounts, fromUnits, negate, normalizeAmount, toUnits } from "#common/money";
import { type Db, isUniqueViolation, rowsOf } from "../../db/client";
import { ledgerEntriesPosted } from "../../lib/metrics";
import { toWalletAccount } from "./accounts";
import { playerLockCall } from "./player-lock";
import { houseAccounts, ledgerEntries, ledgerPostings, walletAccounts } from "./tables";

/**
 * The double-entry ledger (decision 0009): every movement of money is one entry whose postings sum to zero in
 * its currency, between a player's account (real and bonus balances) and a house account. This file is the only
 * writer of balances, entries and postings.
 */

/** Why money moved. Games, the sportsbook and bonuses post through here too. */
export type EntryKind =
  | "deposit"
  | "withdrawal"
  | "withdrawal_refund"
  | "bet"
  | "win"
  | "rollback"
  | "bonus"
  | "referral"
  | "adjustment";

/** What a house account settles: with whom the casino's money moves. */
export const HOUSE_PURPOSES = [
  "payment_clearing",
  "game_provider",
  "sportsbook",
  "bonus_cost",
  "cashback_cost",
  "referral_cost",
  "referral_earnings",
  "manual_adjustment",
  "rounding",
] as const;
export type HousePurpose = (typeof HOUSE_PURPOSES)[number];

/** A house account by purpose and, where there are several, by counterparty (the processor, the provider). */
export interface HouseAccount {
  purpose: HousePurpose;
  qualifier?: string;
}

/** The house accounts by name: `house.clearing("sandbox")`, `house.provider("house")`. */
export const house = {
  clearing: (processor: string): HouseAccount => ({ purpose: "payment_clearing", qualifier: processor }),
  provider: (provider: string): HouseAccount => ({ purpose: "game_provider", qualifier: provider }),
  sportsbook: { purpose: "sportsbook" } as HouseAccount,
  bonusCost: { purpose: "bonus_cost" } as HouseAccount,
  cashbackCost: { purpose: "cashback_cost" } as HouseAccount,
  referralCost: { purpose: "referral_cost" } as HouseAccount,
  /** A referrer's earnings not yet moved to their wallet (decision 0017): owed to the player, kept apart. */
  referralEarnings: (playerId: bigint): HouseAccount => ({
    purpose: "referral_earnings",
    qualifier: String(playerId),
  }),
  adjustment: { purpose: "manual_adjustment" } as HouseAccount,
  rounding: { purpose: "rounding" } as HouseAccount,
};

export interface Posting {
  accountId: bigint;
  /** Signed decimal string on the real balance: positive credits, negative debits. */
  amount: string;
  /** Signed decimal string on the bonus balance; none by default. */
  bonusAmount?: string;
  /**
   * Takes the other side, `-(amount + bonusAmount)`, in the account's currency. Needed unless the two cancel
   * (bonus money made real), or the kind is an adjustment (the manual adjustment account by default).
   */
  counterparty?: HouseAccount;
  kind: EntryKind;
  reference: string;
  /** Unique forever; the same key posted again answers the first result and moves nothing. */
  idempotencyKey: string;
  meta?: Record<string, unknown>;
  /** When it happened, from the caller's clock (periods of limits and reports read it); the database's now by default. */
  at?: Date;
}

export interface Posted {
  entryId: bigint;
  accountId: bigint;
  /** What moved on the real balance, and what it left. */
  amount: string;
  balanceAfter: string;
  bonusBalanceAfter: string;
  /** True when this key had already been posted: nothing moved this time. */
  replayed: boolean;
  /** What moved on the bonus balance (signed), when this call posted it. */
  bonusMoved?: string;
  /** A win's: what the stakes of its reference took from each balance, net of refunds (the split it paid by). */
  stakeSplit?: { real: string; bonus: string };
  /** The account as players see it after the posting, and its owner, when this call posted it (not a replay). */
  account?: WalletAccount;
  playerId?: bigint;
}

/** The debit would take a balance below zero, or the account is not active. Nothing was written. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: bigint) {
    super("Insufficient funds");
  }
}

const decimal = (v: string) => normalizeAmount(v) ?? v;

/** A house account's id, `purpose:qualifier:currency`: readable, and known without a look-up. */
export const houseAccountId = (account: HouseAccount, currency: string) =>
  `${account.purpose}:${account.qualifier ?? ""}:${currency}`;

type MovedRow = {
  also: string | null;
  entry_id: string;
  account_id: string;
  player_id: string;
  currency: string;
  balance: string;
  bonus_balance: string;
  status: number;
  is_current: boolean;
  is_hidden: boolean;
  real: string;
  bonus: string;
  split_real: string | null;
  split_bonus: string | null;
};

/**
 * Moves money inside the caller's transaction (or on its own), so the caller's rows (an invoice, a bet) and
 * the balances commit or roll back together. One statement does it all: a conditional UPDATE of the player's
 * balances, the INSERT of the entry and the INSERT of its postings; the house side is an inserted posting, never
 * an updated row, so concurrent bets against one provider do not queue on it. Concurrent postings on one
 * player's account queue on its row lock and each sees the balances the previous one left, so no interleaving
 * can take either below zero (the CHECK constraints would refuse it anyway). A key posted before makes the
 * entry's INSERT fail, which undoes the UPDATE too: `post` and `postOnce` turn that into a replay of the first
 * result. Throws InsufficientFunds when a debit does not fit.
 */
export async function postEntry(tx: Db, p: Posting): Promise<Posted> {
  const real = normalizeAmount(p.amount);
  const bonus = normalizeAmount(p.bonusAmount ?? "0");
  if (real === undefined || bonus === undefined || (real === "0" && bonus === "0"))
    throw new Error(`A posting moves a non-zero decimal amount: ${p.amount} / ${p.bonusAmount}`);
  return postMoving(
    tx,
    p,
    sql`select ${real}::numeric as real, ${bonus}::numeric as bonus, null::text as split_real, null::text as split_bonus`,
    negate(addAmounts(real, bonus)),
  );
}

/**
 * The one posting statement (issue 38: a money path's cost is its round trips). `amounts` is a query of one row
 * `(real, bonus, split_real, split_bonus)`, the signed changes of the two balances: fixed values, or worked out from the account's row
 * (a stake's split) or the ledger (a win's split) inside the same statement, so reading and moving are one round
 * trip. `houseTotal` is the house side when known beforehand (to check a counterparty is named).
 */
async function postMoving(
  tx: Db,
  p: Omit<Posting, "amount" | "bonusAmount">,
  amounts: SQL,
  houseTotal: string,
  within?: Within,
): Promise<Posted & { also?: string | null }> {
  const counterparty = p.counterparty ?? (p.kind === "adjustment" ? house.adjustment : undefined);
  if (houseTotal !== "0" && !counterparty)
    throw new Error(`A ${p.kind} of ${negate(houseTotal)} needs a house account on the other side`);
  const purpose = counterparty?.purpose ?? "";
  const qualifier = counterparty?.qualifier ?? "";
  const at = p.at ? sql`${p.at.toISOString()}::timestamptz` : sql`now()`;
  // The house account (in the player's currency) is opened on first use by the same statement; the postings'
  // foreign keys, checked at its end, see it.
  const rows = await rowsOf<MovedRow>(
    tx,
    sql`
    with ${within?.before ? sql`${within.before}, ` : sql``}amounts as (${amounts}), moved as (
      update wallet_accounts w
         set balance = w.balance + amounts.real,
             bonus_balance = w.bonus_balance + amounts.bonus,
             updated_at = now()
        from amounts
       where w.id = ${p.accountId} and w.status = 1
         and w.balance + amounts.real >= 0 and w.bonus_balance + amounts.bonus >= 0
         and (amounts.real <> 0 or amounts.bonus <> 0)
         and ${within?.gate ?? sql`true`}
      returning w.id, w.player_id, w.currency, w.balance, w.bonus_balance, w.status, w.is_current, w.is_hidden,
                amounts.real, amounts.bonus, -(amounts.real + amounts.bonus) as house,
                amounts.split_real, amounts.split_bonus
    ), opened as (
      insert into ${houseAccounts} (id, purpose, qualifier, currency)
      select ${`${purpose}:${qualifier}:`} || moved.currency, ${purpose}, ${qualifier}, moved.currency
        from moved where moved.house <> 0
      on conflict do nothing
    ), entry as (
      insert into ${ledgerEntries} (kind, reference, idempotency_key, meta, created_at)
      select ${p.kind}, ${p.reference}, ${p.idempotencyKey}, ${JSON.stringify(p.meta ?? {})}::jsonb, ${at} from moved
      returning id
    ), legs as (
      insert into ${ledgerPostings} (entry_id, currency, wallet_account_id, balance_type, house_account_id, amount, balance_after, created_at)
      select entry.id, moved.currency, moved.id, 'real', null::text, moved.real, moved.balance, ${at}
        from entry, moved where moved.real <> 0
      union all
      select entry.id, moved.currency, moved.id, 'bonus', null, moved.bonus, moved.bonus_balance, ${at}
        from entry, moved where moved.bonus <> 0
      union all
      select entry.id, moved.currency, null, null, ${`${purpose}:${qualifier}:`} || moved.currency,
             moved.house, null, ${at}
        from entry, moved where moved.house <> 0
      returning 1
    )${within ? sql`, ${within.ctes}` : sql``}
    select ${within ? sql`(${within.also})::text` : sql`null::text`} as also, entry.id::text as entry_id, moved.id::text as account_id, moved.player_id::text as player_id,
           moved.currency, moved.balance::text as balance, moved.bonus_balance::text as bonus_balance,
           moved.status, moved.is_current, moved.is_hidden, moved.real::text as real, moved.bonus::text as bonus,
           moved.split_real, moved.split_bonus
      from entry, moved where (select count(*) from legs) > 0`,
  );
  const row = rows[0];
  if (!row) throw new InsufficientFunds(p.accountId);
  ledgerEntriesPosted.inc({ kind: p.kind });
  const balanceAfter = decimal(row.balance);
  const bonusBalanceAfter = decimal(row.bonus_balance);
  return {
    entryId: BigInt(row.entry_id),
    accountId: BigInt(row.account_id),
    amount: decimal(row.real),
    bonusMoved: decimal(row.bonus),
    balanceAfter,
    bonusBalanceAfter,
    replayed: false,
    ...(row.split_real !== null && {
      stakeSplit: { real: decimal(row.split_real), bonus: decimal(row.split_bonus ?? "0") },
    }),
    playerId: BigInt(row.player_id),
    account: {
      id: row.account_id,
      currency: row.currency,
      balance: balanceAfter,
      bonusBalance: bonusBalanceAfter,
      status: Number(row.status),
      isCurrent: row.is_current,
      isHidden: row.is_hidden,
    },
    ...(within && { also: row.also }),
  };
}

/**
 * A caller's own writes in the posting's statement (issue 38: a bet in one round trip, committed on its own).
 * `gate`: a condition that must hold for anything to move (false: nothing is written, as when funds are short);
 * it may read `w` (the account's row before the posting) and `amounts` (`real`, `bonus`: the signed changes).
 * `ctes`: more common table expressions after the posting's, which may read `moved` (the account's row after
 * the posting: id, player_id, currency, balance, bonus_balance) and `entry` (the entry's id); they write only
 * when those have a row. `also`: a scalar expression over them, answered as `also` (text).
 */
export interface Within {
  /** Common table expressions before the posting's, which `amounts` may read (a refund's locked stake). */
  before?: SQL;
  gate?: SQL;
  ctes: SQL;
  also: SQL;
}

/**
 * The caller's writes in one statement with the account's balances, nothing moved (a losing round's win of 0:
 * issue 38, one round trip). The caller's `within.ctes` read `moved` as after a posting (the account's row as it
 * is, with `split_real`, `split_bonus`: what the stakes of `reference` took from each balance, net of refunds) and
 * no `entry`; the gate reads `w` and `amounts` (both changes 0). No row lock is taken: the statement is one
 * snapshot. Undefined when the gate held it (nothing written).
 */
export async function balancesWithin(
  db: Db,
  accountId: bigint,
  reference: string,
  within: Within,
): Promise<{ balance: string; bonusBalance: string; also: string | null } | undefined> {
  const [row] = await rowsOf<{ also: string | null; balance: string; bonus_balance: string }>(
    db,
    sql`
    with moved as (
      select w.id, w.player_id, w.currency, w.balance, w.bonus_balance, split.split_real, split.split_bonus
        from wallet_accounts w, (select 0::numeric as real, 0::numeric as bonus) amounts,
             (${stakeSplitQuery(accountId, reference)}) split
       where w.id = ${accountId} and ${within.gate ?? sql`true`}
    ), ${within.ctes}
    select (${within.also})::text as also, moved.balance::text as balance, moved.bonus_balance::text as bonus_balance
      from moved`,
  );
  if (!row) return undefined;
  return { balance: decimal(row.balance), bonusBalance: decimal(row.bonus_balance), also: row.also };
}

/** What the stakes of a reference took from each balance of an account, net of refunds: one row (split_real, split_bonus). */
function stakeSplitQuery(accountId: bigint, reference: string): SQL {
  return sql`select coalesce(-sum(p.amount) filter (where p.balance_type = 'real'), 0) as split_real,
                    coalesce(-sum(p.amount) filter (where p.balance_type = 'bonus'), 0) as split_bonus
               from ${ledgerEntries} e join ${ledgerPostings} p on p.entry_id = e.id
              where e.reference = ${reference} and e.kind in ('bet', 'rollback')
                and p.wallet_account_id = ${accountId}`;
}

/**
 * Money between two house accounts, no player's balance touched (a free spin's stake, paid by the bonus cost to
 * the provider, and its win paid back): one entry, two postings that sum to zero, each house account opened on
 * first use. A key posted before makes the insert fail, as in `postEntry`.
 */
export async function postHouseTransfer(
  tx: Db,
  p: {
    from: HouseAccount;
    to: HouseAccount;
    currency: string;
    amount: string;
    kind: EntryKind;
    reference: string;
    idempotencyKey: string;
    meta?: Record<string, unknown>;
    at?: Date;
  },
): Promise<void> {
  const amount = normalizeAmount(p.amount);
  if (amount === undefined || (toUnits(amount) ?? 0n) <= 0n)
    throw new Error(`A house transfer moves a positive decimal amount: ${p.amount}`);
  const at = p.at ? sql`${p.at.toISOString()}::timestamptz` : sql`now()`;
  const from = houseAccountId(p.from, p.currency);
  const to = houseAccountId(p.to, p.currency);
  await tx.execute(sql`
    insert into ${houseAccounts} (id, purpose, qualifier, currency)
    values (${from}, ${p.from.purpose}, ${p.from.qualifier ?? ""}, ${p.currency}),
           (${to}, ${p.to.purpose}, ${p.to.qualifier ?? ""}, ${p.currency})
    on conflict do nothing`);
  await tx.execute(sql`
    with entry as (
      insert into ${ledgerEntries} (kind, reference, idempotency_key, meta, created_at)
      values (${p.kind}, ${p.reference}, ${p.idempotencyKey}, ${JSON.stringify(p.meta ?? {})}::jsonb, ${at})
      returning id
    )
    insert into ${ledgerPostings} (entry_id, currency, wallet_account_id, balance_type, house_account_id, amount, balance_after, created_at)
    select entry.id, ${p.currency}::text, null::bigint, null::text, ${from}::text, ${negate(amount)}::numeric, null::numeric, ${at} from entry
    union all
    select entry.id, ${p.currency}::text, null::bigint, null::text, ${to}::text, ${amount}::numeric, null::numeric, ${at} from entry`);
  ledgerEntriesPosted.inc({ kind: p.kind });
}

/** The first result of an idempotency key, from its entry and its player postings. */
export async function findPosted(db: Db, key: string): Promise<Posted | undefined> {
  const rows = await rowsOf<{
    entry_id: string;
    account_id: string;
    balance_type: string;
    amount: string;
    balance_after: string;
  }>(
    db,
    sql`
    select e.id::text as entry_id, p.wallet_account_id::text as account_id, p.balance_type, p.amount::text,
           p.balance_after::text
      from ${ledgerEntries} e join ${ledgerPostings} p on p.entry_id = e.id and p.wallet_account_id is not null
     where e.idempotency_key = ${key}`,
  );
  const [first] = rows;
  if (!first) return undefined;
  const leg = (type: string) => rows.find((r) => r.balance_type === type);
  return {
    entryId: BigInt(first.entry_id),
    accountId: BigInt(first.account_id),
    amount: decimal(leg("real")?.amount ?? "0"),
    balanceAfter: decimal(leg("real")?.balance_after ?? "0"),
    bonusBalanceAfter: decimal(leg("bonus")?.balance_after ?? "0"),
    replayed: true,
  };
}

/**
 * Runs `work` in a transaction and answers its result; when a posting in it met an idempotency key posted
 * before (or by a concurrent winner), the whole transaction rolls back and `onReplay` answers from what the
 * first one wrote.
 */
export async function postOnce<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  onReplay: () => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (err) {
    if (isUniqueViolation(err)) return onReplay();
    throw err;
  }
}

/** One posting, atomic on its own (one statement): the plain way to move money. */
export async function post(db: Db, p: Posting): Promise<Posted> {
  try {
    // Answered as a replay would be: what moved and what it left (the account read back is for announcements).
    const { account: _a, playerId: _p, bonusMoved: _b, ...posted } = await postEntry(db, p);
    return posted;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const replay = await findPosted(db, p.idempotencyKey);
    if (!replay) throw err;
    return replay;
  }
}

/** A balance as the ledger tells it: the sum of the account's postings of that type. */
export async function ledgerSum(db: Db, accountId: bigint, type: "real" | "bonus" = "real"): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.walletAccountId, accountId), eq(ledgerPostings.balanceType, type)));
  return normalizeAmount(row?.sum ?? "0") ?? "0";
}

/** A house account's balance: the sum of its postings (none: zero). */
export async function houseBalance(db: Db, account: HouseAccount, currency: string): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.houseAccountId, houseAccountId(account, currency)));
  return decimal(row?.sum ?? "0");
}

/** What a player's real money did on one account since an instant: what limits count (decision 0011). */
export interface PlayerFlows {
  /** Stakes placed, less stakes refunded. */
  staked: string;
  /** Stakes less wins and refunds: positive when the player lost. */
  netLoss: string;
  deposited: string;
}

/** `until` (exclusive) bounds the period at its end too (cashback reads a finished period). */
export async function playerFlows(
  db: Db,
  accountId: bigint,
  since: Date,
  until?: Date,
): Promise<PlayerFlows> {
  const [row] = await rowsOf<{ staked: string; net_loss: string; deposited: string }>(
    db,
    sql`
      select coalesce(-sum(p.amount) filter (where e.kind in ('bet', 'rollback')), 0)::text as staked,
             coalesce(-sum(p.amount) filter (where e.kind in ('bet', 'win', 'rollback')), 0)::text as net_loss,
             coalesce(sum(p.amount) filter (where e.kind = 'deposit'), 0)::text as deposited
        from ${ledgerPostings} p join ${ledgerEntries} e on e.id = p.entry_id
       where p.wallet_account_id = ${accountId} and p.balance_type = 'real'
         and p.created_at >= ${since.toISOString()}::timestamptz
         ${until ? sql`and p.created_at < ${until.toISOString()}::timestamptz` : sql``}`,
  );
  return {
    staked: decimal(row!.staked),
    netLoss: decimal(row!.net_loss),
    deposited: decimal(row!.deposited),
  };
}

/** What a player's real money did in games in one currency since an instant (the reality check shows it). */
export interface PlayFlows {
  currency: string;
  /** Stakes placed, less stakes refunded. */
  staked: string;
  won: string;
  /** Won less staked: negative when the player lost. */
  net: string;
}

/**
 * A player's stakes and wins per currency since an instant, from the real-money postings of all their accounts
 * (bonus money does not count, as for limits); currencies without play are left out, the current one first.
 */
export async function playFlowsSince(db: Db, playerId: bigint, since: Date): Promise<PlayFlows[]> {
  const rows = await rowsOf<{ currency: string; staked: string; won: string }>(
    db,
    sql`
      select a.currency,
             coalesce(-sum(p.amount) filter (where e.kind in ('bet', 'rollback')), 0)::text as staked,
             coalesce(sum(p.amount) filter (where e.kind = 'win'), 0)::text as won
        from ${walletAccounts} a
        join ${ledgerPostings} p on p.wallet_account_id = a.id and p.balance_type = 'real'
         and p.created_at >= ${since.toISOString()}::timestamptz
        join ${ledgerEntries} e on e.id = p.entry_id and e.kind in ('bet', 'win', 'rollback')
       where a.player_id = ${playerId}
       group by a.id, a.currency, a.is_current
       order by a.is_current desc, a.id`,
  );
  return rows.map((r) => {
    const staked = decimal(r.staked);
    const won = decimal(r.won);
    return { currency: r.currency, staked, won, net: addAmounts(won, negate(staked)) };
  });
}

/**
 * Takes the account's row lock inside the caller's transaction, so checks that read its history (limits) and
 * the posting that follows are one step for concurrent callers: the next one waits and then sees this one.
 */
export async function lockAccount(
  tx: Db,
  accountId: bigint,
  /** The account's player, whose lock (decision 0036) this statement takes first, saving a round trip. */
  opts: { player?: bigint } = {},
): Promise<WalletAccount | undefined> {
  // Answers the locked row as players see it, so a caller that posts next can announce the account without
  // reading it again. The player's lock is an InitPlan of the filter, taken before the scan reaches the row and
  // so before its row lock (the order decision 0036 asks); the statement's snapshot is older than the wait, but
  // FOR UPDATE answers the row's latest committed version, and later statements read after the lock.
  const player =
    opts.player === undefined
      ? sql`true`
      : sql`exists (select from (select ${playerLockCall(opts.player)}) as player_lock)`;
  const [row] = await tx
    .select()
    .from(walletAccounts)
    .where(and(player, eq(walletAccounts.id, accountId)))
    .for("update");
  return row && toWalletAccount(row);
}

/**
 * The player's lock (decision 0036), then their account in `currency` (their current account when none is named)
 * under its row lock, in one statement: a caller that knows the player but not the account's id saves the read
 * that would find it (issue 38). Answers the account as players see it, with its id, or nothing.
 */
export async function lockPlayerAccount(
  tx: Db,
  playerId: bigint,
  currency?: string,
): Promise<(WalletAccount & { accountId: bigint }) | undefined> {
  const which =
    currency === undefined ? sql`${walletAccounts.isCurrent}` : eq(walletAccounts.currency, currency);
  const lockOf = (player: SQL) =>
    tx
      .select()
      .from(walletAccounts)
      .where(and(player, eq(walletAccounts.playerId, playerId), which))
      .for("update");
  // The player's lock is an InitPlan of the filter, as in `lockAccount`. The statement's snapshot is older than
  // that wait: an account made current meanwhile (a switch holds the player's lock) is not seen yet, so a miss
  // asks once more, now after the lock, in a new snapshot.
  let [row] = await lockOf(sql`exists (select from (select ${playerLockCall(playerId)}) as player_lock)`);
  if (!row) [row] = await lockOf(sql`true`);
  return row && { ...toWalletAccount(row), accountId: row.id };
}

/**
 * The money rules of bonuses (decision 0013), here so that this file stays the one writer of balances: a stake
 * takes real money first and bonus money only for what real money does not cover; a win or cash-out pays back
 * to each balance in the proportion its stakes took from it; a rollback gives back exactly what its stake took.
 * Bonus money is never withdrawable: withdrawals post `amount` only, and a negative real balance is refused.
 */
export type StakePosting = Omit<Posting, "amount" | "bonusAmount"> & { stake: string };
export type Staked = Posted & { bonusAmount: string };

const units = (v: string) => toUnits(v) ?? 0n;

/**
 * A stake of `stake` (positive): real money first, then bonus money. Takes the account's row lock inside the
 * caller's transaction, so the split is read and posted as one step. Throws InsufficientFunds when both
 * balances together are short.
 */
export async function postStake(
  tx: Db,
  p: StakePosting,
  within?: Within,
): Promise<Staked & { also?: string | null }> {
  const stake = normalizeAmount(p.stake);
  if (stake === undefined || units(stake) <= 0n) throw new Error(`A stake is a positive amount: ${p.stake}`);
  const { stake: _, ...rest } = p;
  // The split is read from the account's row under its lock, in the statement that posts it: the newest
  // balances (after any concurrent posting that held the lock) decide it.
  const posted = await postMoving(
    tx,
    rest,
    sql`select -least(balance, ${stake}::numeric) as real, -(${stake}::numeric - least(balance, ${stake}::numeric)) as bonus,
               null::text as split_real, null::text as split_bonus
          from wallet_accounts where id = ${p.accountId} and balance + bonus_balance >= ${stake}::numeric for update`,
    stake,
    within,
  );
  return { ...posted, bonusAmount: negate(posted.bonusMoved ?? "0") };
}

/** What the stakes of a reference took, net of their refunds, from each balance of the account. */
async function stakeSplit(tx: Db, accountId: bigint, reference: string) {
  const [row] = await rowsOf<{ real: string; bonus: string }>(
    tx,
    sql`select split_real::text as real, split_bonus::text as bonus from (${stakeSplitQuery(accountId, reference)}) split`,
  );
  return { real: units(row?.real ?? "0"), bonus: units(row?.bonus ?? "0") };
}

/** What the stakes of a reference took from the real and the bonus balance, net of refunds (decimal strings). */
export async function stakeSplitOf(
  tx: Db,
  accountId: bigint,
  reference: string,
): Promise<{ real: string; bonus: string }> {
  const split = await stakeSplit(tx, accountId, reference);
  return { real: fromUnits(split.real), bonus: fromUnits(split.bonus) };
}

/**
 * A win or a cash-out of `amount` (positive) for the stakes posted under `p.reference`: the part bonus money
 * paid for goes to the bonus balance, the rest to the real one (a reference without bonus stakes pays all real).
 */
export async function postReturn(
  tx: Db,
  p: Omit<Posting, "bonusAmount">,
  within?: Within,
): Promise<Staked & { also?: string | null }> {
  const total = normalizeAmount(p.amount);
  if (total === undefined || units(total) <= 0n)
    throw new Error(`A return is a positive amount: ${p.amount}`);
  // The stakes' split and the posting in one statement: bonus = total × bonus staked / all staked, rounded down
  // to the money's 18 decimals (as whole units would be), the rest real.
  const posted = await postMoving(
    tx,
    p,
    sql`
      select ${total}::numeric - b as real, b as bonus, sr::text as split_real, sb::text as split_bonus
        from (select case when sb > 0 and sr + sb > 0 then trunc(${total}::numeric * sb / (sr + sb), 18) else 0 end as b, sr, sb
                from (select coalesce(-sum(p.amount) filter (where p.balance_type = 'real'), 0) as sr,
                             coalesce(-sum(p.amount) filter (where p.balance_type = 'bonus'), 0) as sb
                        from ${ledgerEntries} e join ${ledgerPostings} p on p.entry_id = e.id
                       where e.reference = ${p.reference} and e.kind in ('bet', 'rollback')
                         and p.wallet_account_id = ${p.accountId}) staked) split`,
    negate(total),
    within,
  );
  return { ...posted, bonusAmount: posted.bonusMoved ?? "0" };
}

/**
 * The refund of one stake (its entry's idempotency key `stakeKey`): gives each balance back what the stake took
 * from it; `p.amount` (the stake) is all real when no such stake was posted.
 */
export async function postRefund(
  tx: Db,
  p: Omit<Posting, "bonusAmount"> & { stakeKey: string },
): Promise<Staked> {
  const rows = await rowsOf<{ balance_type: string; amount: string }>(
    tx,
    sql`
      select p.balance_type, p.amount::text from ${ledgerEntries} e join ${ledgerPostings} p on p.entry_id = e.id
       where e.idempotency_key = ${p.stakeKey} and p.wallet_account_id = ${p.accountId}`,
  );
  const leg = (type: string) => -units(rows.find((r) => r.balance_type === type)?.amount ?? "0");
  const bonus = rows.length > 0 ? leg("bonus") : 0n;
  const real = rows.length > 0 ? leg("real") : units(p.amount);
  const { stakeKey: _, ...rest } = p;
  const posted = await postEntry(tx, { ...rest, amount: fromUnits(real), bonusAmount: fromUnits(bonus) });
  return { ...posted, bonusAmount: fromUnits(bonus) };
}

/**
 * The refund of one stake committed on its own, with the caller's writes in the same statement (issue 38: a
 * rollback in one round trip). `stake` is a query the caller puts in `within.before` as a CTE named `stake`: one
 * row (`tx_id`) or none, taken under its row lock (the caller's claim that the stake is still unrefunded); the
 * refund gives each balance back what the postings of `stakeKeyPrefix || stake.tx_id` took from this account.
 * Nothing is written when there is no such row, the stake took nothing from the account, or the account is not
 * active: all three throw InsufficientFunds, and the caller takes its general path.
 */
export async function postRefundWithin(
  db: Db,
  p: Omit<Posting, "bonusAmount" | "amount"> & { stakeKeyPrefix: string },
  within: Within & { before: SQL },
): Promise<Staked & { also?: string | null }> {
  const { stakeKeyPrefix, ...rest } = p;
  const posted = await postMoving(
    db,
    rest,
    sql`select coalesce(-sum(l.amount) filter (where l.balance_type = 'real'), 0) as real,
               coalesce(-sum(l.amount) filter (where l.balance_type = 'bonus'), 0) as bonus,
               null::text as split_real, null::text as split_bonus
          from stake
          join ${ledgerEntries} e on e.idempotency_key = ${stakeKeyPrefix} || stake.tx_id
          join ${ledgerPostings} l on l.entry_id = e.id and l.wallet_account_id = ${p.accountId}`,
    // The house side is the stake's, known only in the statement; a counterparty is named either way.
    "-1",
    within,
  );
  return { ...posted, bonusAmount: posted.bonusMoved ?? "0" };
}

/** An account's two balances, read under its row lock inside the caller's transaction. */
export async function lockedBalances(tx: Db, accountId: bigint): Promise<{ real: string; bonus: string }> {
  const [row] = await rowsOf<{ balance: string; bonus_balance: string }>(
    tx,
    sql`select balance::text, bonus_balance::text from wallet_accounts where id = ${accountId} for update`,
  );
  return { real: decimal(row?.balance ?? "0"), bonus: decimal(row?.bonus_balance ?? "0") };
}

/** Accounts' rows under their row locks, taken in id order (decision 0036), with their owners. */
export async function lockAccounts(
  tx: Db,
  accountIds: bigint[],
): Promise<Map<bigint, { account: WalletAccount; playerId: bigint }>> {
  const found = new Map<bigint, { account: WalletAccount; playerId: bigint }>();
  if (accountIds.length === 0) return found;
  const rows = await tx
    .select()
    .from(walletAccounts)
    .where(
      sql`${walletAccounts.id} in (select jsonb_array_elements_text(${JSON.stringify(accountIds.map(String))}::jsonb)::bigint)`,
    )
    .orderBy(walletAccounts.id)
    .for("update");
  for (const r of rows) found.set(r.id, { account: toWalletAccount(r), playerId: r.playerId });
  return found;
}

/** What the stakes of each reference took from the real and the bonus balance, net of refunds; one statement. */
export async function stakeSplitsOf(
  tx: Db,
  references: string[],
): Promise<Map<string, { real: string; bonus: string }>> {
  const found = new Map<string, { real: string; bonus: string }>();
  if (references.length === 0) return found;
  const rows = await rowsOf<{ reference: string; real: string; bonus: string }>(
    tx,
    sql`
      select e.reference,
             coalesce(-sum(p.amount) filter (where p.balance_type = 'real'), 0)::text as real,
             coalesce(-sum(p.amount) filter (where p.balance_type = 'bonus'), 0)::text as bonus
        from ${ledgerEntries} e join ${ledgerPostings} p on p.entry_id = e.id and p.wallet_account_id is not null
       where e.reference in (select jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))
         and e.kind in ('bet', 'rollback')
       group by e.reference`,
  );
  for (const r of rows) found.set(r.reference, { real: decimal(r.real), bonus: decimal(r.bonus) });
  return found;
}

/** One credit of `postCredits`: real money into a player's account. */
export interface Credit {
  accountId: bigint;
  /** Positive. */
  amount: string;
  reference: string;
  idempotencyKey: string;
  meta?: Record<string, unknown>;
}

/**
 * Many credits of real money from one house account in one statement (issue 38: a settlement pays thousands of
 * winners in one round trip, where one `postEntry` each was ten thousand). Each credit is its own entry with its
 * two postings, as `postEntry` writes them; an account credited several times takes them in the order given,
 * each real posting's `balance_after` being the balance that credit left. Every account must be active (a
 * frozen one throws InsufficientFunds and nothing is written); a key posted before fails the statement with a
 * unique violation, as in `postEntry`. Answers each credited account as players see it after the statement.
 */
export async function postCredits(
  tx: Db,
  p: { kind: EntryKind; counterparty: HouseAccount; at: Date; credits: Credit[] },
): Promise<Map<bigint, { account: WalletAccount; playerId: bigint }>> {
  const moved = new Map<bigint, { account: WalletAccount; playerId: bigint }>();
  if (p.credits.length === 0) return moved;
  const input = p.credits.map((c, ord) => {
    const amount = normalizeAmount(c.amount);
    if (amount === undefined || units(amount) <= 0n)
      throw new Error(`A credit is a positive amount: ${c.amount}`);
    return {
      ord,
      account_id: String(c.accountId),
      amount,
      reference: c.reference,
      idempotency_key: c.idempotencyKey,
      meta: c.meta ?? {},
    };
  });
  const accounts = new Set(input.map((c) => c.account_id));
  const housePrefix = `${p.counterparty.purpose}:${p.counterparty.qualifier ?? ""}:`;
  const at = sql`${p.at.toISOString()}::timestamptz`;
  const rows = await rowsOf<MovedRow & { legs: string }>(
    tx,
    sql`
    with input as (
      select c.* from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as c(ord int, account_id bigint, amount numeric, reference text, idempotency_key text, meta jsonb)
    ), totals as (
      select account_id, sum(amount) as total from input group by account_id
    ), moved as (
      update wallet_accounts w
         set balance = w.balance + t.total, updated_at = now()
        from totals t
       where w.id = t.account_id and w.status = 1
      returning w.id, w.player_id, w.currency, w.balance, w.bonus_balance, w.status, w.is_current, w.is_hidden,
                t.total
    ), opened as (
      insert into ${houseAccounts} (id, purpose, qualifier, currency)
      select distinct ${housePrefix} || moved.currency, ${p.counterparty.purpose}, ${p.counterparty.qualifier ?? ""}, moved.currency
        from moved
      on conflict do nothing
    ), entry as (
      insert into ${ledgerEntries} (kind, reference, idempotency_key, meta, created_at)
      select ${p.kind}, i.reference, i.idempotency_key, i.meta, ${at}
        from input i join moved m on m.id = i.account_id
       order by i.ord
      returning id, idempotency_key
    ), legs as (
      insert into ${ledgerPostings} (entry_id, currency, wallet_account_id, balance_type, house_account_id, amount, balance_after, created_at)
      select e.id, m.currency, m.id, 'real', null::text, i.amount,
             m.balance - m.total + sum(i.amount) over (partition by i.account_id order by i.ord), ${at}
        from input i join entry e on e.idempotency_key = i.idempotency_key join moved m on m.id = i.account_id
      union all
      select e.id, m.currency, null, null, ${housePrefix} || m.currency, -i.amount, null, ${at}
        from input i join entry e on e.idempotency_key = i.idempotency_key join moved m on m.id = i.account_id
      returning 1
    )
    select null::text as also, '0' as entry_id, m.id::text as account_id, m.player_id::text as player_id,
           m.currency, m.balance::text as balance, m.bonus_balance::text as bonus_balance, m.status,
           m.is_current, m.is_hidden, m.total::text as real, '0' as bonus, null as split_real, null as split_bonus,
           (select count(*) from legs)::text as legs
      from moved m`,
  );
  // An account missing from the answer was not active: nothing it touched may stand.
  if (rows.length !== accounts.size) {
    const got = new Set(rows.map((r) => r.account_id));
    throw new InsufficientFunds(BigInt([...accounts].find((a) => !got.has(a))!));
  }
  ledgerEntriesPosted.inc({ kind: p.kind }, p.credits.length);
  for (const r of rows)
    moved.set(BigInt(r.account_id), {
      playerId: BigInt(r.player_id),
      account: {
        id: r.account_id,
        currency: r.currency,
        balance: decimal(r.balance),
        bonusBalance: decimal(r.bonus_balance),
        status: Number(r.status),
        isCurrent: r.is_current,
        isHidden: r.is_hidden,
      },
    });
  return moved;
}
