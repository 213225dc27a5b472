import { and, eq, sql } from "drizzle-orm";
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

/** Another transaction posted the same idempotency key first; this one must roll back and read its result. */
class DuplicatePosting extends Error {}

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
 * Moves money inside the caller's transaction, so the caller's own rows (an invoice, a bet) and the balance
 * commit or roll back together. The balance changes with one conditional UPDATE: concurrent postings on one
 * account queue on its row lock and each sees the balance the previous one left, so no interleaving can take
 * it below zero (and the CHECK constraint would refuse it anyway). Throws InsufficientFunds, or a duplicate
 * marker that `post` turns into a replay; callers composing their own transaction use `postOnce`.
 */
export async function postEntry(tx: Db, p: Posting): Promise<Posted> {
  const amount = normalizeAmount(p.amount);
  if (!amount || amount === "0") throw new Error(`Posting amount must be a non-zero decimal: ${p.amount}`);
  const replay = await findPosted(tx, p.idempotencyKey);
  if (replay) return replay;

  const [account] = await tx
    .update(walletAccounts)
    .set({ balance: sql`${walletAccounts.balance} + ${amount}::numeric`, updatedAt: sql`now()` })
    .where(
      and(
        eq(walletAccounts.id, p.accountId),
        eq(walletAccounts.status, 1),
        sql`${walletAccounts.balance} + ${amount}::numeric >= 0`,
      ),
    )
    .returning({ balance: walletAccounts.balance });
  if (!account) throw new InsufficientFunds(p.accountId);

  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      accountId: p.accountId,
      kind: p.kind,
      amount,
      balanceAfter: account.balance,
      reference: p.reference,
      idempotencyKey: p.idempotencyKey,
      meta: p.meta ?? {},
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  if (!entry) throw new DuplicatePosting();
  return asPosted(entry, false);
}

/**
 * Runs `work` in a transaction and answers its result; when it lost a race on an idempotency key, the whole
 * transaction rolls back and `onReplay` answers from what the winner wrote.
 */
export async function postOnce<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  onReplay: () => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db));
  } catch (err) {
    if (err instanceof DuplicatePosting || isUniqueViolation(err)) return onReplay();
    throw err;
  }
}

/** One posting in its own transaction: the plain way to move money. */
export async function post(db: Db, p: Posting): Promise<Posted> {
  return postOnce(
    db,
    (tx) => postEntry(tx, p),
    async () => {
      const replay = await findPosted(db, p.idempotencyKey);
      if (!replay) throw new Error(`Posting ${p.idempotencyKey} lost a race but left no entry`);
      return replay;
    },
  );
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
