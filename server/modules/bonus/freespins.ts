import { type AnyColumn, and, desc, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PlayerFreespin } from "#common/api/bonus";
import { PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "#common/constants";
import { compareAmounts, normalizeAmount } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit } from "../../realtime/publisher";
import { gameRefs } from "../game";
import { house, transferBetweenHouse } from "../wallet";
import type { Definition } from "./definitions";
import { type BonusDeps, issueBonus, type Send } from "./player-bonuses";
import { playerFreespinRounds, playerFreespins } from "./tables";
import { bonusName } from "./texts";

/**
 * Free spins (decision 0013, "Free spins"): a package of spins on one game at a fixed bet. Issued (1), active (2:
 * playable), finished (3) with result 2 played, 3 canceled, 4 expired or 5 lost. The game's provider plays a
 * spin through the seamless wallet's bet call with `freespinId`: the spin is taken under this row's lock (so
 * concurrent or repeated spins never pass `count`), the bonus cost pays the stake to the provider, the win goes
 * back to the bonus cost and is added to `winnings`; when the last spin's round closes the winnings become a
 * player bonus (kind `freespins`) with its wagering, or the spins end lost.
 */

export type FreespinRow = typeof playerFreespins.$inferSelect;
type Game = { id: number; name: string; slug: string };

const DAY_MS = 86_400_000;
const dec = (v: string) => normalizeAmount(v) ?? v;

async function gameOf(db: Db, id: number): Promise<Game> {
  const [g] = await gameRefs(db, { ids: [id] });
  return g ?? { id, name: "", slug: "" };
}

export const toPlayerFreespin = (r: FreespinRow, g: Game): PlayerFreespin => ({
  id: String(r.id),
  status: r.status,
  result: r.result,
  packageId: r.packageId === null ? null : String(r.packageId),
  issueSessionId: r.issueSessionId,
  currency: r.currency,
  amount: dec(r.betValue),
  count: r.count,
  played: r.played,
  winnings: dec(r.winnings),
  gameId: String(r.gameId),
  gameName: g.name,
  gameSlug: g.slug,
  maxBetAmount: null,
  bonusId: r.definitionId === null ? null : String(r.definitionId),
  playerBonusId: r.playerBonusId === null ? null : String(r.playerBonusId),
  name: r.name,
  wageringMultiplier: dec(r.wageringMultiplier),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  activatedAt: r.activatedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Publishes the free spins' new state on `bonus:player-freespins#{player}` (after the commit, through `send`). */
async function announce(db: Db, send: Send, row: FreespinRow) {
  send(playerChannel("freespins", row.playerId), {
    event: REALTIME_EVENTS.playerFreespinUpdated,
    data: toPlayerFreespin(row, await gameOf(db, row.gameId)),
  });
}

/** The game, count and bet a definition's free spins have in `currency`; undefined when it gives none there. */
export async function freespinTerms(db: Db, d: Definition, currency: string) {
  if (!d.freespinGameSlug || !d.freespinCount || d.freespinCount <= 0) return undefined;
  const bet = d.freespinBetItems.find((i) => i.currency === currency);
  if (!bet || compareAmounts(bet.amount, "0") <= 0) return undefined;
  const [g] = await gameRefs(db, { slug: d.freespinGameSlug });
  if (!g) return undefined;
  return { game: g, count: d.freespinCount, bet: dec(bet.amount) };
}

/**
 * Issues a definition's free spins once per `sourceRef` (a repeat answers undefined), active at once when
 * `activate`. Answers undefined too when the definition gives no spins in this currency.
 */
export async function issueFreespins(
  tx: Db,
  send: Send,
  now: Date,
  i: {
    playerId: bigint;
    accountId: bigint;
    currency: string;
    definition: Definition;
    sourceRef: string;
    issueSessionId?: string | null;
  },
  activate: boolean,
): Promise<FreespinRow | undefined> {
  const d = i.definition;
  const terms = await freespinTerms(tx, d, i.currency);
  if (!terms) return undefined;
  const [row] = await tx
    .insert(playerFreespins)
    .values({
      playerId: i.playerId,
      accountId: i.accountId,
      currency: i.currency,
      definitionId: d.id,
      packageId: d.packageId,
      issueSessionId: i.issueSessionId ?? null,
      sourceRef: i.sourceRef,
      name: await bonusName(tx, d, i.currency),
      gameId: terms.game.id,
      betValue: terms.bet,
      count: terms.count,
      wageringMultiplier: d.wageringMultiplier,
      contribution: d.contribution,
      maxConversionMultiplier: d.maxConversionMultiplier,
      activationDays: d.activationDays,
      wageringDays: d.wageringDays,
      status: activate ? PLAYER_FREESPIN_STATUS.active : PLAYER_FREESPIN_STATUS.issued,
      activatedAt: activate ? now : null,
      expiresAt: new Date(now.getTime() + (activate ? d.wageringDays : d.activationDays) * DAY_MS),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: playerFreespins.sourceRef })
    .returning();
  if (row) await announce(tx, send, row);
  return row;
}

/** The row under its lock: every change of a package's spins or status queues here. */
async function locked(tx: Db, id: bigint): Promise<FreespinRow | undefined> {
  const [row] = await tx.select().from(playerFreespins).where(eq(playerFreespins.id, id)).for("update");
  return row;
}

type Result = (typeof PLAYER_FREESPIN_RESULT)[keyof typeof PLAYER_FREESPIN_RESULT];

/**
 * Finishes a locked package with `result`. Played: the winnings become a player bonus (issued and activated
 * when the account has no active bonus) with the package's wagering; nothing won: result 5 lost. Expired and
 * cancelled packages forfeit their winnings (they stay with the bonus cost, where the wins were paid).
 */
async function finish(tx: Db, send: Send, now: Date, row: FreespinRow, result: Result): Promise<FreespinRow> {
  let final: Result = result;
  let playerBonusId: bigint | null = null;
  if (result === PLAYER_FREESPIN_RESULT.played) {
    if (compareAmounts(row.winnings, "0") > 0) {
      const bonus = await issueBonus(
        tx,
        send,
        now,
        {
          playerId: row.playerId,
          accountId: row.accountId,
          currency: row.currency,
          definitionId: row.definitionId,
          kind: "freespins",
          name: row.name,
          amount: dec(row.winnings),
          sourceRef: `freespins:${row.id}`,
          issueSessionId: row.issueSessionId,
          packageId: row.packageId,
          wageringMultiplier: dec(row.wageringMultiplier),
          contribution: row.contribution,
          maxBetAmount: null,
          maxConversionMultiplier:
            row.maxConversionMultiplier === null ? null : dec(row.maxConversionMultiplier),
          activationDays: row.activationDays,
          wageringDays: row.wageringDays,
          gameId: row.gameId,
        },
        true,
      );
      playerBonusId = bonus?.id ?? null;
    } else final = PLAYER_FREESPIN_RESULT.lost;
  }
  const [done] = await tx
    .update(playerFreespins)
    .set({
      status: PLAYER_FREESPIN_STATUS.finished,
      result: final,
      playerBonusId,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(playerFreespins.id, row.id))
    .returning();
  await announce(tx, send, done!);
  return done!;
}

/** The player's package by id; another player's id answers the same 404 as a missing one. */
async function own(db: Db, playerId: bigint, id: string): Promise<FreespinRow> {
  if (!/^\d{1,18}$/.test(id)) throw ApiError.notFound("No such free spins");
  const [row] = await db
    .select()
    .from(playerFreespins)
    .where(and(eq(playerFreespins.id, BigInt(id)), eq(playerFreespins.playerId, playerId)));
  if (!row) throw ApiError.notFound("No such free spins");
  return row;
}

/** GET /api/game/player-freespins: statuses 1 and 2 unless asked otherwise, newest first. */
export async function listFreespins(
  db: Db,
  playerId: bigint,
  q: { statuses: number[]; currencies: string[] },
): Promise<PlayerFreespin[]> {
  const statuses = q.statuses.length
    ? q.statuses
    : [PLAYER_FREESPIN_STATUS.issued, PLAYER_FREESPIN_STATUS.active];
  const rows = await db
    .select()
    .from(playerFreespins)
    .where(
      and(
        eq(playerFreespins.playerId, playerId),
        inArray(playerFreespins.status, statuses),
        q.currencies.length ? inArray(playerFreespins.currency, q.currencies) : undefined,
      ),
    )
    .orderBy(desc(playerFreespins.id))
    .limit(200);
  const named = new Map(
    (await gameRefs(db, { ids: [...new Set(rows.map((r) => r.gameId))] })).map((g) => [g.id, g]),
  );
  return rows.map((r) => toPlayerFreespin(r, named.get(r.gameId) ?? { id: r.gameId, name: "", slug: "" }));
}

/**
 * One change of the player's own free spins: their row locked in a transaction, announced after the commit,
 * answered with the game named.
 */
async function changeOwn(
  deps: BonusDeps,
  playerId: bigint,
  id: string,
  change: (tx: Db, send: Send, now: Date, row: FreespinRow) => Promise<FreespinRow>,
): Promise<PlayerFreespin> {
  const mine = await own(deps.db, playerId, id);
  const now = deps.clock.now();
  const row = await afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      return change(tx, send, now, (await locked(tx, mine.id))!);
    }),
  );
  return toPlayerFreespin(row, await gameOf(deps.db, row.gameId));
}

/** PUT …/player-freespins/{id}/activate: issued → active (playable); an active one answers as it is. */
export function activateFreespins(deps: BonusDeps, playerId: bigint, id: string): Promise<PlayerFreespin> {
  return changeOwn(deps, playerId, id, async (tx, send, now, row) => {
    if (row.status === PLAYER_FREESPIN_STATUS.active) return row;
    if (row.status !== PLAYER_FREESPIN_STATUS.issued)
      throw new ApiError(409, "freespins_not_available", "These free spins have finished");
    if (row.expiresAt && row.expiresAt <= now)
      throw new ApiError(409, "freespins_not_available", "These free spins have expired");
    const [active] = await tx
      .update(playerFreespins)
      .set({
        status: PLAYER_FREESPIN_STATUS.active,
        activatedAt: now,
        expiresAt: new Date(now.getTime() + row.wageringDays * DAY_MS),
        updatedAt: now,
      })
      .where(eq(playerFreespins.id, row.id))
      .returning();
    await announce(tx, send, active!);
    return active!;
  });
}

/** PUT …/player-freespins/{id}/cancel: the spins left are dropped and what they won is forfeited. */
export function cancelFreespins(deps: BonusDeps, playerId: bigint, id: string): Promise<PlayerFreespin> {
  return changeOwn(deps, playerId, id, async (tx, send, now, row) => {
    if (row.status === PLAYER_FREESPIN_STATUS.finished) {
      if (row.result === PLAYER_FREESPIN_RESULT.canceled) return row;
      throw new ApiError(409, "freespins_not_available", "These free spins have already finished");
    }
    return finish(tx, send, now, row, PLAYER_FREESPIN_RESULT.canceled);
  });
}

/**
 * The expiry job: issued packages not activated in time and active ones not played in time finish expired
 * (the spins left are dropped, winnings so far forfeited). A package with a spin in flight waits for its round.
 */
export async function expireFreespins(deps: BonusDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: playerFreespins.id })
    .from(playerFreespins)
    .where(
      and(
        inArray(playerFreespins.status, [PLAYER_FREESPIN_STATUS.issued, PLAYER_FREESPIN_STATUS.active]),
        lte(playerFreespins.expiresAt, now),
        sql`${playerFreespins.played} = ${playerFreespins.settled}`,
      ),
    )
    .limit(500);
  let n = 0;
  for (const { id } of due) {
    const done = await afterCommit(deps.publisher, (send) =>
      deps.db.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (!row || row.status === PLAYER_FREESPIN_STATUS.finished || row.played !== row.settled)
          return false;
        if (!row.expiresAt || row.expiresAt > now) return false;
        await finish(tx, send, now, row, PLAYER_FREESPIN_RESULT.expired);
        return true;
      }),
    );
    if (done) n++;
  }
  return n;
}

/** The seamless wallet's free rounds on a game for an account: active packages with spins left. */
export async function freeRoundsOf(db: Db, accountId: bigint, gameId: number | null, now: Date) {
  if (gameId === null) return [];
  const rows = await db
    .select()
    .from(playerFreespins)
    .where(
      and(
        eq(playerFreespins.accountId, accountId),
        eq(playerFreespins.gameId, gameId),
        eq(playerFreespins.status, PLAYER_FREESPIN_STATUS.active),
        sql`${playerFreespins.played} < ${playerFreespins.count}`,
        gt(playerFreespins.expiresAt, now),
      ),
    )
    .orderBy(playerFreespins.id);
  return rows.map((r) => ({ id: String(r.id), left: r.count - r.played, bet: dec(r.betValue) }));
}

/**
 * `freeRoundsOf` as an expression for a caller's own read (issue 38: the wallet's balance call in one round
 * trip): the same packages in the same order, as JSON text of `{ id, left, bet }`.
 */
export function freeRoundsOfSql(accountId: SQL | AnyColumn, gameId: SQL | AnyColumn, now: Date): SQL<string> {
  return sql<string>`(select coalesce(json_agg(json_build_object('id', f.id::text, 'left', f.count - f.played,
      'bet', trim_scale(f.bet_value)::text) order by f.id), '[]')::text
    from ${playerFreespins} f
    where f.account_id = ${accountId} and f.game_id = ${gameId} and f.status = ${PLAYER_FREESPIN_STATUS.active}
      and f.played < f.count and f.expires_at > ${now.toISOString()}::timestamptz)`;
}

/** A free round the wallet refuses: nothing was written. */
export class FreeRoundRefused extends Error {}

/**
 * The seamless wallet's bet of a free round, inside its transaction: takes one spin of the package (locked;
 * active, this account and game, the exact bet, spins left, not expired), records the round, and has the bonus
 * cost pay the stake to the provider under the bet's idempotency key. Throws FreeRoundRefused otherwise.
 */
export async function takeFreeRound(
  tx: Db,
  send: Send,
  now: Date,
  b: {
    freespinId: string;
    provider: string;
    playerId: bigint;
    accountId: bigint;
    gameId: number | null;
    currency: string;
    amount: string;
    roundId: string;
    betTxId: string;
  },
): Promise<void> {
  if (!/^\d{1,18}$/.test(b.freespinId)) throw new FreeRoundRefused("No such free spins");
  const row = await locked(tx, BigInt(b.freespinId));
  if (
    !row ||
    row.accountId !== b.accountId ||
    row.playerId !== b.playerId ||
    row.gameId !== b.gameId ||
    row.currency !== b.currency
  )
    throw new FreeRoundRefused("These free spins are not for this game");
  if (row.status !== PLAYER_FREESPIN_STATUS.active || (row.expiresAt && row.expiresAt <= now))
    throw new FreeRoundRefused("These free spins are not active");
  if (row.played >= row.count) throw new FreeRoundRefused("No free spins left");
  if (compareAmounts(b.amount, row.betValue) !== 0)
    throw new FreeRoundRefused(`A free spin is played at ${dec(row.betValue)}`);
  const [taken] = await tx
    .update(playerFreespins)
    .set({ played: sql`${playerFreespins.played} + 1`, updatedAt: now })
    .where(and(eq(playerFreespins.id, row.id), sql`${playerFreespins.played} < ${playerFreespins.count}`))
    .returning();
  if (!taken) throw new FreeRoundRefused("No free spins left");
  await tx.insert(playerFreespinRounds).values({
    playerFreespinId: row.id,
    provider: b.provider,
    playerId: b.playerId,
    roundId: b.roundId,
    betTxId: b.betTxId,
    createdAt: now,
  });
  await transferBetweenHouse(tx, {
    from: house.bonusCost,
    to: house.provider(b.provider),
    currency: b.currency,
    amount: b.amount,
    kind: "bet",
    reference: `freespins:${row.id}:round:${b.roundId}`,
    idempotencyKey: `game:${b.provider}:${b.betTxId}`,
    meta: { freespinId: String(row.id) },
    at: now,
  });
  await announce(tx, send, taken);
}

/** The free round a bet transaction opened, if it was one. */
export async function freeRoundOfBet(db: Db, provider: string, betTxId: string) {
  const [r] = await db
    .select()
    .from(playerFreespinRounds)
    .where(and(eq(playerFreespinRounds.provider, provider), eq(playerFreespinRounds.betTxId, betTxId)));
  return r;
}

/**
 * The win of a free round, inside the wallet's transaction: the provider pays it to the bonus cost (it is not
 * the player's money yet), the package's winnings grow, and the round's close settles the spin; the last spin
 * settled finishes the package (its winnings become a bonus, or it is lost).
 */
export async function settleFreeRound(
  tx: Db,
  send: Send,
  now: Date,
  w: {
    roundRowId: bigint;
    provider: string;
    roundId: string;
    currency: string;
    amount: string;
    winTxId: string;
    closed: boolean;
  },
): Promise<void> {
  const [round] = await tx
    .select()
    .from(playerFreespinRounds)
    .where(eq(playerFreespinRounds.id, w.roundRowId));
  if (!round) return;
  const row = (await locked(tx, round.playerFreespinId))!;
  if (compareAmounts(w.amount, "0") > 0)
    await transferBetweenHouse(tx, {
      from: house.provider(w.provider),
      to: house.bonusCost,
      currency: w.currency,
      amount: w.amount,
      kind: "win",
      reference: `freespins:${row.id}:round:${w.roundId}`,
      idempotencyKey: `game:${w.provider}:${w.winTxId}`,
      meta: { freespinId: String(row.id) },
      at: now,
    });
  const closes = w.closed && round.status === "open";
  await tx
    .update(playerFreespinRounds)
    .set({
      win: sql`${playerFreespinRounds.win} + ${w.amount}::numeric`,
      ...(closes ? { status: "settled" as const } : {}),
    })
    .where(eq(playerFreespinRounds.id, round.id));
  // Wins of a finished package (a round in flight when it was cancelled) stay with the bonus cost.
  if (row.status === PLAYER_FREESPIN_STATUS.finished) return;
  const [next] = await tx
    .update(playerFreespins)
    .set({
      winnings: sql`${playerFreespins.winnings} + ${w.amount}::numeric`,
      settled: closes ? sql`${playerFreespins.settled} + 1` : playerFreespins.settled,
      updatedAt: now,
    })
    .where(eq(playerFreespins.id, row.id))
    .returning();
  if (next!.settled >= next!.count) await finish(tx, send, now, next!, PLAYER_FREESPIN_RESULT.played);
  else await announce(tx, send, next!);
}

/**
 * The rollback of a free round's bet, inside the wallet's transaction: the provider gives the stake back to the
 * bonus cost, and a spin whose round had not closed is given back to the package.
 */
export async function refundFreeRound(
  tx: Db,
  send: Send,
  now: Date,
  r: {
    roundRowId: bigint;
    provider: string;
    roundId: string;
    currency: string;
    amount: string;
    rollbackTxId: string;
  },
): Promise<void> {
  const [found] = await tx
    .select()
    .from(playerFreespinRounds)
    .where(eq(playerFreespinRounds.id, r.roundRowId));
  if (!found) return;
  const [round] = await tx
    .update(playerFreespinRounds)
    .set({ status: "refunded" })
    .where(and(eq(playerFreespinRounds.id, r.roundRowId), eq(playerFreespinRounds.status, "open")))
    .returning();
  if (compareAmounts(r.amount, "0") > 0)
    await transferBetweenHouse(tx, {
      from: house.provider(r.provider),
      to: house.bonusCost,
      currency: r.currency,
      amount: r.amount,
      kind: "rollback",
      reference: `freespins:${found.playerFreespinId}:round:${r.roundId}`,
      idempotencyKey: `game:${r.provider}:${r.rollbackTxId}`,
      at: now,
    });
  if (!round) return;
  const row = (await locked(tx, round.playerFreespinId))!;
  if (row.status === PLAYER_FREESPIN_STATUS.finished) return;
  const [next] = await tx
    .update(playerFreespins)
    .set({ played: sql`${playerFreespins.played} - 1`, updatedAt: now })
    .where(eq(playerFreespins.id, row.id))
    .returning();
  await announce(tx, send, next!);
}
