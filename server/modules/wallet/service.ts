import type { Db } from "../../db/client";
import { announceAccount, type Send } from "./accounts";
import {
  balancesWithin,
  type Credit,
  type HouseAccount,
  lockAccount as lockAccountRow,
  lockAccounts as lockAccountRows,
  lockedBalances as lockedBalancesOf,
  lockPlayerAccount as lockPlayerAccountRow,
  type Posted,
  type Posting,
  post as postAlone,
  postCredits,
  postEntry,
  postHouseTransfer,
  postOnce,
  postRefund,
  postRefundWithin,
  postReturn,
  postStake,
  type Staked,
  type StakePosting,
  stakeSplitsOf,
  type Within,
} from "./ledger";

/**
 * The wallet's money commands (issue 37: the wallet owns money). Other modules move money through these, never
 * through the ledger's building blocks in ledger.ts; each runs inside the caller's transaction, so the caller's
 * rows (an invoice, a bet, a bonus) and the balances commit or roll back together.
 *
 * `post` queues the account's `accounts` message itself (through the caller's afterCommit queue, so it goes out
 * only after the commit). The others leave the message to the caller, which queues it with `announceAccount` or
 * `announceAccountOf` where it did before, so the order of its realtime messages (the account, then the bet or
 * the spin) stays as it was.
 */

/**
 * Posts one entry inside the caller's transaction and queues the account's `accounts` message with the balances
 * the entry left. Throws InsufficientFunds when a debit does not fit (nothing is queued then).
 */
export async function post(tx: Db, send: Send, p: Posting): Promise<Posted> {
  const posted = await postEntry(tx, p);
  if (posted.account && posted.playerId !== undefined) announceAccount(send, posted.playerId, posted.account);
  return posted;
}

/** Posts one entry inside the caller's transaction without a message (the caller announces, or nobody sees it). */
export function postQuietly(tx: Db, p: Posting): Promise<Posted> {
  return postEntry(tx, p);
}

/** One posting, atomic on its own, answering the first result when its key was posted before (seeds, tests). */
export function postAtomically(db: Db, p: Posting): Promise<Posted> {
  return postAlone(db, p);
}

/**
 * Runs `work` in a transaction; when a posting in it meets an idempotency key posted before, the transaction
 * rolls back and `onReplay` answers from what the first one wrote.
 */
export function once<T>(db: Db, work: (tx: Db) => Promise<T>, onReplay: () => Promise<T>): Promise<T> {
  return postOnce(db, work, onReplay);
}

/** A stake: real money first, then bonus money (decision 0013), under the account's row lock. */
export function stake(tx: Db, p: StakePosting): Promise<Staked> {
  return postStake(tx, p);
}

/**
 * A stake committed on its own, with the caller's writes in the same statement (`within`): one round trip, no
 * transaction around it (issue 38). Nothing is written when the gate fails or the funds are short: both throw
 * InsufficientFunds, and the caller takes its general path to say which. A key posted before fails the
 * statement with a unique violation, as in a transaction.
 */
export function stakeAlone(
  db: Db,
  p: StakePosting,
  within: Within,
): Promise<Staked & { also?: string | null }> {
  return postStake(db, p, within);
}

/** A win or cash-out for the stakes of `p.reference`, paid back to each balance in the proportion it staked. */
export function settle(tx: Db, p: Omit<Posting, "bonusAmount">): Promise<Staked> {
  return postReturn(tx, p);
}

/**
 * A win committed on its own, with the caller's writes in the same statement (`within`), as `stakeAlone` is for
 * a stake: nothing is written when the gate fails or the account is not active (both throw InsufficientFunds).
 */
export function settleAlone(
  db: Db,
  p: Omit<Posting, "bonusAmount">,
  within: Within,
): Promise<Staked & { also?: string | null }> {
  return postReturn(db, p, within);
}

/**
 * A call that moves nothing (a win of 0) with the caller's writes in one statement beside the account's balances
 * (`within`, as for `settleAlone`); undefined when the gate held it.
 */
export function balancesAlone(db: Db, accountId: bigint, reference: string, within: Within) {
  return balancesWithin(db, accountId, reference, within);
}

/** The refund of one stake (its key `stakeKey`): each balance gets back what the stake took from it. */
export function refund(tx: Db, p: Omit<Posting, "bonusAmount"> & { stakeKey: string }): Promise<Staked> {
  return postRefund(tx, p);
}

/**
 * A refund committed on its own, with the caller's writes in the same statement (`within`), as `stakeAlone` is
 * for a stake: `within.before` defines `stake`, the locked stake to refund (see `postRefundWithin`). Nothing is
 * written when it has no row, took nothing from the account, or the account is not active (InsufficientFunds).
 */
export function refundAlone(
  db: Db,
  p: Parameters<typeof postRefundWithin>[1],
  within: Parameters<typeof postRefundWithin>[2],
): Promise<Staked & { also?: string | null }> {
  return postRefundWithin(db, p, within);
}

/** Money between two house accounts, no player's balance touched (free spins, referral earnings). */
export function transferBetweenHouse(tx: Db, p: Parameters<typeof postHouseTransfer>[1]): Promise<void> {
  return postHouseTransfer(tx, p);
}

/**
 * Takes the account's row lock inside the caller's transaction, so checks that read its history (limits) and
 * the posting that follows are one step for concurrent callers. Answers the account as players see it.
 */
export function lockAccount(tx: Db, accountId: bigint, opts: { player?: bigint } = {}) {
  return lockAccountRow(tx, accountId, opts);
}

/** An account's two balances, read under its row lock inside the caller's transaction. */
export function lockedBalances(tx: Db, accountId: bigint) {
  return lockedBalancesOf(tx, accountId);
}

/** Accounts' rows under their row locks, in id order (decision 0036), with their owners. */
export function lockAccounts(tx: Db, accountIds: bigint[]) {
  return lockAccountRows(tx, accountIds);
}

/** What the stakes of each reference took from each balance, net of refunds (one statement for many). */
export function stakeSplits(tx: Db, references: string[]) {
  return stakeSplitsOf(tx, references);
}

/**
 * Many wins in one statement (issue 38: a settlement of thousands of bets), each its own entry: all real money,
 * so only for stakes that took no bonus money (the caller read `stakeSplits`; `settle` pays the others by their
 * split). Answers each credited account after the statement; the caller announces.
 */
export function settleMany(tx: Db, p: { at: Date; counterparty: HouseAccount; wins: Credit[] }) {
  return postCredits(tx, { kind: "win", counterparty: p.counterparty, at: p.at, credits: p.wins });
}

/**
 * The player's lock (decision 0036), then their account in `currency` (their current one when none is named)
 * under its row lock, in one statement. Answers the account as players see it, with its id, or nothing.
 */
export function lockPlayerAccount(tx: Db, playerId: bigint, currency?: string) {
  return lockPlayerAccountRow(tx, playerId, currency);
}
