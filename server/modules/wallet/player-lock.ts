import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Per-player ordering (decision 0036). The money calls of one player that can collide — invoice numbering, the
 * current account, limits, the sportsbook's stake caps — take this lock as the FIRST statement of their
 * transaction, before any account row (accounts after it, by id), so they run one after the other: the next
 * one waits, then reads what the previous one committed. Concurrency then answers 2xx or 4xx, never a unique
 * violation or a deadlock.
 *
 * It is a transaction-scoped advisory lock, not `players … for update`: logins, profile edits and session
 * touches update the player's row and must not queue behind a deposit. The two-key form (a namespace and the
 * id) keeps it apart from every single-key advisory lock (jobs, content, migrations): no other lock can ever
 * be this one. Ids up to 2^32 map one-to-one; beyond that two players may share a key, which only makes them
 * wait for each other. Released at commit or rollback, so a process that dies lets go of it.
 *
 * Outside a transaction it would be released at once: call it with the transaction's handle only.
 */
export async function lockPlayer(tx: Db, playerId: bigint): Promise<void> {
  await tx.execute(sql`select ${playerLockCall(playerId)}`);
}

/** The call that takes the player's lock, for a statement that takes it with more (see `lockAccount`). */
export const playerLockCall = (playerId: bigint) =>
  sql`pg_advisory_xact_lock(${PLAYER_LOCK_SPACE}::int4, (${playerId}::bigint % 4294967296 - 2147483648)::int4)`;

/** The namespace key of the player locks ('PLYR' read as a 32-bit integer). */
const PLAYER_LOCK_SPACE = 0x504c5952;

/** Runs `work` in a transaction that holds the player's lock from its first statement (see lockPlayer). */
export function inPlayerOrder<T>(db: Db, playerId: bigint, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (txn) => {
    const tx = txn;
    await lockPlayer(tx, playerId);
    return work(tx);
  });
}
