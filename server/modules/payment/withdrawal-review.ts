import { and, asc, count, desc, eq, lt, ne, sql } from "drizzle-orm";
import type {
  AdminPaymentMethod,
  MethodLimitBody,
  ReviewedWithdrawal,
  WithdrawalFlag,
} from "#common/api/admin-payments";
import { type Page, pageMetaOf } from "#common/api/paging";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { compareAmounts, decimalPlaces, normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { verificationOf } from "../documents";
import { othersSharing, playerEmails } from "../player";
import { type AuditActor, audited, recordAudit } from "../staff";
import { playerFlows } from "../wallet";
import type { PaymentBonuses } from "./bonus-port";
import type { Catalogue } from "./catalogue";
import { type PaymentDeps, settle, startInvoice, withOperatorLimits } from "./invoices";
import { invoices, paymentMethodLimits } from "./tables";

/**
 * The withdrawal review (decision 0021): a withdrawal above the operator's threshold waits, pending, with its
 * money reserved, until a staff member approves it (then, and only then, it goes to the processor) or rejects
 * it (it fails with the reason the player reads, and the reservation comes back). The review state moves from
 * `awaiting` only in a conditional update, so of racing approvals, a rejection and the player's cancel exactly
 * one wins.
 */

type Row = typeof invoices.$inferSelect;
type Staff = AuditActor & { staffId: number };

const notFound = () => ApiError.notFound("No such withdrawal");
const decided = (row: Row) =>
  new ApiError(
    409,
    "withdrawal_decided",
    row.status !== INVOICE_STATUS.pending
      ? "This withdrawal is already finished"
      : `This withdrawal is already ${row.review}`,
  );

const idOf = (id: string) => {
  if (!/^\d{1,18}$/.test(id)) throw notFound();
  return BigInt(id);
};

async function withdrawalById(db: Db, id: bigint): Promise<Row> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.type, INVOICE_TYPE.withdrawal)));
  if (!row?.review) throw notFound();
  return row;
}

/** What the audit trail keeps of a withdrawal. */
const trail = (r: Row) => ({
  invoiceId: String(r.id),
  amount: normalizeAmount(r.amount),
  currency: r.currency,
  status: r.status,
  review: r.review,
  reviewReason: r.reviewReason,
});

/** The risk flags of a withdrawal, read now (they may change while it waits). */
export async function withdrawalFlags(
  db: Db,
  row: Row,
  bonuses: PaymentBonuses | undefined,
): Promise<WithdrawalFlag[]> {
  const flags: WithdrawalFlag[] = [];
  const [verification, bonus, lastDeposit, sameDetails, devices, addresses] = await Promise.all([
    verificationOf(db, row.playerId),
    bonuses?.active(db, row.accountId),
    db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.accountId, row.accountId),
          eq(invoices.type, INVOICE_TYPE.deposit),
          eq(invoices.status, INVOICE_STATUS.success),
          lt(invoices.updatedAt, row.createdAt),
        ),
      )
      .orderBy(desc(invoices.updatedAt))
      .limit(1),
    Object.keys(row.customerFields).length
      ? db
          .select({ n: count() })
          .from(invoices)
          .where(
            and(
              eq(invoices.playerId, row.playerId),
              ne(invoices.id, row.id),
              eq(invoices.status, INVOICE_STATUS.success),
              sql`${invoices.customerFields} = ${JSON.stringify(row.customerFields)}::jsonb`,
            ),
          )
      : Promise.resolve([{ n: 1 }]),
    othersSharing(db, row.playerId, "fingerprint"),
    othersSharing(db, row.playerId, "ip"),
  ]);
  if (verification.status !== "verified")
    flags.push({ code: "identity_not_verified", detail: `Identity ${verification.status}` });
  if (bonus) flags.push({ code: "active_bonus", detail: `Bonus ${bonus.id} is active on this account` });
  const deposit = lastDeposit[0];
  if (deposit) {
    const amount = normalizeAmount(deposit.amount)!;
    const { staked } = await playerFlows(db, row.accountId, deposit.updatedAt, row.createdAt);
    if (compareAmounts(staked, amount) < 0)
      flags.push({
        code: "deposits_not_wagered",
        detail: `Staked ${staked} of the last deposit of ${amount} ${row.currency}`,
      });
  }
  if (Number(sameDetails[0]?.n ?? 0) === 0)
    flags.push({ code: "new_payment_details", detail: "No paid invoice of the player used these details" });
  if (devices > 0)
    flags.push({
      code: "shared_device",
      detail: `${devices} other player(s) on the same device fingerprint`,
    });
  if (addresses > 0)
    flags.push({ code: "shared_address", detail: `${addresses} other player(s) from the same address` });
  return flags;
}

type Reader = Pick<PaymentDeps, "db" | "bonuses">;

async function viewOf(deps: Reader, row: Row, email?: string | null): Promise<ReviewedWithdrawal> {
  const { db } = deps;
  const playerEmail =
    email !== undefined ? email : ((await playerEmails(db, [row.playerId])).get(row.playerId) ?? null);
  return {
    id: String(row.id),
    playerId: String(row.playerId),
    playerEmail,
    number: row.number,
    amount: normalizeAmount(row.amount) ?? row.amount,
    currency: row.currency,
    method: row.method,
    status: row.status,
    review: row.review!,
    reviewedBy: row.reviewedBy === null ? null : String(row.reviewedBy),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewReason: row.reviewReason,
    failureReason: row.failureReason,
    customerFields: row.customerFields,
    flags: await withdrawalFlags(db, row, deps.bonuses),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The queue: `awaiting` shows the pending ones oldest first (a player's cancel takes one out); `approved` and
 * `rejected` the decided ones, latest decision first.
 */
export async function listReviewedWithdrawals(
  deps: Reader,
  review: "awaiting" | "approved" | "rejected",
  paging: { page: number; perPage: number },
): Promise<Page<ReviewedWithdrawal>> {
  const { db } = deps;
  const where = and(
    eq(invoices.type, INVOICE_TYPE.withdrawal),
    eq(invoices.review, review),
    review === "awaiting" ? eq(invoices.status, INVOICE_STATUS.pending) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(
        ...(review === "awaiting"
          ? [asc(invoices.createdAt), asc(invoices.id)]
          : [desc(invoices.reviewedAt), desc(invoices.id)]),
      )
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  const emails = await playerEmails(db, [...new Set(rows.map((r) => r.playerId))]);
  return {
    data: await Promise.all(rows.map((r) => viewOf(deps, r, emails.get(r.playerId) ?? null))),
    meta: pageMetaOf(paging.page, paging.perPage, total?.n ?? 0),
  };
}

/**
 * Approves a withdrawal waiting for review and hands it to its processor. The review moves from `awaiting` in
 * one conditional update with its audit record, so however many approve at once (or reject, or the player
 * cancels) one wins. The processor is called after the commit: a crash before it answers leaves the reference
 * `pending:`, and failUnstartedInvoices fails and refunds it five minutes after the approval.
 */
export async function approveWithdrawal(
  deps: PaymentDeps,
  actor: Staff,
  id: string,
): Promise<ReviewedWithdrawal> {
  const invoiceId = idOf(id);
  const approved = await deps.db.transaction(async (tx) => {
    const before = await withdrawalById(tx, invoiceId);
    const now = deps.clock.now();
    const [after] = await tx
      .update(invoices)
      .set({ review: "approved", reviewedBy: actor.staffId, reviewedAt: now, updatedAt: now })
      .where(
        and(
          eq(invoices.id, invoiceId),
          eq(invoices.status, INVOICE_STATUS.pending),
          eq(invoices.review, "awaiting"),
        ),
      )
      .returning();
    if (!after) throw decided(before);
    await recordAudit(
      tx,
      actor,
      { action: "withdrawal.approve", targetType: "player", targetId: after.playerId },
      trail(before),
      trail(after),
    );
    return after;
  });
  // A processor that refuses fails the invoice (refunding it); the approval stands and the answer shows it.
  await startInvoice(deps, approved).catch(() => undefined);
  return viewOf(deps, await withdrawalById(deps.db, invoiceId));
}

/**
 * Rejects a withdrawal waiting for review: it fails with the reason the player reads, and its reservation comes
 * back through the ledger, in the one transaction that moves it from pending (settle), with its audit record.
 */
export async function rejectWithdrawal(
  deps: PaymentDeps,
  actor: Staff,
  id: string,
  reason: string,
): Promise<ReviewedWithdrawal> {
  const invoiceId = idOf(id);
  const before = await withdrawalById(deps.db, invoiceId);
  const now = deps.clock.now();
  const after = await settle(deps, { playerId: before.playerId, invoiceId }, "failure", reason, {
    only: eq(invoices.review, "awaiting"),
    set: { review: "rejected", reviewedBy: actor.staffId, reviewedAt: now, reviewReason: reason },
    inTransaction: (tx, row) =>
      recordAudit(
        tx,
        actor,
        { action: "withdrawal.reject", targetType: "player", targetId: row.playerId },
        trail(before),
        trail(row),
      ),
  });
  if (!after) throw decided(await withdrawalById(deps.db, invoiceId));
  return viewOf(deps, after);
}

// Limits per method

const fieldError = (field: string, message: string) =>
  new ApiError(422, "validation_error", "Some fields are not valid", { [field]: [message] });

/** Every method of the catalogue with its bounds per currency: the operator's where set. */
export async function methodLimitsList(db: Db, methods: Catalogue): Promise<AdminPaymentMethod[]> {
  const effective = await withOperatorLimits(db, [...methods.all]);
  const custom = await db.select().from(paymentMethodLimits);
  return effective.map((m, i) => {
    const catalogue = methods.all[i]!;
    return {
      code: m.code,
      label: m.label,
      direction: m.direction,
      limits: m.currencies.map((currency) => ({
        currency,
        min: m.limits[currency]?.min ?? "0",
        max: m.limits[currency]?.max ?? "0",
        catalogueMin: catalogue.limits[currency]?.min ?? null,
        catalogueMax: catalogue.limits[currency]?.max ?? null,
        custom: custom.some((c) => c.method === m.code && c.currency === currency),
      })),
    };
  });
}

/** Sets (or resets to the catalogue's) a method's bounds in one currency; one audit record. */
export async function setMethodLimit(
  db: Db,
  methods: Catalogue,
  actor: Staff,
  body: MethodLimitBody,
): Promise<AdminPaymentMethod> {
  const method = methods.find(body.method);
  if (!method) throw fieldError("method", "No such payment method");
  if (!method.currencies.includes(body.currency))
    throw fieldError("currency", "This method does not carry this currency");
  const min = body.min === undefined ? undefined : normalizeAmount(body.min);
  const max = body.max === undefined ? undefined : normalizeAmount(body.max);
  if (!body.reset) {
    if (!min || compareAmounts(min, "0") <= 0) throw fieldError("min", "Enter an amount above zero");
    if (!max || compareAmounts(max, min) < 0)
      throw fieldError("max", "The maximum must not be below the minimum");
    if (decimalPlaces(min) > 8 || decimalPlaces(max) > 8)
      throw fieldError("min", "Use at most 8 decimal places");
  }
  const where = and(
    eq(paymentMethodLimits.method, method.code),
    eq(paymentMethodLimits.currency, body.currency),
  );
  await audited(
    db,
    actor,
    { action: "payment_method.limits", targetType: "payment_method", targetId: method.code },
    async (tx) => {
      const [old] = await tx.select().from(paymentMethodLimits).where(where);
      const before = old
        ? { currency: old.currency, min: normalizeAmount(old.min), max: normalizeAmount(old.max) }
        : null;
      if (body.reset) {
        await tx.delete(paymentMethodLimits).where(where);
        return { before, after: { currency: body.currency, reset: true }, result: undefined };
      }
      await tx
        .insert(paymentMethodLimits)
        .values({
          method: method.code,
          currency: body.currency,
          min: min!,
          max: max!,
          updatedBy: actor.staffId,
        })
        .onConflictDoUpdate({
          target: [paymentMethodLimits.method, paymentMethodLimits.currency],
          set: { min: min!, max: max!, updatedBy: actor.staffId, updatedAt: new Date() },
        });
      return { before, after: { currency: body.currency, min, max }, result: undefined };
    },
  );
  return (await methodLimitsList(db, methods)).find((m) => m.code === method.code)!;
}
