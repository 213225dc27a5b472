import type { Quest, QuestTask } from "#common/api/quests";
import { QUEST_STATE } from "#common/constants";

/** Spec point 4: 1 and 2 active, 3 completed, 5 and 6 expired. */
export const isActiveState = (state: number) => state === QUEST_STATE.new || state === QUEST_STATE.inProgress;

/** A published quest in the list: it replaces its old self, or joins the list. */
export function applyQuest(list: readonly Quest[], quest: Quest): Quest[] {
  const at = list.findIndex((q) => q.id === quest.id);
  if (at < 0) return [...list, quest];
  const next = [...list];
  next[at] = quest;
  return next;
}

/** A published task in the list: its quest's task is replaced, everything else stays. */
export function applyTask(list: readonly Quest[], task: QuestTask): Quest[] {
  return list.map((q) =>
    q.id !== task.questId ? q : { ...q, tasks: q.tasks.map((t) => (t.id === task.id ? task : t)) },
  );
}

/**
 * What a published quest means to the player given the state last seen (spec point 4): `alert` for a change
 * to any state but completed, `rewards` for a completion, nothing when the state did not change.
 */
export function stateChange(previous: number | undefined, quest: Quest): "alert" | "rewards" | undefined {
  if (previous === quest.state) return undefined;
  return quest.state === QUEST_STATE.completed ? "rewards" : "alert";
}

/** The share of a task done, 0–100, for its bar. */
export function percentDone(task: Pick<QuestTask, "progress" | "quantity">): number {
  const p = Number(task.progress);
  const q = Number(task.quantity);
  if (!(q > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((p / q) * 100)));
}
