import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { PlayerBonus, WageringContribution } from "#common/api/bonus";
import { PLAYER_BONUS_RESULT, PLAYER_BONUS_STATUS } from "#common/constants";
import { compareAmounts, normalizeAmount } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import { type Db, rowsOf } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import { recordFact } from "../facts";
import { announceAccountOf, house, lockedBalances, post, postQuietly } from "../wallet";
import { playerBonuses } from "./tables";

/**
 * A player's bonuses through their life (decision 0013): issued (nothing credited), active (its amount in the
 * account's bonus balance, being wagered), finished — converted, cancelled, expired or lost. Every change of
 * status is a conditional UPDATE from the status it expects, taken under the account's row lock, so two racing
 * changes (a cancel and the bet that completes the wagering) leave exactly one outcome.
 */

export type Row = typeof playerBonuses.$inferSelect;
export type Send = (channel: string, event: { event: string; data: unknown }) => void;

export interface BonusDeps {
  db: Db;
  clock: Clock;
  publisher: Publisher;
}

const dec = (v: string | null) => (v === null ? null : (normalizeAmount(v) ?? v));

/** The deposit that issued a bonus (`invoice:42`), so the deposit's outcome can name its bonus. */
const invoiceOf = (sourceRef: string | null) => {
  const id = sourceRef ? /^invoice:(\d+)$/.exec(sourceRef)?.[1] : undefined;
  return id ? { invoiceId: id } : {};
};

export const toPlayerBonus = (r: Row): PlayerBonus => ({
  id: String(r.id),
  status: r.status,
  result: r.result,
  packageId: r.packageId === null ? null : String(r.packageId),
  issueSessionId: r.issueSessionId,
  ...invoiceOf(r.sourceRef),
  currency: r.currency,
  amount: dec(r.amount)!,
  count: 0,
  gameId: r.gameId === null ? null : String(r.gameId),
  maxBetAmount: dec(r.maxBetAmount),
  bonusId: r.definitionId === null ? null : String(r.definitionId),
  kind: r.kind,
  name: r.name,
  wagered: dec(r.wagered)!,
  wageringRequired: dec(r.wageringRequired)!,
  contribution: r.contribution,
  maxConversionAmount: dec(r.maxConversionAmount),
  convertedAmount: dec(r.convertedAmount),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  activatedAt: r.activatedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Tells the player's pages about a changed bonus (after the commit, through the caller's afterCommit). */
export function announce(send: Send, row: Row) {
  send(playerChannel("bonuses", row.playerId), {
    event: REALTIME_EVENTS.playerBonusUpdated,
    data: toPlayerBonus(row),
  });
}

async function announceAccount(tx: Db, send: Send, row: Row) {
  await announceAccountOf(tx, send, row.playerId, row.accountId);
}

const DAY_MS = 86_400_000;

export interface Issue {
  playerId: bigint;
  accountId: bigint;
  currency: string;
  definitionId: number | null;
  kind: Row["kind"];
  name: string;
  amount: string;
  sourceRef: string;
  issueSessionId?: string | null;
  packageId?: number | null;
  /** × amount. */
  wageringMultiplier: string;
  contribution: WageringContribution;
  maxBetAmount: string | null;
  /** × amount (null: no cap). */
  maxConversionMultiplier: string | null;
  activationDays: number;
  wageringDays: number;
  gameId?: number | null;
}

/**
 * Issues a bonus once per `sourceRef` (a repeat finds the first and answers undefined), and activates it at
 * once when `activate` and the account has no active bonus (it stays issued otherwise).
 */
export async function issueBonus(
  tx: Db,
  send: Send,
  now: Date,
  i: Issue,
  activate: boolean,
): Promise<Row | undefined> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`
    insert into ${playerBonuses} (player_id, account_id, currency, definition_id, kind, name, status, package_id,
      issue_session_id, source_ref, amount, wagering_required, contribution, max_bet_amount, max_conversion_amount,
      game_id, wagering_days, expires_at)
    values (${i.playerId}, ${i.accountId}, ${i.currency}, ${i.definitionId}, ${i.kind}, ${i.name},
      ${PLAYER_BONUS_STATUS.issued}, ${i.packageId ?? null}, ${i.issueSessionId ?? null}, ${i.sourceRef},
      ${i.amount}::numeric, ${i.amount}::numeric * ${i.wageringMultiplier}::numeric,
      ${JSON.stringify(i.contribution)}::jsonb, ${i.maxBetAmount}::numeric,
      ${i.maxConversionMultiplier === null ? null : sql`${i.amount}::numeric * ${i.maxConversionMultiplier}::numeric`},
      ${i.gameId ?? null}, ${i.wageringDays},
      ${new Date(now.getTime() + i.activationDays * DAY_MS).toISOString()}::timestamptz)
    on conflict (source_ref) do nothing
    returning id`,
  );
  if (!row) return undefined;
  // The fact says whether the bonus started at once, so the player's notice does not call an active bonus waiting.
  const issuedFact = (active: boolean) =>
    recordFact(tx, {
      kind: "bonus.issued",
      playerId: Number(i.playerId),
      key: `bonus.issued:${row.id}`,
      occurredAt: now,
      data: {
        playerBonusId: String(row.id),
        currency: i.currency,
        amount: normalizeAmount(i.amount)!,
        active,
      },
    });
  const issued = (await byId(tx, BigInt(row.id)))!;
  if (activate) {
    // Under the account's lock, so two bonuses issued at once cannot both find the account free.
    await lockedBalances(tx, i.accountId);
    const active = await activeBonusOf(tx, i.accountId);
    if (!active) {
      await issuedFact(true);
      return activateRow(tx, send, now, issued);
    }
  }
  await issuedFact(false);
  announce(send, issued);
  return issued;
}

async function byId(db: Db, id: bigint): Promise<Row | undefined> {
  const [row] = await db.select().from(playerBonuses).where(eq(playerBonuses.id, id));
  return row;
}

/** The account's active bonus, if any (the one its bonus balance belongs to). */
export async function activeBonusOf(db: Db, accountId: bigint): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.accountId, accountId), eq(playerBonuses.status, PLAYER_BONUS_STATUS.active)));
  return row;
}

/** Those of these accounts that have an active bonus (one statement for many). */
export async function accountsWithActiveBonus(db: Db, accountIds: bigint[]): Promise<Set<bigint>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ accountId: playerBonuses.accountId })
    .from(playerBonuses)
    .where(
      and(
        // One parameter whatever the count, so the statement's text (its prepared name) stays one.
        sql`${playerBonuses.accountId} in (select jsonb_array_elements_text(${JSON.stringify(accountIds.map(String))}::jsonb)::bigint)`,
        eq(playerBonuses.status, PLAYER_BONUS_STATUS.active),
      ),
    );
  return new Set(rows.map((r) => r.accountId));
}

/**
 * Issued → active: credits the amount to the bonus balance (bonus cost −, player bonus +) and starts the
 * wagering period. The caller made sure no other bonus is active; the partial unique index refuses a second
 * one anyway.
 */
async function activateRow(tx: Db, send: Send, now: Date, row: Row): Promise<Row> {
  await lockedBalances(tx, row.accountId);
  const [active] = await tx
    .update(playerBonuses)
    .set({
      status: PLAYER_BONUS_STATUS.active,
      activatedAt: now,
      expiresAt: new Date(now.getTime() + row.wageringDays * DAY_MS),
      updatedAt: now,
    })
    .where(and(eq(playerBonuses.id, row.id), eq(playerBonuses.status, PLAYER_BONUS_STATUS.issued)))
    .returning();
  if (!active) throw new ApiError(409, "bonus_not_available", "This bonus cannot be activated now");
  await postQuietly(tx, {
    at: now,
    accountId: row.accountId,
    amount: "0",
    bonusAmount: normalizeAmount(row.amount)!,
    counterparty: house.bonusCost,
    kind: "bonus",
    reference: `bonus:${row.id}`,
    idempotencyKey: `bonus:${row.id}:credit`,
  });
  announce(send, active);
  await announceAccount(tx, send, active);
  return active;
}

type Result = (typeof PLAYER_BONUS_RESULT)[keyof typeof PLAYER_BONUS_RESULT];

/**
 * Finishes a bonus with `result`, once: under the account's lock, the status moves from what it was (issued or
 * active) to finished, and only the call that moved it touches money. An active bonus's bonus balance is
 * converted (result played: real money up to the conversion cap, the rest back to bonus cost) or forfeited
 * (cancelled, expired, lost). Answers the finished row, or undefined when another call finished it first.
 */
export async function finishBonus(
  tx: Db,
  send: Send,
  now: Date,
  id: bigint,
  result: Result,
): Promise<Row | undefined> {
  const current = await byId(tx, id);
  if (!current || current.status === PLAYER_BONUS_STATUS.finished) return undefined;
  const balances = await lockedBalances(tx, current.accountId);
  const wasActive = current.status === PLAYER_BONUS_STATUS.active;
  const bonusBalance = wasActive ? balances.bonus : "0";
  let converted: string | null = null;
  if (result === PLAYER_BONUS_RESULT.played) {
    const cap = current.maxConversionAmount === null ? null : normalizeAmount(current.maxConversionAmount)!;
    converted = cap !== null && compareAmounts(bonusBalance, cap) > 0 ? cap : bonusBalance;
  }
  const [finished] = await tx
    .update(playerBonuses)
    .set({
      status: PLAYER_BONUS_STATUS.finished,
      result,
      finishedAt: now,
      updatedAt: now,
      convertedAmount: converted,
    })
    .where(and(eq(playerBonuses.id, id), eq(playerBonuses.status, current.status)))
    .returning();
  if (!finished) return undefined;
  if (result === PLAYER_BONUS_RESULT.played)
    await recordFact(tx, {
      kind: "bonus.converted",
      playerId: Number(current.playerId),
      key: `bonus.converted:${id}`,
      occurredAt: now,
      data: { playerBonusId: String(id), currency: current.currency, amount: converted ?? "0" },
    });
  if (compareAmounts(bonusBalance, "0") > 0) {
    // The wallet queues the account's new balance for after the commit.
    await post(tx, send, {
      at: now,
      accountId: current.accountId,
      amount: converted ?? "0",
      bonusAmount: `-${bonusBalance}`,
      counterparty: house.bonusCost,
      kind: "bonus",
      reference: `bonus:${id}`,
      idempotencyKey: `bonus:${id}:${result === PLAYER_BONUS_RESULT.played ? "convert" : "forfeit"}`,
      meta: { result, converted },
    });
  }
  announce(send, finished);
  return finished;
}

/** The player's bonus by id; another player's id answers the same 404 as a missing one. */
async function ownBonus(db: Db, playerId: bigint, id: string): Promise<Row> {
  if (!/^\d{1,18}$/.test(id)) throw ApiError.notFound("No such bonus");
  const [row] = await db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.id, BigInt(id)), eq(playerBonuses.playerId, playerId)));
  if (!row) throw ApiError.notFound("No such bonus");
  return row;
}

/** PUT …/player-bonuses/{id}/activate: refused while another bonus is active on the account. */
export async function activateBonus(deps: BonusDeps, playerId: bigint, id: string): Promise<PlayerBonus> {
  const row = await ownBonus(deps.db, playerId, id);
  if (row.status === PLAYER_BONUS_STATUS.active) return toPlayerBonus(row);
  if (row.status !== PLAYER_BONUS_STATUS.issued)
    throw new ApiError(409, "bonus_not_available", "This bonus has finished");
  const now = deps.clock.now();
  const done = await afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      await lockedBalances(tx, row.accountId);
      const active = await activeBonusOf(tx, row.accountId);
      if (active && active.id !== row.id)
        throw new ApiError(409, "bonus_active", "Another bonus is active: finish or cancel it first");
      const fresh = (await byId(tx, row.id))!;
      if (fresh.status === PLAYER_BONUS_STATUS.active) return fresh;
      if (fresh.expiresAt && fresh.expiresAt <= now)
        throw new ApiError(409, "bonus_not_available", "This bonus has expired");
      return activateRow(tx, send, now, fresh);
    }),
  );
  return toPlayerBonus(done);
}

/** PUT …/player-bonuses/{id}/cancel: an issued bonus is dropped; an active one forfeits its bonus balance. */
export async function cancelBonus(deps: BonusDeps, playerId: bigint, id: string): Promise<PlayerBonus> {
  const row = await ownBonus(deps.db, playerId, id);
  const now = deps.clock.now();
  const finished = await afterCommit(deps.publisher, (send) =>
    deps.db.transaction((t) => finishBonus(t, send, now, row.id, PLAYER_BONUS_RESULT.canceled)),
  );
  if (finished) return toPlayerBonus(finished);
  // Already finished (by this cancel's twin, the wagering's completion or expiry): answer how it ended.
  const ended = (await byId(deps.db, row.id))!;
  if (ended.result === PLAYER_BONUS_RESULT.canceled) return toPlayerBonus(ended);
  throw new ApiError(409, "bonus_not_available", "This bonus has already finished");
}

/** GET /api/game/player-bonuses: statuses 1 and 2 unless asked otherwise, newest first. */
export async function listPlayerBonuses(
  db: Db,
  playerId: bigint,
  q: { statuses: number[]; currencies: string[] },
): Promise<PlayerBonus[]> {
  const statuses = q.statuses.length ? q.statuses : [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active];
  const rows = await db
    .select()
    .from(playerBonuses)
    .where(
      and(
        eq(playerBonuses.playerId, playerId),
        inArray(playerBonuses.status, statuses),
        q.currencies.length ? inArray(playerBonuses.currency, q.currencies) : undefined,
      ),
    )
    .orderBy(desc(playerBonuses.id))
    .limit(200);
  return rows.map(toPlayerBonus);
}

/** The player's bonuses from these definitions (the status call and the welcome package). */
export async function bonusesFromDefinitions(db: Db, playerId: bigint, definitionIds: number[]) {
  if (definitionIds.length === 0) return [];
  return db
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), inArray(playerBonuses.definitionId, definitionIds)));
}

/**
 * The expiry job: issued bonuses not activated in time and active ones not wagered in time finish with result
 * 4 expired (an active one forfeits its bonus balance). Answers how many it finished.
 */
export async function expireBonuses(deps: BonusDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(
      and(
        inArray(playerBonuses.status, [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active]),
        lte(playerBonuses.expiresAt, now),
      ),
    )
    .limit(500);
  let n = 0;
  for (const { id } of due) {
    const done = await afterCommit(deps.publisher, (send) =>
      deps.db.transaction((t) => finishBonus(t, send, now, id, PLAYER_BONUS_RESULT.expired)),
    );
    if (done) n++;
  }
  return n;
}

/** Refuses a withdrawal from an account whose bonus is active (decision 0013: the player cancels it first). */
export async function assertNoActiveBonus(db: Db, accountId: bigint): Promise<void> {
  const active = await activeBonusOf(db, accountId);
  if (active)
    throw new ApiError(
      409,
      "bonus_active",
      "A bonus is active on this account: withdrawing needs it wagered or cancelled (cancelling forfeits the bonus money)",
      { bonusId: [String(active.id)] },
    );
}
