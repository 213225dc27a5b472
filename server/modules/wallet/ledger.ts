import { eq, sql } from "drizzle-orm";
import { normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import { ledgerEntries, walletAccounts } from "./tables";

/** Why money moved. Games, the sportsbook and bonuses post through here too; they add no kinds of their own. */
export type EntryKind =
  | "deposit"
  | "withdrawal"
  | "withdrawal_refund"
  | "bet"
  | "win"
  | "rollback"
  | "bonus"
  | "adjustment";

export interface Posting {
  accountId: bigint;
  /** Signed decimal string: positive credits, negative debits. */
  amount: string;
  kind: EntryKind;
  reference: string;
  /** Unique forever; the same key posted again answers the first result and moves nothing. */
  idempotencyKey: string;
  meta?: Record<string, unknown>;
}

export interface Posted {
  entryId: bigint;
  accountId: bigint;
  amount: string;
  balanceAfter: string;
  /** True when this key had already been posted: nothing moved this time. */
  replayed: boolean;
}

/** The debit would take the balance below zero, or the account is not active. Nothing was written. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: bigint) {
    super("Insufficient funds");
  }
}

const asPosted = (e: typeof ledgerEntries.$inferSelect, replayed: boolean): Posted => ({
  entryId: e.id,
  accountId: e.accountId,
  amount: normalizeAmount(e.amount) ?? e.amount,
  balanceAfter: normalizeAmount(e.balanceAfter) ?? e.balanceAfter,
  replayed,
});

async function findPosted(db: Db, key: string): Promise<Posted | undefined> {
  const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
  return entry && asPosted(entry, true);
}

/**
 * Moves money inside the caller's transaction (or on its own), so the caller's rows (an invoice, a bet) and
 * the balance commit or roll back together. One statement does it all: a conditional UPDATE of the balance and
 * the INSERT of its entry. Concurrent postings on one account queue on its row lock and each sees the balance
 * the previous one left, so no interleaving can take it below zero (the CHECK constraint would refuse it
 * anyway). A key posted before makes the INSERT fail, which undoes the UPDATE too: `post` and `postOnce` turn
 * that into a replay of the first result. Throws InsufficientFunds when the debit does not fit.
 */
type EntryRow = { id: string; account_id: string; amount: string; balance_after: string };

export async function postEntry(tx: Db, p: Posting): Promise<Posted> {
  const amount = normalizeAmount(p.amount);
  if (!amount || amount === "0") throw new Error(`Posting amount must be a non-zero decimal: ${p.amount}`);
  const result = (await tx.execute(sql`
    with moved as (
      update ${walletAccounts}
         set balance = balance + ${amount}::numeric, updated_at = now()
       where id = ${p.accountId} and status = 1 and balance + ${amount}::numeric >= 0
      returning id, balance
    )
    insert into ${ledgerEntries} (account_id, kind, amount, balance_after, reference, idempotency_key, meta)
    select id, ${p.kind}, ${amount}::numeric, balance, ${p.reference}, ${p.idempotencyKey}, ${JSON.stringify(p.meta ?? {})}::jsonb
      from moved
    returning id::text, account_id::text, amount::text, balance_after::text`)) as unknown as {
    rows: EntryRow[];
  };
  const row = result.rows[0];
  if (!row) throw new InsufficientFunds(p.accountId);
  return {
    entryId: BigInt(row.id),
    accountId: BigInt(row.account_id),
    amount: normalizeAmount(row.amount) ?? row.amount,
    balanceAfter: normalizeAmount(row.balance_after) ?? row.balance_after,
    replayed: false,
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
    return await db.transaction((tx) => work(tx as unknown as Db));
  } catch (err) {
    if (isUniqueViolation(err)) return onReplay();
    throw err;
  }
}

/** One posting, atomic on its own (one statement): the plain way to move money. */
export async function post(db: Db, p: Posting): Promise<Posted> {
  try {
    return await postEntry(db, p);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const replay = await findPosted(db, p.idempotencyKey);
    if (!replay) throw err;
    return replay;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ??
    (err as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

/** A balance as the ledger tells it: the sum of the account's entries. Audits compare it with the balance. */
export async function ledgerSum(db: Db, accountId: bigint): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return normalizeAmount(row?.sum ?? "0") ?? "0";
}
