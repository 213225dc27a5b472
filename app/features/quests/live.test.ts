import { describe, expect, it } from "vitest";
import type { Quest, QuestTask } from "#common/api/quests";
import { applyQuest, applyTask, percentDone, stateChange } from "./live";

const task = (id: string, progress = "0"): QuestTask => ({
  id,
  questId: "1",
  type: "bet",
  isActive: true,
  isCompleted: false,
  progress,
  quantity: "3",
  currency: null,
  minMultiplier: null,
  games: null,
});
const quest = (id: string, state: number, tasks: QuestTask[] = []): Quest => ({
  id,
  name: `Quest ${id}`,
  description: "",
  state,
  tasks,
  rewards: [],
  currency: "USD",
  availableUntil: null,
  durationHours: 24,
  activatedAt: null,
  expiresAt: null,
  completedAt: null,
});

describe("quests live (spec point 4)", () => {
  it("a published task moves only its own quest's task", () => {
    const list = [quest("1", 2, [task("10"), task("11")]), quest("2", 1)];
    const next = applyTask(list, task("11", "2"));
    expect(next[0]!.tasks.map((t) => t.progress)).toEqual(["0", "2"]);
    expect(next[1]).toBe(list[1]);
  });

  it("a published quest replaces its old self or joins the list", () => {
    const list = [quest("1", 1)];
    expect(applyQuest(list, quest("1", 2)).map((q) => q.state)).toEqual([2]);
    expect(applyQuest(list, quest("2", 2)).map((q) => q.id)).toEqual(["1", "2"]);
  });

  it("alerts on every change of state but completion, which shows the rewards", () => {
    expect(stateChange(1, quest("1", 2))).toBe("alert");
    expect(stateChange(2, quest("1", 6))).toBe("alert");
    expect(stateChange(2, quest("1", 3))).toBe("rewards");
    expect(stateChange(2, quest("1", 2))).toBeUndefined();
  });

  it("a task's bar never passes 100%", () => {
    expect(percentDone({ progress: "2", quantity: "3" })).toBe(66);
    expect(percentDone({ progress: "5", quantity: "3" })).toBe(100);
  });
});
