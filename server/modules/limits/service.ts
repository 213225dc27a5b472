import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  type CreateLimitBody,
  type Limit,
  type LimitsResponse,
  protectsAtLeastAsMuch,
  type UpdateLimitBody,
} from "#common/api/limits";
import { LIMIT_DEFINITION, LIMIT_PERIODS, PLAYER_STATUS } from "#common/constants";
import { addAmounts, compareAmounts, negate, normalizeAmount, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { pendingDepositsSum } from "../payment";
import { endRestriction, loadPlayer, restrictPlayer } from "../player";
import { findCurrency } from "../settings";
import { accountInCurrency, inPlayerOrder, playerFlows } from "../wallet";
import { exclusionEnd, type LimitPeriod, periodWindow } from "./periods";
import { playerLimits } from "./tables";

type Row = typeof playerLimits.$inferSelect;

export interface LimitOptions {
  selfExclusionPeriods: string[];
  coolingOffPeriods: string[];
  /** Hours a change that protects less waits (RTS 12: at least 24). */
  coolingHours: number;
  /** How long an unpaid deposit counts against a deposit limit (DEPOSIT_PENDING_EXPIRY_MINUTES). */
  depositPendingExpiryMs: number;
}

export interface LimitsDeps {
  db: Db;
  clock: Clock;
  options: LimitOptions;
  /** Ends every session of a player (and its sockets) when an exclusion starts. */
  closeAllSessions: (playerId: bigint) => Promise<unknown>;
}

const isMoney = (definition: number) =>
  definition === LIMIT_DEFINITION.bet ||
  definition === LIMIT_DEFINITION.loss ||
  definition === LIMIT_DEFINITION.deposit;
const isPeriod = (p: string): p is LimitPeriod => (LIMIT_PERIODS as readonly string[]).includes(p);
const decimal = (v: string | null) => (v === null ? null : (normalizeAmount(v) ?? v));
const invalid = (field: string, message: string) =>
  new ApiError(422, "validation_error", "Some fields are not valid", { [field]: [message] });

/**
 * Applies what is due at `now`: pending changes whose cooling period is over (a raised or removed limit) and
 * exclusions that have ended (the player may play again). Safe to repeat; the job runs it for everyone, and
 * every read or check of one player's limits runs it for that player first.
 */
export async function applyDueChanges(db: Db, now: Date, playerId?: bigint): Promise<number> {
  const mine = playerId === undefined ? sql`true` : eq(playerLimits.playerId, playerId);
  const applied = await db
    .update(playerLimits)
    .set({
      amount: sql`coalesce(${playerLimits.pendingAmount}, ${playerLimits.amount})`,
      period: sql`coalesce(${playerLimits.pendingPeriod}, ${playerLimits.period})`,
      endedAt: sql`case when ${playerLimits.pendingDelete} then ${playerLimits.pendingEffectiveAt} end`,
      pendingAmount: null,
      pendingPeriod: null,
      pendingDelete: false,
      pendingEffectiveAt: null,
      updatedAt: now,
    })
    .where(and(mine, isNull(playerLimits.endedAt), lte(playerLimits.pendingEffectiveAt, now)))
    .returning({ id: playerLimits.id });
  const ended = await db
    .update(playerLimits)
    .set({ endedAt: sql`${playerLimits.endsAt}`, updatedAt: now })
    .where(
      and(
        mine,
        isNull(playerLimits.endedAt),
        inArray(playerLimits.definition, [LIMIT_DEFINITION.selfExclusion, LIMIT_DEFINITION.coolingOff]),
        lte(playerLimits.endsAt, now),
      ),
    )
    .returning({ playerId: playerLimits.playerId });
  for (const { playerId: p } of ended) {
    const still = await liveExclusion(db, p);
    if (!still) await endRestriction(db, p);
  }
  return applied.length + ended.length;
}

async function liveLimits(db: Db, playerId: bigint): Promise<Row[]> {
  return db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.playerId, playerId), isNull(playerLimits.endedAt)))
    .orderBy(playerLimits.definition, playerLimits.id);
}

async function liveExclusion(db: Db, playerId: bigint): Promise<Row | undefined> {
  const rows = await liveLimits(db, playerId);
  return rows
    .filter((r) => !isMoney(r.definition))
    .sort((a, b) => (b.endsAt?.getTime() ?? Infinity) - (a.endsAt?.getTime() ?? Infinity))[0];
}

/** What is left of a limit after what counts against it; never below zero. */
const leftOf = (amount: string, ...counted: string[]) => {
  const left = counted.reduce((l, c) => addAmounts(l, negate(c)), amount);
  return compareAmounts(left, "0") < 0 ? "0" : left;
};

/** A money limit's state: what the period used, what pending deposits may still add, what is left. */
export interface LimitUsage {
  used: string;
  /** Deposit limits: deposits awaiting payment (until paid, cancelled or expired); "0" for others. */
  pending: string;
  left: string;
  window: { start: Date; end: Date };
}

/**
 * The one calculation of a money limit (issue 36): the limits API, the deposit methods' "limit reached" and the
 * check of every stake and deposit all read it. `used` is the real money the period moved, from the ledger (a
 * deposit counts once it is paid); a deposit limit also counts the deposits still pending for at most
 * `pendingExpiryMs` — what may still arrive — and `left` is the limit less both, never below zero.
 */
async function usage(
  db: Db,
  row: Row,
  timeZone: string,
  now: Date,
  pendingExpiryMs: number,
): Promise<LimitUsage> {
  const window = periodWindow(row.period as LimitPeriod, now, timeZone);
  const amount = row.amount ?? "0";
  const account = await accountInCurrency(db, row.playerId, row.currency!);
  const deposit = row.definition === LIMIT_DEFINITION.deposit;
  const pending = deposit
    ? await pendingDepositsSum(db, row.playerId, row.currency!, now, pendingExpiryMs)
    : "0";
  if (!account) return { used: "0", pending, left: leftOf(amount, pending), window };
  const flows = await playerFlows(db, account.id, window.start);
  const counted =
    row.definition === LIMIT_DEFINITION.bet
      ? flows.staked
      : row.definition === LIMIT_DEFINITION.loss
        ? flows.netLoss
        : flows.deposited;
  const used = compareAmounts(counted, "0") < 0 ? "0" : counted;
  return { used, pending, left: leftOf(amount, used, pending), window };
}

async function toLimit(
  db: Db,
  row: Row,
  timeZone: string,
  now: Date,
  pendingExpiryMs: number,
): Promise<Limit> {
  const money = isMoney(row.definition) ? await usage(db, row, timeZone, now, pendingExpiryMs) : undefined;
  return {
    id: String(row.id),
    definition: row.definition,
    period: row.period,
    amount: decimal(row.amount),
    currency: row.currency,
    used: money?.used ?? null,
    pendingDeposits: row.definition === LIMIT_DEFINITION.deposit ? (money?.pending ?? null) : null,
    left: money?.left ?? null,
    periodEndsAt: money?.window.end.toISOString() ?? null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    pending: row.pendingEffectiveAt
      ? {
          amount: decimal(row.pendingAmount),
          period: row.pendingPeriod,
          delete: row.pendingDelete,
          effectiveAt: row.pendingEffectiveAt.toISOString(),
        }
      : null,
  };
}

export async function listLimits(deps: LimitsDeps, playerId: bigint): Promise<LimitsResponse> {
  const now = deps.clock.now();
  await applyDueChanges(deps.db, now, playerId);
  const { timeZone } = await loadPlayer(deps.db, playerId);
  const rows = await liveLimits(deps.db, playerId);
  return {
    data: await Promise.all(
      rows.map((r) => toLimit(deps.db, r, timeZone ?? "UTC", now, deps.options.depositPendingExpiryMs)),
    ),
    options: {
      periods: [...LIMIT_PERIODS],
      selfExclusionPeriods: deps.options.selfExclusionPeriods,
      coolingOffPeriods: deps.options.coolingOffPeriods,
      coolingHours: deps.options.coolingHours,
    },
  };
}

async function oneLimit(db: Db, playerId: bigint, id: string): Promise<Row> {
  if (!/^\d{1,18}$/.test(id)) throw ApiError.notFound("No such limit");
  const [row] = await db
    .select()
    .from(playerLimits)
    .where(
      and(eq(playerLimits.id, BigInt(id)), eq(playerLimits.playerId, playerId), isNull(playerLimits.endedAt)),
    );
  if (!row) throw ApiError.notFound("No such limit");
  return row;
}

async function checkedAmount(db: Db, amount: string | undefined, currency: string | undefined) {
  const units = amount === undefined ? undefined : toUnits(amount);
  if (units === undefined || units <= 0n) throw invalid("amount", "Enter an amount above zero");
  if (!currency) throw invalid("currency", "Choose a currency");
  const cur = await findCurrency(db, currency);
  if (!cur?.isEnabled) throw invalid("currency", "This currency is not available");
  return normalizeAmount(amount!)!;
}

const finalExclusion = () =>
  new ApiError(
    409,
    "exclusion_final",
    "A self-exclusion or a break cannot be shortened or lifted before it ends",
  );

/**
 * A change of one player's limits, in one transaction under the player's lock (decision 0036): what it reads
 * (the live limits, due changes) and what it writes are one step for concurrent calls of that player, so eight
 * requests for one limit make one limit, never a unique violation.
 */
const changeLimits = <T>(deps: LimitsDeps, playerId: bigint, work: (tx: Db, now: Date) => Promise<T>) =>
  inPlayerOrder(deps.db, playerId, async (tx) => {
    const now = deps.clock.now();
    await applyDueChanges(tx, now, playerId);
    return work(tx, now);
  });

/**
 * Sets a limit. A money limit that does not exist yet protects more and applies at once; asking for one that
 * exists changes it by the rules of `updateLimit` — so the same request again (a double click, a retry, eight
 * at once) answers 201 with that one limit. An exclusion starts now: the player's sessions end, and play,
 * deposits and logins are refused until it ends. Asked while one of the same kind is live, it extends that one
 * when it ends later (one live exclusion of a kind), and is refused (409) when it would not.
 */
export async function createLimit(deps: LimitsDeps, playerId: bigint, body: CreateLimitBody): Promise<Limit> {
  if (isMoney(body.definition)) {
    const period = body.period;
    if (!isPeriod(period)) throw invalid("period", "Choose daily, weekly or monthly");
    const amount = await checkedAmount(deps.db, body.amount, body.currency);
    return changeLimits(deps, playerId, async (tx, now) => {
      const [existing] = (await liveLimits(tx, playerId)).filter(
        (r) => r.definition === body.definition && r.period === body.period && r.currency === body.currency,
      );
      if (existing) return changeLimit(deps, tx, now, existing, { period, amount });
      const [row] = await tx
        .insert(playerLimits)
        .values({
          playerId,
          definition: body.definition,
          period: body.period,
          amount,
          currency: body.currency!,
          startsAt: now,
        })
        .returning();
      const { timeZone } = await loadPlayer(tx, playerId);
      return toLimit(tx, row!, timeZone ?? "UTC", now, deps.options.depositPendingExpiryMs);
    });
  }
  const offered =
    body.definition === LIMIT_DEFINITION.selfExclusion
      ? deps.options.selfExclusionPeriods
      : deps.options.coolingOffPeriods;
  if (!offered.includes(body.period)) throw invalid("period", "Choose one of the offered periods");
  const limit = await changeLimits(deps, playerId, async (tx, now) => {
    const endsAt = exclusionEnd(now, body.period);
    const current = await liveExclusion(tx, playerId);
    if (current && (current.endsAt === null || current.endsAt >= endsAt)) throw finalExclusion();
    const same = (await liveLimits(tx, playerId)).find((r) => r.definition === body.definition);
    const [row] = same
      ? await tx
          .update(playerLimits)
          .set({ period: body.period, endsAt, updatedAt: now })
          .where(eq(playerLimits.id, same.id))
          .returning()
      : await tx
          .insert(playerLimits)
          .values({ playerId, definition: body.definition, period: body.period, startsAt: now, endsAt })
          .returning();
    await restrictPlayer(
      tx,
      playerId,
      body.definition === LIMIT_DEFINITION.selfExclusion
        ? PLAYER_STATUS.selfExcluded
        : PLAYER_STATUS.coolingOff,
      endsAt,
    );
    return toLimit(tx, row!, "UTC", now, deps.options.depositPendingExpiryMs);
  });
  await deps.closeAllSessions(playerId);
  return limit;
}

/**
 * Changes a money limit (spec: PUT with period and amount). Protecting more applies at once and drops any
 * waiting change; protecting less waits `coolingHours` (RTS 12), replacing an earlier waiting change.
 */
export async function updateLimit(
  deps: LimitsDeps,
  playerId: bigint,
  id: string,
  body: UpdateLimitBody,
): Promise<Limit> {
  return changeLimits(deps, playerId, async (tx, now) => {
    const row = await oneLimit(tx, playerId, id);
    if (!isMoney(row.definition)) throw finalExclusion();
    const amount = await checkedAmount(tx, body.amount, row.currency ?? undefined);
    return changeLimit(deps, tx, now, row, { period: body.period, amount });
  });
}

/** The change of one live money limit, inside the player's locked transaction (see updateLimit). */
async function changeLimit(
  deps: LimitsDeps,
  tx: Db,
  now: Date,
  row: Row,
  body: { period: LimitPeriod; amount: string },
): Promise<Limit> {
  const clash = (await liveLimits(tx, row.playerId)).find(
    (r) =>
      r.id !== row.id &&
      r.definition === row.definition &&
      r.period === body.period &&
      r.currency === row.currency,
  );
  if (clash) throw invalid("period", "There is already a limit for that period: change that one");
  const waiting = protectsAtLeastAsMuch(row, body.period, body.amount)
    ? {
        amount: body.amount,
        period: body.period,
        pendingAmount: null,
        pendingPeriod: null,
        pendingDelete: false,
        pendingEffectiveAt: null,
      }
    : {
        pendingAmount: body.amount,
        pendingPeriod: body.period,
        pendingDelete: false,
        pendingEffectiveAt: new Date(now.getTime() + deps.options.coolingHours * 3_600_000),
      };
  const [updated] = await tx
    .update(playerLimits)
    .set({ ...waiting, updatedAt: now })
    .where(eq(playerLimits.id, row.id))
    .returning();
  const { timeZone } = await loadPlayer(tx, row.playerId);
  return toLimit(tx, updated!, timeZone ?? "UTC", now, deps.options.depositPendingExpiryMs);
}

/** Removes a money limit after the cooling period (removing protects less); an exclusion cannot be removed. */
export async function deleteLimit(deps: LimitsDeps, playerId: bigint, id: string): Promise<Limit> {
  return changeLimits(deps, playerId, async (tx, now) => {
    const row = await oneLimit(tx, playerId, id);
    if (!isMoney(row.definition)) throw finalExclusion();
    const [updated] = await tx
      .update(playerLimits)
      .set({
        pendingAmount: null,
        pendingPeriod: null,
        pendingDelete: true,
        pendingEffectiveAt: new Date(now.getTime() + deps.options.coolingHours * 3_600_000),
        updatedAt: now,
      })
      .where(eq(playerLimits.id, row.id))
      .returning();
    const { timeZone } = await loadPlayer(tx, playerId);
    return toLimit(tx, updated!, timeZone ?? "UTC", now, deps.options.depositPendingExpiryMs);
  });
}

/**
 * Whether the player has a live money limit of these definitions in the currency, as a subquery answering
 * 'true' or 'false' for a caller's statement: the read `moneyLimitsOf` starts with (issue 38).
 */
export const hasMoneyLimitsSql = (playerId: bigint, currency: string, definitions: number[]) =>
  sql`(select exists (select 1 from ${playerLimits} pl where pl.player_id = ${playerId} and pl.ended_at is null
        and pl.currency = ${currency} and pl.definition in (${sql.join(
          definitions.map((d) => sql`${d}::smallint`),
          sql`, `,
        )}))::text)`;

/** The live money limits of one definition set in a currency, for the enforcement checks. */
export async function moneyLimitsOf(
  db: Db,
  now: Date,
  playerId: bigint,
  currency: string,
  definitions: number[],
): Promise<Row[]> {
  const mine = (rows: Row[]) =>
    rows.filter((r) => definitions.includes(r.definition) && r.currency === currency);
  // Asked on every stake and deposit: a player with no such limit costs one read, not the due-change updates.
  if (mine(await liveLimits(db, playerId)).length === 0) return [];
  await applyDueChanges(db, now, playerId);
  return mine(await liveLimits(db, playerId));
}

export { usage as limitUsage };
