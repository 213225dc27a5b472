import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { AdminQuest, AdminQuestChangeBody, AdminQuestCreateBody } from "#common/api/admin-retention";
import { adminQuestChangeBody, adminQuestCreateBody } from "#common/api/admin-retention";
import { QUEST_STATE } from "#common/constants";
import { normalizeAmount } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { definitionByIdentity } from "../bonus";
import { collectionsByIds } from "../game";
import { type AuditActor, audited } from "../staff";
import { playerQuests, playerQuestTasks, type QuestRewardDefinition, quests, questTasks } from "./tables";

/**
 * Quests as marketing staff edit them (decision 0027). The rule that keeps players' progress true: a quest's
 * goal (its tasks) cannot change while any player has it running — 409, naming `tasks`; staff switch it off,
 * or wait for the running ones to end, or offer a new quest. Everything else (names, texts, window, duration,
 * rewards, on/off) may change at any time and applies from the next read: a running quest keeps the end it was
 * given at activation; its rewards are those listed when it completes.
 */

type QuestRow = typeof quests.$inferSelect;
type TaskRow = typeof questTasks.$inferSelect;

const dec = (v: string) => normalizeAmount(v) ?? v;
const invalid = (field: string, message: string) =>
  new ApiError(422, "validation_error", message, { [field]: [message] });

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

async function countsOf(db: Db, ids: number[]) {
  const out = new Map<number, { running: number; completed: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      questId: playerQuests.questId,
      running: sql<number>`count(*) filter (where ${playerQuests.state} = ${QUEST_STATE.inProgress})::int`,
      completed: sql<number>`count(*) filter (where ${playerQuests.state} = ${QUEST_STATE.completed})::int`,
    })
    .from(playerQuests)
    .where(inArray(playerQuests.questId, ids))
    .groupBy(playerQuests.questId);
  for (const r of rows) out.set(r.questId, { running: r.running, completed: r.completed });
  return out;
}

async function views(db: Db, rows: QuestRow[]): Promise<AdminQuest[]> {
  const ids = rows.map((q) => q.id);
  const tasks = ids.length
    ? await db
        .select()
        .from(questTasks)
        .where(inArray(questTasks.questId, ids))
        .orderBy(asc(questTasks.position))
    : [];
  const counts = await countsOf(db, ids);
  const names = new Map<string, string | null>();
  for (const identity of new Set(rows.flatMap((q) => q.rewards.map((r) => r.bonusIdentity))))
    names.set(identity, (await definitionByIdentity(db, identity))?.name ?? null);
  return rows.map((q) => ({
    id: String(q.id),
    identity: q.identity,
    name: q.name,
    description: q.description,
    translations: Object.fromEntries(
      Object.entries(q.translations).flatMap(([k, v]) => (v ? [[k, v]] : [])),
    ) as AdminQuest["translations"],
    startsAt: q.startsAt?.toISOString() ?? null,
    endsAt: q.endsAt?.toISOString() ?? null,
    durationHours: q.durationHours,
    rewards: q.rewards.map((r) => ({ ...r, name: names.get(r.bonusIdentity) ?? null })),
    tasks: tasks
      .filter((t) => t.questId === q.id)
      .map((t: TaskRow) => ({
        id: String(t.id),
        type: t.type,
        quantity: dec(t.quantity),
        quantityItems: t.quantityItems.map((i) => ({ currency: i.currency, amount: dec(i.amount) })),
        minMultiplier: t.minMultiplier === null ? null : dec(t.minMultiplier),
        collectionIds: t.collectionIds.map(String),
        gameKinds: t.gameKinds,
      })),
    isEnabled: q.isEnabled,
    sortOrder: q.sortOrder,
    runningCount: counts.get(q.id)?.running ?? 0,
    completedCount: counts.get(q.id)?.completed ?? 0,
  }));
}

/** Every quest, switched-off ones included, in the players' order. */
export async function staffQuests(db: Db): Promise<AdminQuest[]> {
  return views(db, await db.select().from(quests).orderBy(asc(quests.sortOrder), asc(quests.id)));
}

async function staffQuest(db: Db, id: number): Promise<AdminQuest | undefined> {
  return (await views(db, await db.select().from(quests).where(eq(quests.id, id))))[0];
}

/** Each reward names a bonus of its kind: a fixed bonus, or a free-spin package. */
async function checkRewards(db: Db, rewards: QuestRewardDefinition[]) {
  for (const [i, r] of rewards.entries()) {
    const def = await definitionByIdentity(db, r.bonusIdentity);
    const want = r.kind === "freespins" ? "freespins" : "fixed";
    if (!def) throw invalid(`rewards.${i}.bonusIdentity`, `No bonus "${r.bonusIdentity}"`);
    if (def.kind !== want)
      throw invalid(`rewards.${i}.bonusIdentity`, `"${r.bonusIdentity}" is not a ${want} bonus`);
  }
}

type TaskInput = NonNullable<ReturnType<typeof adminQuestCreateBody.parse>["tasks"]>[number];

/** Each task's fields fit its type; its collections exist. */
async function checkTasks(db: Db, tasks: TaskInput[]) {
  const casino = ["bet", "wager", "win-multiplier"];
  const amount = ["wager", "deposit"];
  for (const [i, t] of tasks.entries()) {
    if (t.type === "win-multiplier" && t.minMultiplier === null)
      throw invalid(`tasks.${i}.minMultiplier`, "A win-multiplier task needs the least multiplier");
    if (t.type !== "win-multiplier" && t.minMultiplier !== null)
      throw invalid(`tasks.${i}.minMultiplier`, "Only a win-multiplier task has a multiplier");
    if (!casino.includes(t.type) && (t.collectionIds.length > 0 || t.gameKinds.length > 0))
      throw invalid(`tasks.${i}.collectionIds`, "Only casino tasks are narrowed to games");
    if (!amount.includes(t.type) && t.quantityItems.length > 0)
      throw invalid(`tasks.${i}.quantityItems`, "Only wager and deposit tasks have amounts per currency");
    if (!amount.includes(t.type) && !/^\d+$/.test(t.quantity))
      throw invalid(`tasks.${i}.quantity`, "A count is a whole number");
    const ids = [...new Set(t.collectionIds.map(Number))];
    if (ids.length) {
      const known = await collectionsByIds(db, ids);
      const missing = ids.filter((c) => !known.some((k) => k.id === c));
      if (missing.length)
        throw invalid(`tasks.${i}.collectionIds`, `Unknown collections: ${missing.join(", ")}`);
    }
  }
}

const taskValues = (questId: number, t: TaskInput, position: number) => ({
  questId,
  position,
  type: t.type,
  quantity: t.quantity,
  quantityItems: t.quantityItems,
  minMultiplier: t.minMultiplier,
  collectionIds: [...new Set(t.collectionIds.map(Number))],
  gameKinds: t.gameKinds,
});

/** The audited state of a quest: what staff set, without the counts. */
const state = (q: AdminQuest) => {
  const { runningCount: _r, completedCount: _c, ...rest } = q;
  return { ...rest, rewards: q.rewards.map(({ kind, bonusIdentity }) => ({ kind, bonusIdentity })) };
};

export async function createQuest(
  db: Db,
  actor: AuditActor,
  input: AdminQuestCreateBody,
): Promise<AdminQuest> {
  const body = adminQuestCreateBody.parse(input);
  await checkRewards(db, body.rewards);
  await checkTasks(db, body.tasks);
  try {
    return await audited(
      db,
      actor,
      { action: "retention.quest.create", targetType: "quest", targetId: null },
      async (tx) => {
        const [row] = await tx
          .insert(quests)
          .values({
            identity: body.identity,
            name: body.name,
            description: body.description,
            translations: body.translations,
            startsAt: body.startsAt ? new Date(body.startsAt) : null,
            endsAt: body.endsAt ? new Date(body.endsAt) : null,
            durationHours: body.durationHours,
            rewards: body.rewards,
            isEnabled: body.isEnabled,
            sortOrder: body.sortOrder,
          })
          .returning();
        await tx.insert(questTasks).values(body.tasks.map((t, i) => taskValues(row!.id, t, i)));
        const after = (await staffQuest(tx, row!.id))!;
        return { before: null, after: state(after), result: after };
      },
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ApiError(409, "identity_taken", "A quest with this identity exists", {
        identity: ["Already taken"],
      });
    throw err;
  }
}

/**
 * Changes a quest. The quest row is locked first: an activation (its insert holds a key-share lock on the quest)
 * either waits for this change, and then copies the new tasks, or commits first and is counted as running here.
 */
export async function changeQuest(
  db: Db,
  actor: AuditActor,
  id: string,
  input: AdminQuestChangeBody,
): Promise<AdminQuest> {
  const body = adminQuestChangeBody.parse(input);
  const questId = /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  if (body.rewards) await checkRewards(db, body.rewards);
  if (body.tasks) await checkTasks(db, body.tasks);
  return audited(
    db,
    actor,
    { action: "retention.quest.change", targetType: "quest", targetId: id },
    async (tx) => {
      const [locked] =
        questId === undefined
          ? []
          : await tx.select().from(quests).where(eq(quests.id, questId)).for("update");
      if (!locked || questId === undefined) throw ApiError.notFound("No such quest");
      const before = (await staffQuest(tx, questId))!;
      const dateOf = (v: string | null | undefined, had: Date | null) =>
        v === undefined ? had : v === null ? null : new Date(v);
      const startsAt = dateOf(body.startsAt, locked.startsAt);
      const endsAt = dateOf(body.endsAt, locked.endsAt);
      if (startsAt && endsAt && startsAt >= endsAt) throw invalid("endsAt", "Must be after the start");
      if (body.tasks) {
        const [running] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(playerQuests)
          .where(and(eq(playerQuests.questId, questId), eq(playerQuests.state, QUEST_STATE.inProgress)));
        if ((running?.n ?? 0) > 0)
          throw new ApiError(
            409,
            "quest_running",
            `${running!.n} players have this quest running: its tasks cannot change until they end`,
            { tasks: ["Players have this quest running; switch it off and offer a new quest instead"] },
          );
        // Tasks keep their ids by position, so finished players' history still points at them; a removed
        // position takes its (finished) progress rows with it.
        for (const [position, t] of body.tasks.entries())
          await tx
            .insert(questTasks)
            .values(taskValues(questId, t, position))
            .onConflictDoUpdate({
              target: [questTasks.questId, questTasks.position],
              set: {
                type: t.type,
                quantity: t.quantity,
                quantityItems: t.quantityItems,
                minMultiplier: t.minMultiplier,
                collectionIds: [...new Set(t.collectionIds.map(Number))],
                gameKinds: t.gameKinds,
              },
            });
        const removed = await tx
          .select({ id: questTasks.id })
          .from(questTasks)
          .where(and(eq(questTasks.questId, questId), gte(questTasks.position, body.tasks.length)));
        if (removed.length) {
          const ids = removed.map((r) => r.id);
          await tx.delete(playerQuestTasks).where(inArray(playerQuestTasks.taskId, ids));
          await tx.delete(questTasks).where(inArray(questTasks.id, ids));
        }
      }
      const set: Partial<typeof quests.$inferInsert> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.description !== undefined) set.description = body.description;
      if (body.translations !== undefined) set.translations = body.translations;
      if (body.startsAt !== undefined) set.startsAt = startsAt;
      if (body.endsAt !== undefined) set.endsAt = endsAt;
      if (body.durationHours !== undefined) set.durationHours = body.durationHours;
      if (body.rewards !== undefined) set.rewards = body.rewards;
      if (body.isEnabled !== undefined) set.isEnabled = body.isEnabled;
      if (body.sortOrder !== undefined) set.sortOrder = body.sortOrder;
      if (Object.keys(set).length) await tx.update(quests).set(set).where(eq(quests.id, questId));
      const after = (await staffQuest(tx, questId))!;
      return { before: state(before), after: state(after), result: after };
    },
  );
}
