import { createHash } from "node:crypto";
import { and, count, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import { DEPOSIT_LIMIT_REACHED } from "#common/api/errors";
import type { Invoice } from "#common/api/wallet";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import {
  addAmounts,
  compareAmounts,
  decimalPlaces,
  fromUnits,
  MONEY_SCALE,
  negate,
  normalizeAmount,
  placesOf,
  toUnits,
} from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import { failedRule, RULE_MESSAGES } from "#common/validation/rules";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { type PaymentProcessor, type ProcessorEvent, WebhookRejected } from "../../providers/payment/port";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import { recordFact } from "../facts";
import { assertNotSelfRestricted } from "../player";
import { findCurrency } from "../settings";
import { accountInCurrency, house, InsufficientFunds, inPlayerOrder, once, post } from "../wallet";
import type { PaymentBonuses } from "./bonus-port";
import { type CustomerField, catalogueOf, type Direction, type PaymentMethod } from "./catalogue";
import type { DepositLimits } from "./limits-port";
import { invoices, paymentMethodLimits, paymentWebhookEvents } from "./tables";

export interface PaymentDeps {
  db: Db;
  clock: Clock;
  publisher: Publisher;
  processors: Record<string, PaymentProcessor>;
  depositLimits: DepositLimits;
  /** Deposit bonuses and the withdrawal rule of an active bonus; none: payments without bonuses. */
  bonuses?: PaymentBonuses;
  /**
   * Withdrawals worth more than `threshold` (in the base currency) need a verified identity (issue 16); unset
   * when identity verification is off or the operator set no threshold.
   */
  withdrawalVerification?: { threshold: string; isVerified: (playerId: bigint) => Promise<boolean> };
  /**
   * Once a player's paid deposits add up to more than `threshold` (base currency), further deposits need a
   * verified identity (the anti-money-laundering rule of a cumulative threshold); unset: no such rule.
   */
  depositVerification?: { threshold: string; isVerified: (playerId: bigint) => Promise<boolean> };
  /**
   * Withdrawals go back where money came from (WITHDRAWALS_TO_SOURCE): only methods whose deposit twin
   * (`provider.deposit.name` for `provider.withdrawal.name`) paid the player in before.
   */
  withdrawalsToSource?: boolean;
  /**
   * Withdrawals worth more than `above` (in the base currency) wait for a staff member's review before they
   * reach the processor (decision 0021); unset: every withdrawal goes straight to its processor.
   */
  withdrawalReview?: { above: string };
}

export type InvoiceView = Invoice;

type Row = typeof invoices.$inferSelect;

export const toInvoiceView = (r: Row): InvoiceView => ({
  id: String(r.id),
  type: r.type,
  status: r.status,
  number: r.number,
  amount: normalizeAmount(r.amount) ?? r.amount,
  currency: r.currency,
  method: r.method,
  publicData: r.publicData,
  failureReason: r.failureReason,
  cancellable:
    r.status === INVOICE_STATUS.pending && (r.type === INVOICE_TYPE.deposit || r.review === "awaiting"),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const fieldError = (field: string, message: string) =>
  new ApiError(422, "validation_error", "Some fields are not valid", { [field]: [message] });

const updatedEvent = (type: number) =>
  type === INVOICE_TYPE.deposit
    ? REALTIME_EVENTS.invoiceDepositUpdated
    : REALTIME_EVENTS.invoiceWithdrawalUpdated;

/** The methods a player may use now; a reached deposit limit answers 13100 (spec point 8). */
export async function listMethods(
  deps: PaymentDeps,
  direction: Direction,
  q: { playerId?: bigint; currency: string; country?: string },
): Promise<PaymentMethod[]> {
  if (direction === "deposit" && q.playerId !== undefined) {
    await assertNotSelfRestricted(deps.db, q.playerId, deps.clock.now());
    const account = await accountInCurrency(deps.db, q.playerId, q.currency);
    if (await deps.depositLimits.reached(q.playerId, account?.id, q.currency))
      throw new ApiError(403, DEPOSIT_LIMIT_REACHED, "Your deposit limit has been reached");
  }
  let methods = catalogueOf(deps.processors).methodsFor(direction, q.currency, q.country);
  if (direction === "withdrawal" && deps.withdrawalsToSource) {
    const sources = q.playerId === undefined ? new Set<string>() : await depositSources(deps.db, q.playerId);
    methods = methods.filter((m) => sources.has(depositTwin(m.code)));
  }
  return withOperatorLimits(deps.db, methods);
}

/** The deposit method a withdrawal method sends money back through: `p.withdrawal.n` → `p.deposit.n`. */
const depositTwin = (code: string) => code.replace(/^([^.]+)\.withdrawal\./, "$1.deposit.");

/** The deposit methods that paid this player in at least once. */
async function depositSources(db: Db, playerId: bigint): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ method: invoices.method })
    .from(invoices)
    .where(
      and(
        eq(invoices.playerId, playerId),
        eq(invoices.type, INVOICE_TYPE.deposit),
        eq(invoices.status, INVOICE_STATUS.success),
      ),
    );
  return new Set(rows.map((r) => r.method));
}

export interface InvoiceRequest {
  method: string;
  amount: string;
  currency: string;
  customerFields: Record<string, string>;
  /** The visitor's country, for methods that serve only some countries. */
  country?: string;
  /** The player's retry key: the same key answers the invoice it made the first time. */
  requestKey?: string;
  /** Deposits: the bonus chosen for it (decision 0013). */
  bonusId?: string;
}

const FIELD_RULE: Partial<Record<CustomerField, Parameters<typeof failedRule>[0]>> = {
  phone: { name: "phone" },
  playerEmail: { name: "email" },
  firstName: { name: "minLength", min: 2 },
  lastName: { name: "minLength", min: 2 },
  country: { name: "countryCode" },
};

/** Checks the amount and the method's customer fields; answers the method. Field errors name the field. */
async function checkRequest(
  deps: PaymentDeps,
  direction: Direction,
  r: InvoiceRequest,
): Promise<PaymentMethod> {
  const { db } = deps;
  const catalogue = catalogueOf(deps.processors);
  const method = catalogue.find(r.method);
  if (!method || method.direction !== direction)
    throw fieldError("method", "This payment method is not available");
  if (!catalogue.methodsFor(direction, r.currency, r.country).some((m) => m.code === method.code)) {
    throw fieldError("method", "This payment method is not available for your currency or country");
  }
  const cur = await findCurrency(db, r.currency);
  const amount = normalizeAmount(r.amount);
  if (!cur || !amount || compareAmounts(amount, "0") <= 0)
    throw fieldError("amount", "Enter an amount above zero");
  if (decimalPlaces(amount) > placesOf(cur.subunitToUnit)) {
    throw fieldError("amount", `Use at most ${placesOf(cur.subunitToUnit)} decimal places`);
  }
  const limit = (await withOperatorLimits(db, [method]))[0]!.limits[r.currency];
  if (limit && (compareAmounts(amount, limit.min) < 0 || compareAmounts(amount, limit.max) > 0)) {
    throw fieldError("amount", `The amount must be between ${limit.min} and ${limit.max} ${r.currency}`);
  }
  const errors: Record<string, string[]> = {};
  for (const field of method.customerFields) {
    const value = (r.customerFields[field] ?? "").trim();
    if (!value) errors[`customerFields.${field}`] = [RULE_MESSAGES.required!];
    else if (value.length > 200) errors[`customerFields.${field}`] = ["The maximum length allowed is 200"];
    else {
      const rule =
        FIELD_RULE[field] ??
        (field === "identify_doc_number" && method.code.includes(".pix")
          ? { name: "cpf" as const }
          : undefined);
      const failed = rule && failedRule(rule, value, { values: r.customerFields, now: new Date() });
      if (failed) errors[`customerFields.${field}`] = [RULE_MESSAGES[failed] ?? failed];
    }
  }
  if (Object.keys(errors).length)
    throw new ApiError(422, "validation_error", "Some fields are not valid", errors);
  return method;
}

async function accountIn(db: Db, playerId: bigint, currency: string) {
  const account = await accountInCurrency(db, playerId, currency);
  if (!account) throw fieldError("currency", "Open an account in this currency first");
  return account;
}

/**
 * What an Idempotency-Key is scoped to (decision 0036): the operation and the request's body, as a sha256 over
 * their canonical JSON (keys sorted). The key is the player's own; the same key with another operation or body
 * is refused rather than answered with an invoice the request did not ask for.
 */
export function requestHashOf(direction: Direction, r: InvoiceRequest): string {
  const fields = Object.fromEntries(Object.entries(r.customerFields).sort(([a], [b]) => (a < b ? -1 : 1)));
  const body = {
    amount: r.amount,
    bonusId: r.bonusId ?? null,
    currency: r.currency,
    customerFields: fields,
    method: r.method,
  };
  return createHash("sha256")
    .update(JSON.stringify([direction, body]))
    .digest("hex");
}

/**
 * The invoice a retry key made before, when its operation and body match this request's; the same key sent
 * with another operation or body answers 422 `idempotency_key_reused` and changes nothing.
 */
async function byRequestKey(db: Db, playerId: bigint, r: InvoiceRequest, direction: Direction) {
  if (!r.requestKey) return undefined;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.playerId, playerId), eq(invoices.requestKey, r.requestKey)));
  if (!row) return undefined;
  const type = direction === "deposit" ? INVOICE_TYPE.deposit : INVOICE_TYPE.withdrawal;
  // Invoices made before the hash was kept match on their operation alone.
  const same =
    row.type === type && (row.requestHash === null || row.requestHash === requestHashOf(direction, r));
  if (!same)
    throw new ApiError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was already used for another request: send a new key",
      { "Idempotency-Key": ["Already used for another request"] },
    );
  return row;
}

/**
 * The player's next invoice number of a type. Collision-free because every invoice of a player is inserted
 * under the player's lock (createInvoice, decision 0036): the next caller waits and then counts this one.
 */
export async function nextNumber(tx: Db, playerId: bigint, type: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${invoices.number}), 0)::int` })
    .from(invoices)
    .where(and(eq(invoices.playerId, playerId), eq(invoices.type, type)));
  return (row?.n ?? 0) + 1;
}

/** The worth of an amount in the base currency, at the currency's rate (units of base one unit is worth). */
export async function inBaseCurrency(db: Db, currency: string, amount: string): Promise<string> {
  const cur = await findCurrency(db, currency);
  const rate = toUnits(normalizeAmount(String(cur?.rate ?? "0")) ?? "0") ?? 0n;
  return fromUnits(((toUnits(amount) ?? 0n) * rate) / 10n ** BigInt(MONEY_SCALE));
}

/**
 * Refuses a deposit that would take the player's paid deposits, in the base currency at today's rates, past the
 * operator's threshold while their identity is not verified. Pending deposits do not count: only money in.
 */
async function assertVerifiedForDeposits(
  deps: PaymentDeps,
  playerId: bigint,
  currency: string,
  amount: string,
) {
  const rule = deps.depositVerification;
  if (!rule) return;
  const paid = await deps.db
    .select({ currency: invoices.currency, sum: sql<string>`sum(${invoices.amount})::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.playerId, playerId),
        eq(invoices.type, INVOICE_TYPE.deposit),
        eq(invoices.status, INVOICE_STATUS.success),
      ),
    )
    .groupBy(invoices.currency);
  let total = await inBaseCurrency(deps.db, currency, amount);
  for (const p of paid)
    total = addAmounts(total, await inBaseCurrency(deps.db, p.currency, normalizeAmount(p.sum) ?? "0"));
  if (compareAmounts(total, rule.threshold) <= 0) return;
  if (await rule.isVerified(playerId)) return;
  throw new ApiError(
    403,
    "verification_required",
    "Verify your identity (Profile → Documents) to deposit more",
  );
}

/** Refuses a withdrawal above the operator's threshold until the player's identity is verified. */
async function assertVerifiedFor(deps: PaymentDeps, playerId: bigint, currency: string, amount: string) {
  const rule = deps.withdrawalVerification;
  if (!rule) return;
  if (compareAmounts(await inBaseCurrency(deps.db, currency, amount), rule.threshold) <= 0) return;
  if (await rule.isVerified(playerId)) return;
  throw new ApiError(
    403,
    "verification_required",
    "Verify your identity (Profile → Documents) to withdraw this much",
  );
}

/**
 * Refuses a deposit its player's deposit limits leave no room for (13100): the limits module's one calculation
 * counts paid deposits and the ones still pending (until paid, cancelled or expired). Runs in the invoice's
 * transaction under the player's lock, so concurrent deposits are checked one after the other.
 */
async function assertDepositFits(
  deps: PaymentDeps,
  tx: Db,
  playerId: bigint,
  accountId: bigint,
  currency: string,
  amount: string,
) {
  const verdict = await deps.depositLimits.allows(tx, { playerId, accountId, currency, amount });
  if (!verdict.ok)
    throw new ApiError(
      403,
      DEPOSIT_LIMIT_REACHED,
      `Your deposit limit allows at most ${verdict.left} ${currency} now`,
      {
        amount: [`At most ${verdict.left} ${currency}`],
      },
    );
}

/**
 * Creates an invoice and hands it to its processor. A withdrawal takes its money from the balance in the same
 * transaction as the invoice (the reservation), so a pending withdrawal can never be spent twice.
 */
async function createInvoice(
  deps: PaymentDeps,
  playerId: bigint,
  direction: Direction,
  r: InvoiceRequest,
): Promise<InvoiceView> {
  const again = await byRequestKey(deps.db, playerId, r, direction);
  if (again) return toInvoiceView(again);
  // A break or self-exclusion stops paying in, whatever token the call carries (decision 0011); the routes
  // refuse a withdrawal token already, this holds for any way in a later change may add. It comes first: a
  // restricted player is told so, whatever the request holds.
  if (direction === "deposit") await assertNotSelfRestricted(deps.db, playerId, deps.clock.now());
  const method = await checkRequest(deps, direction, r);
  if (direction === "deposit")
    await assertVerifiedForDeposits(deps, playerId, r.currency, normalizeAmount(r.amount)!);
  if (direction === "withdrawal")
    await assertVerifiedFor(deps, playerId, r.currency, normalizeAmount(r.amount)!);
  if (
    direction === "withdrawal" &&
    deps.withdrawalsToSource &&
    !(await depositSources(deps.db, playerId)).has(depositTwin(method.code))
  )
    throw fieldError(
      "method",
      "Withdraw with a method you have deposited with: money goes back where it came from",
    );
  const account = await accountIn(deps.db, playerId, r.currency);
  if (direction === "withdrawal") await deps.bonuses?.assertWithdrawable(deps.db, account.id);
  if (direction === "deposit" && r.bonusId && !deps.bonuses)
    throw new ApiError(422, "bonus_not_available", "Bonuses are not offered", {
      bonusId: ["Bonuses are not offered"],
    });
  if (!deps.processors[method.provider])
    throw new ApiError(503, "method_unavailable", "This payment method is not available right now");
  const amount = normalizeAmount(r.amount)!;
  const type = direction === "deposit" ? INVOICE_TYPE.deposit : INVOICE_TYPE.withdrawal;
  const review =
    direction === "withdrawal" && deps.withdrawalReview
      ? compareAmounts(await inBaseCurrency(deps.db, r.currency, amount), deps.withdrawalReview.above) > 0
      : false;

  const requestHash = r.requestKey ? requestHashOf(direction, r) : null;
  let row: Row;
  let replayed = false;
  try {
    // The player's lock first (decision 0036): the invoice's number, its retry key, the deposit limits and the
    // reservation below are read and written by one call of this player at a time, so a burst of calls queues
    // instead of colliding on invoices_player_type_number.
    row = await afterCommit(deps.publisher, (send) =>
      inPlayerOrder(deps.db, playerId, async (tx) => {
        const raced = await byRequestKey(tx, playerId, r, direction);
        if (raced) {
          replayed = true;
          return raced;
        }
        if (direction === "deposit")
          await assertDepositFits(deps, tx, playerId, account.id, r.currency, amount);
        const [created] = (await tx
          .insert(invoices)
          .values({
            playerId,
            accountId: account.id,
            type,
            number: await nextNumber(tx, playerId, type),
            amount,
            // The clock's time: a pending deposit's expiry and the limits count from it.
            createdAt: deps.clock.now(),
            currency: r.currency,
            method: method.code,
            provider: method.provider,
            // Named by the processor once it answers; unique until then.
            providerRef: `pending:${crypto.randomUUID()}`,
            customerFields: Object.fromEntries(
              method.customerFields.map((f) => [f, r.customerFields[f]!.trim()]),
            ),
            requestKey: r.requestKey ?? null,
            requestHash,
            review: review ? "awaiting" : null,
          })
          .returning()) as [Row];
        if (direction === "deposit" && r.bonusId)
          await deps.bonuses!.choose(tx, {
            invoiceId: created.id,
            playerId,
            bonusId: r.bonusId,
            currency: r.currency,
            amount,
            at: deps.clock.now(),
          });
        if (direction === "withdrawal") {
          // The wallet queues the account's new balance for after the commit.
          await post(tx, send, {
            at: deps.clock.now(),
            accountId: account.id,
            amount: negate(amount),
            counterparty: house.clearing(method.provider),
            kind: "withdrawal",
            reference: `invoice:${created.id}`,
            idempotencyKey: `invoice:${created.id}:reserve`,
          });
        }
        return created;
      }),
    );
  } catch (err) {
    if (err instanceof InsufficientFunds) throw fieldError("amount", "You do not have that much to withdraw");
    throw err;
  }
  // The same key won a moment ago (a double click): answer its invoice, as the check above would have.
  if (replayed) return toInvoiceView(row);

  // A withdrawal waiting for review stays with us: a staff member's approval hands it to the processor.
  if (review) {
    const view = toInvoiceView(row);
    await deps.publisher
      .publish(playerChannel("invoices", String(playerId)), { event: updatedEvent(type), data: view })
      .catch(() => undefined);
    return view;
  }
  return startInvoice(deps, row);
}

/**
 * Hands a saved pending invoice to its processor and keeps the processor's reference. Until it is kept the
 * reference is `pending:…`: failUnstartedInvoices fails (and refunds) what a crash left there.
 */
export async function startInvoice(deps: PaymentDeps, row: Row): Promise<InvoiceView> {
  const processor = deps.processors[row.provider];
  if (!processor) {
    await fail(deps, row.providerRef, row.provider, "The payment provider could not start this payment");
    throw new ApiError(503, "method_unavailable", "This payment method is not available right now");
  }
  const type = row.type;
  const playerId = row.playerId;
  const start = await processor
    .start({
      invoiceId: String(row.id),
      playerId: String(row.playerId),
      direction: type === INVOICE_TYPE.deposit ? "deposit" : "withdrawal",
      method: row.method,
      amount: normalizeAmount(row.amount)!,
      currency: row.currency,
      customerFields: row.customerFields,
    })
    .catch(async (err) => {
      await fail(deps, row.providerRef, row.provider, "The payment provider could not start this payment");
      throw err;
    });
  const [started] = (await deps.db
    .update(invoices)
    .set({
      providerRef: start.providerRef,
      publicData: sql`${invoices.publicData} || ${JSON.stringify(start.publicData)}::jsonb`,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, INVOICE_STATUS.pending)))
    .returning()) as [Row | undefined];
  const view = toInvoiceView(started ?? row);
  await deps.publisher
    .publish(playerChannel("invoices", String(playerId)), { event: updatedEvent(type), data: view })
    .catch(() => undefined);
  return view;
}

export const createDeposit = (deps: PaymentDeps, playerId: bigint, r: InvoiceRequest) =>
  createInvoice(deps, playerId, "deposit", r);

export const createWithdrawal = (deps: PaymentDeps, playerId: bigint, r: InvoiceRequest) =>
  createInvoice(deps, playerId, "withdrawal", r);

/**
 * Moves a pending invoice to success or failure, exactly once: the status changes only from pending, in one
 * transaction with its ledger entry (a deposit's credit, a failed withdrawal's refund). Whatever arrives later
 * (a repeat, a reordered "failed" after "paid") finds it settled and changes nothing. Answers the invoice when
 * this call settled it.
 */
export async function settle(
  deps: PaymentDeps,
  where: InvoiceRef,
  outcome: "success" | "failure",
  reason?: string,
  opts: SettleOptions = {},
): Promise<Row | undefined> {
  return afterCommit(deps.publisher, (send) =>
    once(
      deps.db,
      async (tx) => {
        const match = matchOf(where);
        const [row] = (await tx
          .update(invoices)
          .set({
            status: outcome === "success" ? INVOICE_STATUS.success : INVOICE_STATUS.failure,
            failureReason: outcome === "failure" ? (reason ?? "Declined") : null,
            updatedAt: deps.clock.now(),
            ...opts.set,
          })
          .where(and(match, settleable(outcome), opts.only))
          .returning()) as [Row | undefined];
        if (!row) return undefined;
        await opts.inTransaction?.(tx, row);
        const credit = row.type === INVOICE_TYPE.deposit ? outcome === "success" : outcome === "failure";
        if (credit) {
          // The wallet queues the account's new balance for after the commit.
          await post(tx, send, {
            at: deps.clock.now(),
            accountId: row.accountId,
            amount: normalizeAmount(row.amount)!,
            counterparty: house.clearing(row.provider),
            kind: row.type === INVOICE_TYPE.deposit ? "deposit" : "withdrawal_refund",
            reference: `invoice:${row.id}`,
            idempotencyKey: `invoice:${row.id}:${row.type === INVOICE_TYPE.deposit ? "credit" : "refund"}`,
          });
          if (row.type === INVOICE_TYPE.deposit)
            await deps.bonuses?.paid(tx, send, deps.clock.now(), {
              invoiceId: row.id,
              playerId: row.playerId,
              accountId: row.accountId,
              currency: row.currency,
              amount: normalizeAmount(row.amount)!,
            });
        }
        if (row.type === INVOICE_TYPE.deposit && outcome === "success")
          await recordFact(tx, {
            kind: "deposit.succeeded",
            playerId: Number(row.playerId),
            key: `deposit.succeeded:${row.id}`,
            occurredAt: deps.clock.now(),
            data: { invoiceId: String(row.id), currency: row.currency, amount: normalizeAmount(row.amount)! },
          });
        if (row.type === INVOICE_TYPE.withdrawal)
          await recordFact(tx, {
            kind: "withdrawal.completed",
            playerId: Number(row.playerId),
            key: `withdrawal.completed:${row.id}`,
            occurredAt: deps.clock.now(),
            data: {
              invoiceId: String(row.id),
              currency: row.currency,
              amount: normalizeAmount(row.amount)!,
              status: outcome,
            },
          });
        // A paid deposit says which paid deposit of the player it is: the funnel's ftd … dep5plus (decision 0019).
        const paidNumber =
          row.type === INVOICE_TYPE.deposit && outcome === "success"
            ? await paidDepositCount(tx, row.playerId)
            : undefined;
        send(playerChannel("invoices", String(row.playerId)), {
          event: updatedEvent(row.type),
          data: { ...toInvoiceView(row), ...(paidNumber ? { paidNumber } : {}) },
        });
        return row;
      },
      // A unique key met again: the ledger's (a concurrent settle of this invoice won) or any other. Only the
      // first means "already settled"; if the invoice can still be settled, the rollback lost this outcome, so it
      // must fail loudly (a webhook is then answered 500 and sent again) rather than be acknowledged unapplied.
      async () => {
        const [still] = await deps.db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(matchOf(where), settleable(outcome), opts.only));
        if (still)
          throw new Error(`invoice ${still.id}: its ${outcome} rolled back on a unique key, still open`);
        return undefined;
      },
    ),
  );
}

/** An invoice by the processor's reference, or by its player and id. */
type InvoiceRef = { provider: string; providerRef: string } | { playerId: bigint; invoiceId: bigint };

const matchOf = (where: InvoiceRef) =>
  "provider" in where
    ? and(eq(invoices.provider, where.provider), eq(invoices.providerRef, where.providerRef))
    : and(eq(invoices.playerId, where.playerId), eq(invoices.id, where.invoiceId));

/**
 * Which invoices an outcome may still settle: a pending one; and, for a payment, a deposit the player cancelled
 * (`declineInvoice`) — the processor took the money after all, so it is credited, once: it is then a success.
 */
function settleable(outcome: "success" | "failure"): SQL {
  const pending = eq(invoices.status, INVOICE_STATUS.pending);
  if (outcome === "failure") return pending;
  return or(
    pending,
    and(
      eq(invoices.type, INVOICE_TYPE.deposit),
      eq(invoices.status, INVOICE_STATUS.failure),
      isNotNull(invoices.cancelledAt),
    ),
  )!;
}

/** What a caller of settle adds: a further condition, further columns, work in the same transaction. */
export interface SettleOptions {
  only?: SQL;
  set?: Partial<
    Pick<Row, "review" | "reviewedBy" | "reviewedAt" | "reviewReason" | "cancelledAt" | "amount">
  >;
  inTransaction?: (tx: Db, row: Row) => Promise<void>;
}

const fail = (deps: PaymentDeps, providerRef: string, provider: string, reason: string) =>
  settle(deps, { provider, providerRef }, "failure", reason);

/**
 * Invoices a processor never took: the process stopped between saving the invoice and the processor's answer
 * (their ref is still `pending:`). After `olderThanMs` they fail, which refunds a withdrawal's reservation, so
 * no money stays locked by a crash. Answers how many it closed.
 */
export async function failUnstartedInvoices(deps: PaymentDeps, olderThanMs: number): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - olderThanMs);
  const stale = await deps.db
    .select({ provider: invoices.provider, providerRef: invoices.providerRef })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, INVOICE_STATUS.pending),
        sql`${invoices.providerRef} like 'pending:%'`,
        // Waiting for review is not a crash; an approved one counts from its approval (decision 0021).
        sql`${invoices.review} is distinct from 'awaiting'`,
        sql`coalesce(${invoices.reviewedAt}, ${invoices.createdAt}) <= ${cutoff.toISOString()}::timestamptz`,
      ),
    );
  let closed = 0;
  for (const s of stale) {
    if (await fail(deps, s.providerRef, s.provider, "The payment could not be started; nothing was charged"))
      closed++;
  }
  return closed;
}

/**
 * Deposits still unpaid `expiryMs` after they were opened expire: they fail ("not paid in time") and are marked
 * cancelled, so they no longer hold any of a deposit limit, and a payment the processor reports after all is
 * still credited (`settleable`), as the money arrived. Answers how many expired.
 */
export async function expireUnpaidDeposits(deps: PaymentDeps, expiryMs: number): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - expiryMs);
  const due = await deps.db
    .select({ id: invoices.id, playerId: invoices.playerId })
    .from(invoices)
    .where(
      and(
        eq(invoices.type, INVOICE_TYPE.deposit),
        eq(invoices.status, INVOICE_STATUS.pending),
        lte(invoices.createdAt, cutoff),
      ),
    )
    .limit(500);
  let expired = 0;
  for (const d of due) {
    const minutes = Math.round(expiryMs / 60_000);
    const done = await settle(
      deps,
      { playerId: d.playerId, invoiceId: d.id },
      "failure",
      `Not paid within ${minutes} minutes; nothing was charged`,
      { only: eq(invoices.type, INVOICE_TYPE.deposit), set: { cancelledAt: deps.clock.now() } },
    );
    if (done) expired++;
  }
  return expired;
}

/**
 * The player cancels a pending invoice of their own. A withdrawal can be cancelled only while it waits for
 * review: once the processor has it (no review, or approved) it may be paid out, and refunding it too would pay
 * the player twice. A cancelled deposit is only marked: if the processor reports it paid after all, `settle`
 * credits it, because the money arrived.
 */
export async function declineInvoice(
  deps: PaymentDeps,
  playerId: bigint,
  invoiceId: string,
): Promise<InvoiceView> {
  if (!/^\d{1,18}$/.test(invoiceId)) throw ApiError.notFound("No such invoice");
  const id = BigInt(invoiceId);
  const settled = await settle(deps, { playerId, invoiceId: id }, "failure", "Cancelled by the player", {
    only: sql`(${invoices.type} = ${INVOICE_TYPE.deposit} or ${invoices.review} = 'awaiting')`,
    set: { cancelledAt: deps.clock.now() },
  });
  if (settled) return toInvoiceView(settled);
  const [row] = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.playerId, playerId), eq(invoices.id, id)));
  if (!row) throw ApiError.notFound("No such invoice");
  if (row.status === INVOICE_STATUS.pending)
    throw new ApiError(
      409,
      "invoice_processing",
      "This withdrawal is already with the payment provider and can no longer be cancelled",
    );
  throw new ApiError(409, "invoice_not_pending", "This payment is already finished");
}

/**
 * A processor's webhook: verified, then applied and recorded in one transaction, so a delivery that fails
 * half-way leaves no trace and its redelivery applies (decision 0040). The invoice only ever leaves *pending*
 * once, which makes a repeated, reordered or concurrent delivery change nothing. Unknown invoices are
 * acknowledged and ignored.
 */
export async function applyWebhook(
  deps: PaymentDeps,
  provider: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<{ applied: boolean }> {
  const processor = Object.hasOwn(deps.processors, provider) ? deps.processors[provider] : undefined;
  if (!processor) throw ApiError.notFound("No such payment provider");
  const events = [await processor.readWebhook(headers, rawBody, deps.clock.now())].flat();
  let applied = false;
  for (const event of events) applied = (await applyProcessorEvent(deps, provider, event)).applied || applied;
  return { applied };
}

/**
 * A processor's event, from a verified webhook or from the processor's own watch (a chain it follows): applied
 * and recorded in one transaction, once per event id. An invoice.paid naming the amount that arrived credits
 * that amount (a crypto transfer is whatever the payer sent).
 */
export async function applyProcessorEvent(
  deps: PaymentDeps,
  provider: string,
  event: ProcessorEvent,
): Promise<{ applied: boolean }> {
  const record = (tx: Db, invoiceId?: bigint) =>
    tx
      .insert(paymentWebhookEvents)
      .values({ provider, eventId: event.eventId, invoiceId })
      .onConflictDoNothing()
      .returning();
  if (event.type === "invoice.data") {
    const row = await deps.db.transaction(async (tx) => {
      if (!(await record(tx)).length) return undefined;
      const [updated] = (await tx
        .update(invoices)
        .set({
          publicData: sql`${invoices.publicData} || ${JSON.stringify(event.publicData ?? {})}::jsonb`,
          updatedAt: deps.clock.now(),
        })
        .where(
          and(
            eq(invoices.provider, provider),
            eq(invoices.providerRef, event.providerRef),
            eq(invoices.status, INVOICE_STATUS.pending),
          ),
        )
        .returning()) as [Row | undefined];
      return updated;
    });
    if (row) {
      await deps.publisher
        .publish(playerChannel("invoices", String(row.playerId)), {
          event: updatedEvent(row.type),
          data: toInvoiceView(row),
        })
        .catch(() => undefined);
    }
    return { applied: Boolean(row) };
  }
  const settled = await settle(
    deps,
    { provider, providerRef: event.providerRef },
    event.type === "invoice.paid" ? "success" : "failure",
    event.reason,
    {
      set: event.type === "invoice.paid" && event.amount ? { amount: paidAmount(event.amount) } : undefined,
      inTransaction: async (tx, row) => {
        await record(tx, row.id);
      },
    },
  );
  return { applied: Boolean(settled) };
}

/** A processor's reported amount: a positive decimal, or the event is not trusted. */
function paidAmount(amount: string): string {
  const normal = normalizeAmount(amount);
  if (!normal || compareAmounts(normal, "0") <= 0) throw new WebhookRejected("The paid amount is not valid");
  return normal;
}

export interface InvoiceFilter {
  type?: number;
  status?: number;
  currency?: string;
  from?: Date;
  to?: Date;
  page: number;
  perPage: number;
}

export async function listInvoices(db: Db, playerId: bigint, f: InvoiceFilter) {
  const where = and(
    eq(invoices.playerId, playerId),
    f.type ? eq(invoices.type, f.type) : undefined,
    f.status ? eq(invoices.status, f.status) : undefined,
    f.currency ? eq(invoices.currency, f.currency) : undefined,
    f.from ? gte(invoices.createdAt, f.from) : undefined,
    f.to ? lte(invoices.createdAt, f.to) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  const totalRows = Number(total?.n ?? 0);
  return {
    data: rows.map(toInvoiceView),
    meta: {
      page: f.page,
      perPage: f.perPage,
      totalRows,
      totalPages: Math.max(1, Math.ceil(totalRows / f.perPage)),
    },
  };
}

/** Counts and sums per type and currency: what the wallet's summary and the deposit counters need. */
export async function invoiceStatistics(db: Db, playerId: bigint) {
  const rows = await db
    .select({
      type: invoices.type,
      status: invoices.status,
      currency: invoices.currency,
      n: count(),
      sum: sql<string>`sum(${invoices.amount})::text`,
    })
    .from(invoices)
    .where(eq(invoices.playerId, playerId))
    .groupBy(invoices.type, invoices.status, invoices.currency);
  const side = (type: number) => {
    const mine = rows.filter((r) => r.type === type);
    const ok = mine.filter((r) => r.status === INVOICE_STATUS.success);
    return {
      count: mine.reduce((s, r) => s + Number(r.n), 0),
      successCount: ok.reduce((s, r) => s + Number(r.n), 0),
      pendingCount: mine
        .filter((r) => r.status === INVOICE_STATUS.pending)
        .reduce((s, r) => s + Number(r.n), 0),
      successSums: Object.fromEntries(ok.map((r) => [r.currency, normalizeAmount(r.sum) ?? r.sum])),
    };
  };
  return { deposits: side(INVOICE_TYPE.deposit), withdrawals: side(INVOICE_TYPE.withdrawal) };
}

/** How many of the player's deposits were paid (the welcome package's steps follow it). */
export async function paidDepositCount(db: Db, playerId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.playerId, playerId),
        eq(invoices.type, INVOICE_TYPE.deposit),
        eq(invoices.status, INVOICE_STATUS.success),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The catalogue's methods with the operator's own bounds (payment_method_limits) in place of its limits. */
export async function withOperatorLimits(db: Db, methods: PaymentMethod[]): Promise<PaymentMethod[]> {
  if (!methods.length) return methods;
  const rows = await db
    .select()
    .from(paymentMethodLimits)
    .where(
      inArray(
        paymentMethodLimits.method,
        methods.map((m) => m.code),
      ),
    );
  if (!rows.length) return methods;
  return methods.map((m) => {
    const mine = rows.filter((r) => r.method === m.code && m.currencies.includes(r.currency));
    if (!mine.length) return m;
    const limits = { ...m.limits };
    for (const r of mine)
      limits[r.currency] = { min: normalizeAmount(r.min) ?? r.min, max: normalizeAmount(r.max) ?? r.max };
    return { ...m, limits };
  });
}
