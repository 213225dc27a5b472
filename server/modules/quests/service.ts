import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Quest, QuestReward, QuestTask } from "#common/api/quests";
import { QUEST_STATE } from "#common/constants";
import { normalizeAmount } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import { type Db, rowsOf } from "../../db/client";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import {
  issuedRewards,
  issueRewardBonus,
  issueRewardFreespins,
  rewardBonusOffer,
  rewardFreespinsOffer,
} from "../bonus";
import { collectionIdsOfGame, collectionsByIds } from "../game";
import { noticeRecipient } from "../player";
import { accountInCurrency, listAccounts } from "../wallet";
import { isDone, progressAfter, type QuestFact, type TaskProgress, type TaskRule } from "./progress";
import { playerQuests, playerQuestTasks, quests, questTasks } from "./tables";

/**
 * Quests through their life (decision 0015). Offered (state 1, no row of the player's), activated (2: a
 * player_quests row and one progress row per task), then completed (3) when every task is done, or ended (6)
 * by time or by the player's cancel; an offer whose window closed unactivated shows as expired (5). Each change
 * of state is a conditional UPDATE from state 2 under the row's lock: exactly one caller completes a quest, and
 * only that caller grants its rewards.
 */

export interface QuestDeps {
  db: Db;
  clock: Clock;
  publisher: Publisher;
}

type Send = (channel: string, event: { event: string; data: unknown }) => void;
type QuestRow = typeof quests.$inferSelect;
type TaskRow = typeof questTasks.$inferSelect;
type PlayerQuestRow = typeof playerQuests.$inferSelect;
type ProgressRow = typeof playerQuestTasks.$inferSelect;

const HOUR_MS = 3_600_000;
/** An unactivated offer stays listed as expired (5) this long after its window closed. */
const EXPIRED_OFFER_LISTED_MS = 7 * 24 * HOUR_MS;

const dec = (v: string) => normalizeAmount(v) ?? v;

/** The task's quantity in the quest's currency (amount tasks), or its count. */
function quantityIn(t: TaskRow, currency: string): string {
  const item = t.quantityItems.find((i) => i.currency === currency);
  return dec(item?.amount ?? t.quantity);
}

const isAmountTask = (t: TaskRow) => t.type === "wager" || t.type === "deposit";
const isCasinoTask = (t: TaskRow) => t.type === "bet" || t.type === "wager" || t.type === "win-multiplier";

function ruleOf(t: TaskRow, currency: string): TaskRule {
  return {
    type: t.type,
    quantity: quantityIn(t, currency),
    minMultiplier: t.minMultiplier === null ? null : dec(t.minMultiplier),
    collectionIds: t.collectionIds,
    gameKinds: t.gameKinds,
  };
}

async function tasksOf(db: Db, questIds: number[]): Promise<Map<number, TaskRow[]>> {
  const out = new Map<number, TaskRow[]>();
  if (questIds.length === 0) return out;
  const rows = await db
    .select()
    .from(questTasks)
    .where(inArray(questTasks.questId, questIds))
    .orderBy(asc(questTasks.position), asc(questTasks.id));
  for (const r of rows) out.set(r.questId, [...(out.get(r.questId) ?? []), r]);
  return out;
}

async function progressOf(db: Db, playerQuestIds: bigint[]): Promise<Map<string, ProgressRow>> {
  if (playerQuestIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(playerQuestTasks)
    .where(inArray(playerQuestTasks.playerQuestId, playerQuestIds));
  return new Map(rows.map((r) => [`${r.playerQuestId}:${r.taskId}`, r]));
}

/** Names of the collections tasks count, loaded once per answer. */
async function collectionNames(db: Db, tasks: TaskRow[]) {
  const ids = [...new Set(tasks.flatMap((t) => t.collectionIds))];
  const rows = await collectionsByIds(db, ids);
  return new Map(rows.map((c) => [c.id, { id: String(c.id), identity: c.identity, name: c.name }]));
}

function taskView(
  t: TaskRow,
  currency: string,
  state: number,
  p: ProgressRow | undefined,
  names: Map<number, { id: string; identity: string; name: string }>,
): QuestTask {
  const isCompleted = p?.completedAt != null;
  return {
    id: String(t.id),
    questId: String(t.questId),
    type: t.type,
    isActive: state === QUEST_STATE.inProgress && !isCompleted,
    isCompleted,
    progress: dec(p?.progress ?? "0"),
    quantity: quantityIn(t, currency),
    currency: isAmountTask(t) ? currency : null,
    minMultiplier: t.minMultiplier === null ? null : dec(t.minMultiplier),
    games:
      isCasinoTask(t) && (t.collectionIds.length > 0 || t.gameKinds.length > 0)
        ? {
            collections: t.collectionIds.flatMap((id) => names.get(id) ?? []),
            gameKinds: t.gameKinds,
          }
        : null,
  };
}

/** The key a quest's reward is issued under: the player's quest and the reward's place. */
const rewardRef = (pq: PlayerQuestRow, i: number) => `quest:${pq.id}:reward:${i}`;

async function rewardsView(
  db: Db,
  q: QuestRow,
  currency: string,
  pq?: PlayerQuestRow,
): Promise<QuestReward[]> {
  const issued = pq
    ? await issuedRewards(
        db,
        q.rewards.map((_, i) => rewardRef(pq, i)),
      )
    : new Map();
  const out: QuestReward[] = [];
  for (const [i, r] of q.rewards.entries()) {
    const id = pq ? issued.get(rewardRef(pq, i)) : undefined;
    if (r.kind === "freespins") {
      const offer = await rewardFreespinsOffer(db, r.bonusIdentity, currency);
      out.push({
        kind: "freespins",
        name: offer?.name ?? r.bonusIdentity,
        count: offer?.count ?? null,
        gameName: offer?.gameName ?? null,
        amount: offer?.amount ?? null,
        currency: offer?.amount ? currency : null,
        playerFreespinId: id === undefined ? null : String(id),
      });
      continue;
    }
    const offer = await rewardBonusOffer(db, r.bonusIdentity, currency);
    out.push({
      kind: "bonus",
      name: offer?.name ?? r.bonusIdentity,
      amount: offer?.amount ?? null,
      currency: offer?.amount ? currency : null,
      playerBonusId: id === undefined ? null : String(id),
    });
  }
  return out;
}

function stateOf(q: QuestRow, pq: PlayerQuestRow | undefined, now: Date): number | undefined {
  if (pq) return pq.state;
  if (!q.isEnabled || (q.startsAt && q.startsAt > now)) return undefined;
  if (q.endsAt && q.endsAt <= now) {
    return now.getTime() - q.endsAt.getTime() < EXPIRED_OFFER_LISTED_MS ? QUEST_STATE.expired : undefined;
  }
  return QUEST_STATE.new;
}

/** The quest's name and description in the player's language, English where staff gave none (decision 0027). */
function textsIn(q: QuestRow, language: string | undefined) {
  const t = language ? q.translations[language] : undefined;
  return t?.name
    ? { name: t.name, description: t.description }
    : { name: q.name, description: q.description };
}

async function languageOf(db: Db, playerId: bigint): Promise<string | undefined> {
  return (await noticeRecipient(db, playerId))?.language;
}

async function questView(
  db: Db,
  language: string | undefined,
  q: QuestRow,
  tasks: TaskRow[],
  state: number,
  currency: string,
  pq: PlayerQuestRow | undefined,
  progress: Map<string, ProgressRow>,
): Promise<Quest> {
  const names = await collectionNames(db, tasks);
  return {
    id: String(q.id),
    ...textsIn(q, language),
    state,
    tasks: tasks.map((t) => taskView(t, currency, state, pq && progress.get(`${pq.id}:${t.id}`), names)),
    rewards: await rewardsView(db, q, currency, pq),
    currency,
    availableUntil: q.endsAt?.toISOString() ?? null,
    durationHours: q.durationHours,
    activatedAt: pq?.activatedAt.toISOString() ?? null,
    expiresAt: pq?.expiresAt?.toISOString() ?? null,
    completedAt: pq?.completedAt?.toISOString() ?? null,
  };
}

/** The currency a player's amounts count in when they name none: their current account's (else USD). */
async function defaultCurrency(db: Db, playerId: bigint): Promise<string> {
  const accounts = await listAccounts(db, playerId);
  return (accounts.find((a) => a.isCurrent) ?? accounts[0])?.currency ?? "USD";
}

/** GET /api/retention/quests?state[]&currency: offered, running and finished quests of the player. */
export async function listQuests(
  deps: Pick<QuestDeps, "db" | "clock">,
  playerId: bigint,
  query: { states: number[]; currency?: string },
): Promise<Quest[]> {
  const { db } = deps;
  const now = deps.clock.now();
  const currency = query.currency ?? (await defaultCurrency(db, playerId));
  const defs = await db.select().from(quests).orderBy(asc(quests.sortOrder), asc(quests.id));
  const mine = await db.select().from(playerQuests).where(eq(playerQuests.playerId, playerId));
  const byQuest = new Map(mine.map((pq) => [pq.questId, pq]));
  const tasks = await tasksOf(
    db,
    defs.map((d) => d.id),
  );
  const progress = await progressOf(
    db,
    mine.map((m) => m.id),
  );
  const language = await languageOf(db, playerId);
  const out: Quest[] = [];
  for (const q of defs) {
    const pq = byQuest.get(q.id);
    const state = stateOf(q, pq, now);
    if (state === undefined || (query.states.length > 0 && !query.states.includes(state))) continue;
    out.push(
      await questView(db, language, q, tasks.get(q.id) ?? [], state, pq?.currency ?? currency, pq, progress),
    );
  }
  return out;
}

async function playerQuestView(db: Db, pq: PlayerQuestRow): Promise<Quest> {
  const [q] = await db.select().from(quests).where(eq(quests.id, pq.questId));
  const tasks = (await tasksOf(db, [pq.questId])).get(pq.questId) ?? [];
  return questView(
    db,
    await languageOf(db, pq.playerId),
    q!,
    tasks,
    pq.state,
    pq.currency,
    pq,
    await progressOf(db, [pq.id]),
  );
}

async function announceQuest(tx: Db, send: Send, pq: PlayerQuestRow): Promise<Quest> {
  const view = await playerQuestView(tx, pq);
  send(playerChannel("quests", pq.playerId), { event: REALTIME_EVENTS.questUpdated, data: view });
  return view;
}

const notAvailable = (why: string) => new ApiError(409, "quest_not_available", why);

/** PUT /api/retention/quests/{id}/activate: starts an offered quest, in `currency` (default: the current account's). */
export async function activateQuest(
  deps: QuestDeps,
  playerId: bigint,
  questId: string,
  currency?: string,
): Promise<Quest> {
  const id = Number(questId);
  if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound("No such quest");
  const now = deps.clock.now();
  const [q] = await deps.db.select().from(quests).where(eq(quests.id, id));
  if (!q || stateOf(q, undefined, now) === undefined) throw ApiError.notFound("No such quest");
  if (stateOf(q, undefined, now) !== QUEST_STATE.new) throw notAvailable("This quest is no longer offered");
  const cur = currency ?? (await defaultCurrency(deps.db, playerId));
  if (!(await accountInCurrency(deps.db, playerId, cur)))
    throw new ApiError(422, "validation_error", "Open an account in this currency first", {
      currency: ["No account in this currency"],
    });
  const byDuration = q.durationHours === null ? null : new Date(now.getTime() + q.durationHours * HOUR_MS);
  const expiresAt =
    byDuration && q.endsAt ? (byDuration < q.endsAt ? byDuration : q.endsAt) : (byDuration ?? q.endsAt);
  return afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const [pq] = await tx
        .insert(playerQuests)
        .values({
          playerId,
          questId: id,
          currency: cur,
          state: QUEST_STATE.inProgress,
          activatedAt: now,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!pq) throw notAvailable("This quest was already activated");
      const tasks = (await tasksOf(tx, [id])).get(id) ?? [];
      if (tasks.length > 0)
        await tx
          .insert(playerQuestTasks)
          .values(tasks.map((task) => ({ playerQuestId: pq.id, taskId: task.id, updatedAt: now })));
      return announceQuest(tx, send, pq);
    }),
  );
}

/** PUT /api/retention/quests/{id}/cancel: gives up a running quest; it ends (6) and cannot be taken again. */
export async function cancelQuest(deps: QuestDeps, playerId: bigint, questId: string): Promise<Quest> {
  const id = Number(questId);
  if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound("No such quest");
  const now = deps.clock.now();
  return afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const [pq] = await tx
        .update(playerQuests)
        .set({ state: QUEST_STATE.expiredAfterStart, endedAt: now, updatedAt: now })
        .where(
          and(
            eq(playerQuests.playerId, playerId),
            eq(playerQuests.questId, id),
            eq(playerQuests.state, QUEST_STATE.inProgress),
          ),
        )
        .returning();
      if (!pq) {
        const [q] = await tx.select({ id: quests.id }).from(quests).where(eq(quests.id, id));
        if (!q) throw ApiError.notFound("No such quest");
        throw notAvailable("Only a quest in progress can be cancelled");
      }
      return announceQuest(tx, send, pq);
    }),
  );
}

/**
 * Completes a quest whose tasks are all done, once: the conditional update from 2 picks the one caller that
 * grants the rewards (each bonus also issues once per its source key).
 */
async function completeQuest(
  tx: Db,
  send: Send,
  now: Date,
  pq: PlayerQuestRow,
): Promise<PlayerQuestRow | undefined> {
  const [done] = await tx
    .update(playerQuests)
    .set({ state: QUEST_STATE.completed, completedAt: now, updatedAt: now })
    .where(and(eq(playerQuests.id, pq.id), eq(playerQuests.state, QUEST_STATE.inProgress)))
    .returning();
  if (!done) return undefined;
  const [q] = await tx.select().from(quests).where(eq(quests.id, pq.questId));
  const issued: bigint[] = [];
  for (const [i, r] of (q?.rewards ?? []).entries()) {
    const reward = {
      playerId: pq.playerId,
      bonusIdentity: r.bonusIdentity,
      currency: pq.currency,
      sourceRef: rewardRef(pq, i),
    };
    if (r.kind === "freespins") {
      await issueRewardFreespins(tx, send, now, reward);
      continue;
    }
    const bonusId = await issueRewardBonus(tx, send, now, reward);
    if (bonusId !== undefined) issued.push(bonusId);
  }
  const [rewarded] = await tx
    .update(playerQuests)
    .set({ rewardBonusIds: issued })
    .where(eq(playerQuests.id, pq.id))
    .returning();
  return rewarded;
}

/** A player's quest is running at `now`: in progress, activated and not expired (a condition on player_quests). */
const runningAt = (now: Date) =>
  sql`(${playerQuests.state} = ${QUEST_STATE.inProgress} and ${playerQuests.activatedAt} <= ${now.toISOString()}::timestamptz
    and (${playerQuests.expiresAt} is null or ${playerQuests.expiresAt} > ${now.toISOString()}::timestamptz))`;

/**
 * Which of `playerIds` have a quest running at `now`: a batch of facts reads it once and moves quests only for
 * those (issue 38: most settled bets belong to players with no quest running, and each cost a statement).
 */
export async function playersWithRunningQuests(tx: Db, playerIds: bigint[], now: Date): Promise<Set<number>> {
  if (playerIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ playerId: playerQuests.playerId })
    .from(playerQuests)
    .where(and(inArray(playerQuests.playerId, playerIds), runningAt(now)));
  return new Set(rows.map((r) => Number(r.playerId)));
}

/**
 * Applies one fact to the player's running quests inside the caller's transaction (the facts consumer's), as of
 * `now`, the moment the fact happened (a quest activated after it, or ended before it, does not count it):
 * moves the tasks it counts for, announces each moved task, and completes a quest whose tasks are all done.
 * Answers the quests it completed.
 */
export async function applyQuestFact(
  tx: Db,
  send: Send,
  now: Date,
  playerId: bigint,
  fact: QuestFact,
): Promise<PlayerQuestRow[]> {
  // Locked in id order, so two facts of one player moving the same quests wait for each other, never deadlock.
  const running = (
    await rowsOf<{ id: string }>(
      tx,
      sql`
      select id from ${playerQuests}
      where player_id = ${playerId} and ${runningAt(now)}
      order by id for update`,
    )
  ).map((r) => BigInt(r.id));
  if (running.length === 0) return [];
  const mine = await tx.select().from(playerQuests).where(inArray(playerQuests.id, running));
  const tasks = await tasksOf(
    tx,
    mine.map((m) => m.questId),
  );
  const progress = await progressOf(tx, running);
  const collections =
    fact.kind === "bet.settled" && fact.data.gameId !== undefined
      ? await collectionIdsOfGame(tx, fact.data.gameId)
      : [];
  const completed: PlayerQuestRow[] = [];
  for (const pq of mine) {
    if (pq.state !== QUEST_STATE.inProgress) continue;
    const list = tasks.get(pq.questId) ?? [];
    let allDone = list.length > 0;
    let moved = false;
    for (const t of list) {
      const row = progress.get(`${pq.id}:${t.id}`);
      const rule = ruleOf(t, pq.currency);
      const current: TaskProgress = { progress: dec(row?.progress ?? "0"), days: row?.days ?? [] };
      const next = row?.completedAt
        ? undefined
        : progressAfter(rule, current, fact, { questCurrency: pq.currency, gameCollectionIds: collections });
      if (next) {
        const [updated] = await tx
          .insert(playerQuestTasks)
          .values({
            playerQuestId: pq.id,
            taskId: t.id,
            progress: next.progress,
            days: next.days,
            completedAt: isDone(rule, next) ? now : null,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [playerQuestTasks.playerQuestId, playerQuestTasks.taskId],
            set: {
              progress: next.progress,
              days: next.days,
              completedAt: isDone(rule, next) ? now : null,
              updatedAt: now,
            },
          })
          .returning();
        progress.set(`${pq.id}:${t.id}`, updated!);
        moved = true;
        const names = await collectionNames(tx, [t]);
        send(playerChannel("quests", pq.playerId), {
          event: REALTIME_EVENTS.questTaskUpdated,
          data: taskView(t, pq.currency, pq.state, updated, names),
        });
      }
      if (!progress.get(`${pq.id}:${t.id}`)?.completedAt) allDone = false;
    }
    if (!moved) continue;
    if (allDone) {
      const done = await completeQuest(tx, send, now, pq);
      if (done) {
        completed.push(done);
        await announceQuest(tx, send, done);
      }
    } else {
      await announceQuest(tx, send, pq);
    }
  }
  return completed;
}

/** The job: running quests whose time is up end (6), and the player hears of it. Answers how many ended. */
export async function expireQuests(deps: QuestDeps): Promise<number> {
  const now = deps.clock.now();
  return afterCommit(deps.publisher, (send) =>
    deps.db.transaction(async (tx) => {
      const ended = await tx
        .update(playerQuests)
        .set({ state: QUEST_STATE.expiredAfterStart, endedAt: now, updatedAt: now })
        .where(and(eq(playerQuests.state, QUEST_STATE.inProgress), lte(playerQuests.expiresAt, now)))
        .returning();
      for (const pq of ended) await announceQuest(tx, send, pq);
      return ended.length;
    }),
  );
}
