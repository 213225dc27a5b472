import { and, count, desc, eq } from "drizzle-orm";
import type { SportShortfall } from "#common/api/admin-trading";
import { type Page, pageMetaOf } from "#common/api/paging";
import { addAmounts, compareAmounts, negate, normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import { type AuditActor, recordAudit } from "../staff";
import { house, lockedBalances, post, postQuietly, walletAccountById } from "../wallet";
import type { SportsbookDeps } from "./deps";
import { sportShortfalls } from "./tables";

type Send = Parameters<typeof post>[1];

/**
 * The back office's queue of resettlement shortfalls (issue 42). A corrected result takes back the previous
 * payout only as far as the player's balance goes (it never goes negative); what is left is a row here, and
 * staff resolve it: collect what the player holds now (again never below zero, as often as needed), or write
 * the rest off. Each call locks the row first, then the account, so two staff members pressing at once resolve
 * it once; a collection is a ledger entry under the bet's reference, keyed by what had been collected before.
 */

type Row = typeof sportShortfalls.$inferSelect;

const decimal = (v: string) => normalizeAmount(v) ?? v;
const owedOf = (r: Row) => (r.status === "open" ? addAmounts(r.amount, negate(r.collected)) : "0");

function toShortfall(r: Row, balance: string): SportShortfall {
  return {
    id: String(r.id),
    betId: String(r.betId),
    revision: r.revision,
    playerId: String(r.playerId),
    accountId: String(r.accountId),
    currency: r.currency,
    amount: decimal(r.amount),
    collected: decimal(r.collected),
    owed: decimal(owedOf(r)),
    balance: decimal(balance),
    status: r.status,
    resolvedBy: r.resolvedBy === null ? null : String(r.resolvedBy),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}

const balanceOf = async (db: Db, accountId: bigint) =>
  (await walletAccountById(db, accountId))?.balance ?? "0";

/** Records a settlement's shortfall in the queue (inside the settlement's transaction). */
export async function queueShortfall(
  tx: Db,
  s: {
    betId: bigint;
    revision: number;
    playerId: bigint;
    accountId: bigint;
    currency: string;
    amount: string;
  },
) {
  await tx.insert(sportShortfalls).values(s).onConflictDoNothing();
}

/**
 * The bet's open shortfalls under their row locks, oldest first. A settlement that may pay the bet again takes
 * them before it moves money: a row, then the account, the order staff's collection locks them in.
 */
export async function lockOwedByBet(tx: Db, betId: bigint): Promise<Row[]> {
  return tx
    .select()
    .from(sportShortfalls)
    .where(and(eq(sportShortfalls.betId, betId), eq(sportShortfalls.status, "open")))
    .orderBy(sportShortfalls.id)
    .for("update");
}

/**
 * Takes `take` of what a row still owes from the player's account: one ledger entry, keyed by the row and what it
 * had collected before, so two collections can never take the same part; the row ends `collected` once all of it
 * is. `end` says who ended it (staff) or where from (a later payout).
 */
async function takeOwed(
  tx: Db,
  send: Send | undefined,
  row: Row,
  take: string,
  { at, meta, end }: { at: Date; meta: Record<string, unknown>; end: Partial<Row> },
) {
  const ref = `sportsbook:bet:${row.betId}`;
  const posting = {
    at,
    accountId: row.accountId,
    amount: negate(take),
    counterparty: house.sportsbook,
    kind: "win" as const,
    reference: ref,
    idempotencyKey: `${ref}:shortfall:${row.revision}:collect:${decimal(row.collected)}`,
    meta: { shortfall: String(row.id), revision: row.revision, ...meta },
  };
  const posted = send ? await post(tx, send, posting) : await postQuietly(tx, posting);
  const collected = addAmounts(row.collected, take);
  const done = compareAmounts(collected, row.amount) >= 0;
  const [after] = await tx
    .update(sportShortfalls)
    .set({ collected, ...(done ? { status: "collected" as const, resolvedAt: at, ...end } : {}) })
    .where(eq(sportShortfalls.id, row.id))
    .returning();
  return { after: after!, balanceAfter: posted.balanceAfter };
}

/**
 * A later correction that pays the bet again first settles what the bet still owes from an earlier one: each
 * open shortfall (locked by `lockOwedByBet`) is collected from the real balance the new payout has just raised,
 * as far as it goes, oldest first. The ledger keys are those staff collection uses, so neither can take the same
 * part twice; a row collected in full ends `collected`, with no staff member and a note saying where from.
 */
export async function collectFromPayout(
  tx: Db,
  rows: Row[],
  { at, revision }: { at: Date; revision: number },
): Promise<void> {
  if (rows.length === 0) return;
  let { real } = await lockedBalances(tx, rows[0]!.accountId);
  for (const row of rows) {
    const owed = owedOf(row);
    const take = compareAmounts(real, owed) >= 0 ? owed : real;
    if (compareAmounts(take, "0") <= 0) return;
    await takeOwed(tx, undefined, row, take, {
      at,
      meta: { fromRevision: revision },
      end: { note: `Collected from the payout of revision ${revision}` },
    });
    real = addAmounts(real, negate(take));
  }
}

/** One page of the queue, oldest first while open (the longest owed leads), newest first once resolved. */
export async function listShortfalls(
  db: Db,
  q: { status: Row["status"]; page: number; perPage: number },
): Promise<Page<SportShortfall>> {
  const where = eq(sportShortfalls.status, q.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sportShortfalls)
      .where(where)
      .orderBy(q.status === "open" ? sportShortfalls.id : desc(sportShortfalls.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(sportShortfalls).where(where),
  ]);
  const data = await Promise.all(rows.map(async (r) => toShortfall(r, await balanceOf(db, r.accountId))));
  return { data, meta: pageMetaOf(q.page, q.perPage, Number(total?.n ?? 0)) };
}

/** The open row under its lock, or the refusal staff see. */
async function lockOpen(tx: Db, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(sportShortfalls)
    .where(eq(sportShortfalls.id, BigInt(id)))
    .for("update");
  if (!row) throw ApiError.notFound("No such shortfall");
  if (row.status !== "open")
    throw new ApiError(409, "shortfall_resolved", "This shortfall was already collected or written off");
  return row;
}

/**
 * Takes what is still owed from the player's balance, as far as it goes: all of it ends the row (`collected`),
 * less leaves it open with the rest owed. Nothing to take (an empty balance) is refused, and nothing is written.
 */
export async function collectShortfall(
  deps: Pick<SportsbookDeps, "db" | "clock" | "publisher">,
  actor: AuditActor,
  id: string,
): Promise<SportShortfall> {
  return afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const row = await lockOpen(tx, id);
      const owed = owedOf(row);
      const { real } = await lockedBalances(tx, row.accountId);
      const take = compareAmounts(real, owed) >= 0 ? owed : real;
      if (compareAmounts(take, "0") <= 0)
        throw new ApiError(409, "nothing_to_collect", "The player's balance holds nothing to collect now");
      const now = deps.clock.now();
      const { after, balanceAfter } = await takeOwed(tx, send, row, take, {
        at: now,
        meta: { staffId: actor.staffId },
        end: { resolvedBy: actor.staffId },
      });
      const shown = toShortfall(after, balanceAfter);
      await recordAudit(
        tx,
        actor,
        { action: "sportsbook.shortfall.collect", targetType: "sport_shortfall", targetId: String(row.id) },
        toShortfall(row, real),
        { ...shown, taken: decimal(take) },
      );
      return shown;
    }),
  );
}

/** The house bears what is still owed: the row ends `written_off` with the reason; no money moves. */
export async function writeOffShortfall(
  deps: Pick<SportsbookDeps, "db" | "clock">,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<SportShortfall> {
  return deps.db.transaction(async (tx) => {
    const row = await lockOpen(tx, id);
    const [after] = await tx
      .update(sportShortfalls)
      .set({ status: "written_off", resolvedBy: actor.staffId, resolvedAt: deps.clock.now(), note: reason })
      .where(and(eq(sportShortfalls.id, row.id), eq(sportShortfalls.status, "open")))
      .returning();
    const balance = await balanceOf(tx, row.accountId);
    const shown = toShortfall(after!, balance);
    await recordAudit(
      tx,
      actor,
      { action: "sportsbook.shortfall.write_off", targetType: "sport_shortfall", targetId: String(row.id) },
      toShortfall(row, balance),
      { ...shown, writtenOff: decimal(owedOf(row)) },
    );
    return shown;
  });
}
