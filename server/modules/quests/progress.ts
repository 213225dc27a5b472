import type { QuestTaskType } from "#common/api/quests";
import { addAmounts, compareAmounts } from "#common/money";

/**
 * How one fact moves one task (decision 0015), as a pure function: what the quests consumer applies, and what
 * the rule tests check without a database or the facts stream.
 */

/** The facts quests count (the domain-facts stream's shapes, trimmed to what a task reads). */
export type QuestFact =
  | {
      kind: "bet.settled";
      data: {
        source: "casino" | "sportsbook";
        gameId?: number;
        gameKind?: string;
        currency: string;
        stake: string;
        payout: string;
        multiplier: string;
      };
    }
  | { kind: "deposit.succeeded"; data: { currency: string; amount: string } }
  | { kind: "player.logged-in"; data: { day: string } };

export interface TaskRule {
  type: QuestTaskType;
  /** In the quest's currency for amount tasks; a count otherwise. */
  quantity: string;
  minMultiplier: string | null;
  collectionIds: number[];
  gameKinds: string[];
}

export interface TaskProgress {
  progress: string;
  /** Distinct login days seen (login-days tasks). */
  days: string[];
}

/** What the consumer knows about the fact beyond itself: the collections its game is in. */
export interface FactContext {
  questCurrency: string;
  gameCollectionIds: number[];
}

const capped = (value: string, quantity: string) => (compareAmounts(value, quantity) > 0 ? quantity : value);

/** Whether a settled casino bet is on a game the task counts. */
export function countsGame(rule: TaskRule, gameKind: string | undefined, collections: number[]): boolean {
  if (rule.gameKinds.length > 0 && (!gameKind || !rule.gameKinds.includes(gameKind))) return false;
  if (rule.collectionIds.length > 0 && !rule.collectionIds.some((id) => collections.includes(id)))
    return false;
  return true;
}

/** The task's progress after the fact, or undefined when the fact does not count for it. Never past quantity. */
export function progressAfter(
  rule: TaskRule,
  current: TaskProgress,
  fact: QuestFact,
  ctx: FactContext,
): TaskProgress | undefined {
  if (compareAmounts(current.progress, rule.quantity) >= 0) return undefined;
  const add = (by: string): TaskProgress => ({
    ...current,
    progress: capped(addAmounts(current.progress, by), rule.quantity),
  });
  switch (rule.type) {
    case "bet":
    case "wager":
    case "win-multiplier": {
      if (fact.kind !== "bet.settled" || fact.data.source !== "casino") return undefined;
      if (!countsGame(rule, fact.data.gameKind, ctx.gameCollectionIds)) return undefined;
      if (rule.type === "bet") return add("1");
      if (rule.type === "wager") {
        if (fact.data.currency !== ctx.questCurrency || compareAmounts(fact.data.stake, "0") <= 0)
          return undefined;
        return add(fact.data.stake);
      }
      const least = rule.minMultiplier ?? "0";
      const won =
        compareAmounts(fact.data.payout, "0") > 0 && compareAmounts(fact.data.multiplier, least) >= 0;
      return won ? add("1") : undefined;
    }
    case "sport-bet":
      if (fact.kind !== "bet.settled" || fact.data.source !== "sportsbook") return undefined;
      return add("1");
    case "deposit":
      if (fact.kind !== "deposit.succeeded" || fact.data.currency !== ctx.questCurrency) return undefined;
      return add(fact.data.amount);
    case "login-days": {
      if (fact.kind !== "player.logged-in" || current.days.includes(fact.data.day)) return undefined;
      const days = [...current.days, fact.data.day];
      return { days, progress: capped(String(days.length), rule.quantity) };
    }
  }
}

export const isDone = (rule: TaskRule, p: TaskProgress) => compareAmounts(p.progress, rule.quantity) >= 0;
