import { and, count, desc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { Adjustment, AdjustmentBody } from "#common/api/admin";
import { type Page, pageMetaOf } from "#common/api/paging";
import { addAmounts, compareAmounts, convertAmount, normalizeAmount } from "#common/money";
import type { AppDeps } from "../../app";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import { findCurrency } from "../settings";
import { type AuditActor, recordAudit } from "../staff";
import { accountOwner, house, InsufficientFunds, type Posted, post } from "../wallet";
import { balanceAdjustments } from "./tables";

export type AdjustmentDeps = Pick<AppDeps, "db" | "clock" | "config" | "realtime">;

type Row = typeof balanceAdjustments.$inferSelect;

const view = (r: Row): Adjustment => ({
  id: String(r.id),
  playerId: String(r.playerId),
  accountId: String(r.accountId),
  currency: r.currency,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  requestedBy: String(r.requestedBy),
  decidedBy: r.decidedBy === null ? null : String(r.decidedBy),
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

const notFound = () => new ApiError(404, "not_found", "No such adjustment");
const notEnough = () =>
  new ApiError(409, "not_enough_money", "The balance is smaller than this debit", {
    amount: ["The balance is smaller than this debit"],
  });

const DAY_MS = 86_400_000;

/** An amount's size (either sign) in the base currency, at the currency's rate now. */
async function inBase(db: Db, currency: string, amount: string): Promise<string> {
  const cur = await findCurrency(db, currency);
  const rate = normalizeAmount(String(cur?.rate ?? "0")) ?? "0";
  return convertAmount(amount.replace(/^-/, ""), rate, "1");
}

/**
 * Whether this adjustment needs a second staff member (decision 0020): what this staff member would then have
 * moved alone for this player in the last 24 hours — the sizes of their adjustments applied without approval,
 * plus this one, in the base currency — is above ADMIN_ADJUSTMENT_APPROVAL_ABOVE. Twenty adjustments just under
 * the threshold therefore apply while their sum stays under it, and the rest wait. The caller holds the player's
 * adjustment lock, so adjustments sent together are counted one after the other.
 */
async function needsSecondApprover(
  deps: AdjustmentDeps,
  tx: Db,
  staffId: number,
  playerId: bigint,
  currency: string,
  amount: string,
): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - DAY_MS);
  const moved = await tx
    .select({
      currency: balanceAdjustments.currency,
      size: sql<string>`sum(abs(${balanceAdjustments.amount}::numeric))::text`,
    })
    .from(balanceAdjustments)
    .where(
      and(
        eq(balanceAdjustments.playerId, playerId),
        eq(balanceAdjustments.requestedBy, staffId),
        eq(balanceAdjustments.status, "applied"),
        isNull(balanceAdjustments.decidedBy),
        gt(balanceAdjustments.decidedAt, since),
      ),
    )
    .groupBy(balanceAdjustments.currency);
  const sizes = await Promise.all(moved.map((m) => inBase(tx, m.currency, normalizeAmount(m.size) ?? "0")));
  const total = addAmounts(await inBase(tx, currency, amount), ...sizes);
  return compareAmounts(total, deps.config.ADMIN_ADJUSTMENT_APPROVAL_ABOVE) > 0;
}

/**
 * Queues the adjustments of one player until the transaction ends (a transaction-scoped advisory lock, its own
 * key space: it waits on nothing the wallet or payments lock), so the 24-hour count above is read after the
 * previous adjustment of that player committed.
 */
const lockPlayerAdjustments = (tx: Db, playerId: bigint) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`admin-adjustment:player:${playerId}`}, 0))`,
  );

/**
 * Posts an adjustment that is still pending and marks it applied, in one transaction (the caller's): the status
 * moves from pending only here, so two approvals racing post it once. The player's open pages hear the new
 * balance after the commit.
 */
async function apply(
  deps: AdjustmentDeps,
  tx: Db,
  send: (channel: string, event: { event: string; data: unknown }) => void,
  id: bigint,
  decidedBy: number | null,
): Promise<Row | undefined> {
  const now = deps.clock.now();
  const [row] = await tx
    .update(balanceAdjustments)
    .set({ status: "applied", decidedBy, decidedAt: now })
    .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.status, "pending")))
    .returning();
  if (!row) return undefined;
  let posted: Posted;
  try {
    // The wallet queues the account's new balance for after the commit.
    posted = await post(tx, send, {
      at: now,
      accountId: row.accountId,
      amount: row.amount,
      counterparty: house.adjustment,
      kind: "adjustment",
      reference: `adjustment:${row.id}`,
      idempotencyKey: `adjustment:${row.id}`,
      meta: { reason: row.reason, requestedBy: row.requestedBy, decidedBy },
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) throw notEnough();
    throw err;
  }
  const [done] = await tx
    .update(balanceAdjustments)
    .set({ entryId: posted.entryId })
    .where(eq(balanceAdjustments.id, row.id))
    .returning();
  return done;
}

/**
 * A staff member adjusts an account's real balance with a reason: while what they moved alone for this player in
 * 24 hours, this included, stays at or below the threshold it is posted at once; above it, it waits for a second
 * staff member. Either way one audit record.
 */
export async function requestAdjustment(
  deps: AdjustmentDeps,
  actor: AuditActor & { staffId: number },
  body: AdjustmentBody,
): Promise<Adjustment> {
  const accountId = BigInt(body.accountId);
  const owner = await accountOwner(deps.db, accountId);
  if (!owner) throw new ApiError(404, "not_found", "No such account", { accountId: ["No such account"] });
  const amount = normalizeAmount(body.amount)!;
  const row = await afterCommit(deps.realtime, (send) =>
    deps.db.transaction(async (tx) => {
      await lockPlayerAdjustments(tx, owner.playerId);
      const pending = await needsSecondApprover(
        deps,
        tx,
        actor.staffId,
        owner.playerId,
        owner.currency,
        amount,
      );
      const [created] = await tx
        .insert(balanceAdjustments)
        .values({
          playerId: owner.playerId,
          accountId,
          currency: owner.currency,
          amount,
          reason: body.reason,
          status: "pending",
          requestedBy: actor.staffId,
        })
        .returning();
      const result = pending ? created! : ((await apply(deps, tx, send, created!.id, null)) ?? created!);
      await recordAudit(
        tx,
        actor,
        { action: "adjustment.request", targetType: "player", targetId: owner.playerId },
        null,
        view(result),
      );
      return result;
    }),
  );
  return view(row);
}

/**
 * A second staff member decides a pending adjustment: approving posts it (exactly once, however many approve
 * at the same moment), rejecting closes it. The one who asked cannot decide it.
 */
export async function decideAdjustment(
  deps: AdjustmentDeps,
  actor: AuditActor & { staffId: number },
  id: string,
  decision: "approve" | "reject",
): Promise<Adjustment> {
  if (!/^\d{1,18}$/.test(id)) throw notFound();
  const adjustmentId = BigInt(id);
  const row = await afterCommit(deps.realtime, (send) =>
    deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.id, adjustmentId));
      if (!before) throw notFound();
      if (before.requestedBy === actor.staffId)
        throw new ApiError(403, "forbidden", "A second staff member must decide your own adjustment");
      let after: Row | undefined;
      if (decision === "approve") after = await apply(deps, tx, send, adjustmentId, actor.staffId);
      else
        [after] = await tx
          .update(balanceAdjustments)
          .set({ status: "rejected", decidedBy: actor.staffId, decidedAt: deps.clock.now() })
          .where(and(eq(balanceAdjustments.id, adjustmentId), eq(balanceAdjustments.status, "pending")))
          .returning();
      if (!after)
        throw new ApiError(409, "adjustment_decided", `This adjustment is already ${before.status}`);
      await recordAudit(
        tx,
        actor,
        { action: `adjustment.${decision}`, targetType: "player", targetId: before.playerId },
        view(before),
        view(after),
      );
      return after;
    }),
  );
  return view(row);
}

export async function listAdjustments(
  db: Db,
  filter: { status?: Row["status"]; playerId?: bigint },
  paging: { page: number; perPage: number },
): Promise<Page<Adjustment>> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(balanceAdjustments.status, filter.status));
  if (filter.playerId) where.push(eq(balanceAdjustments.playerId, filter.playerId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(balanceAdjustments)
      .where(cond)
      .orderBy(desc(balanceAdjustments.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(balanceAdjustments).where(cond),
  ]);
  return { data: rows.map(view), meta: pageMetaOf(paging.page, paging.perPage, total?.n ?? 0) };
}
