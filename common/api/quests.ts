import { z } from "zod";
import { currencyCode, dataOf, decimalString } from "./shared";

/**
 * Quests (issue #18, spec points 3, 4 and 7, decision 0015). A quest is a set of tasks a player activates and
 * completes for rewards. State is QUEST_STATE (common/constants.ts): 1 offered and not yet activated, 2 activated
 * and in progress (both "active" in the spec's words), 3 completed (rewards granted), 5 expired without being
 * activated, 6 ended after activation (its time ran out, or the player cancelled it). A quest's `id` is the
 * quest's own id: a player has at most one of each. Progress and quantity are decimal strings: a count for
 * counting tasks, an amount in the quest's currency for wager and deposit tasks.
 */

/** What a task counts (decision 0015 explains each). */
export const QUEST_TASK_TYPES = [
  /** Settled casino bets, counted. */
  "bet",
  /** The stake of settled casino bets, summed, in the quest's currency. */
  "wager",
  /** Settled casino bets whose payout is at least `minMultiplier` × the stake, counted. */
  "win-multiplier",
  /** Succeeded deposits, summed, in the quest's currency. */
  "deposit",
  /** Distinct days the player logged in on. */
  "login-days",
  /** Settled sportsbook bets, counted. */
  "sport-bet",
] as const;
export const questTaskType = z.enum(QUEST_TASK_TYPES);
export type QuestTaskType = z.infer<typeof questTaskType>;

/** The games a casino task counts: any of the collections, and only games of these kinds (empty: any). */
export const questGameFilter = z
  .object({
    collections: z.array(z.object({ id: z.string(), identity: z.string(), name: z.string() })),
    /** The lobby's game kinds (slots, tables, live). */
    gameKinds: z.array(z.string()),
  })
  .meta({ id: "QuestGameFilter" });
export type QuestGameFilter = z.infer<typeof questGameFilter>;

/** Spec point 3: id, questId, type, isActive, isCompleted, progress, quantity; ours beside them. */
export const questTask = z
  .object({
    id: z.string(),
    questId: z.string(),
    type: questTaskType,
    /** Counting now: the quest is activated and this task is not yet done. */
    isActive: z.boolean(),
    isCompleted: z.boolean(),
    progress: decimalString,
    quantity: decimalString,
    /** Set for wager and deposit tasks: what `progress` and `quantity` are in. */
    currency: z.string().nullable(),
    /** Win-multiplier tasks: the least payout ÷ stake that counts. */
    minMultiplier: decimalString.nullable(),
    /** Casino tasks: the games counted; null: every game. */
    games: questGameFilter.nullable(),
  })
  .meta({ id: "QuestTask" });
export type QuestTask = z.infer<typeof questTask>;

/** What completing a quest gives: a bonus or free spins (kept a small union: decision 0015). */
export const questReward = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("bonus"),
      /** The bonus's name and what it gives in the quest's currency. */
      name: z.string(),
      amount: decimalString.nullable(),
      currency: z.string().nullable(),
      /** The player bonus it issued, once completed. */
      playerBonusId: z.string().nullable(),
    }),
    z.object({
      kind: z.literal("freespins"),
      /** The package's name; its spins, game and the bet of one spin in the quest's currency (null: none there). */
      name: z.string(),
      count: z.number().int().nullable(),
      gameName: z.string().nullable(),
      amount: decimalString.nullable(),
      currency: z.string().nullable(),
      /** The player's free spins it issued, once completed. */
      playerFreespinId: z.string().nullable(),
    }),
  ])
  .meta({ id: "QuestReward" });
export type QuestReward = z.infer<typeof questReward>;

/** Spec point 3: id, name, state, tasks; ours beside them. */
export const quest = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    state: z.number().int(),
    tasks: z.array(questTask),
    rewards: z.array(questReward),
    /** The currency its amounts are in: the one it was activated in, else the one asked for. */
    currency: z.string(),
    /** Until when it can be activated (null: no end). */
    availableUntil: z.string().nullable(),
    /** How long it runs once activated, in hours (null: until `availableUntil`). */
    durationHours: z.number().int().nullable(),
    activatedAt: z.string().nullable(),
    /** When an activated quest ends if not completed. */
    expiresAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: "Quest" });
export type Quest = z.infer<typeof quest>;

/** A query value given once, several times, comma-separated, or in bracket style (`state[]=1&state[]=2`). */
const queryList = z.preprocess((v) => {
  if (v === undefined || v === "") return undefined;
  const list = (Array.isArray(v) ? v : String(v).split(","))
    .map((s) => String(s).trim())
    .filter(Boolean)
    .slice(0, 10);
  return list.length ? list : undefined;
}, z.array(z.string().max(10)).optional());

/** GET /api/retention/quests?state[]&currency: the player's quests in these states (none: all), in a currency. */
export const questsQuery = z
  .object({ state: queryList, "state[]": queryList, currency: currencyCode.optional() })
  .transform((q) => ({
    states: (q.state ?? q["state[]"] ?? []).map(Number).filter((n) => Number.isInteger(n)),
    currency: q.currency,
  }));
export type QuestsQuery = z.infer<typeof questsQuery>;
export const questsAnswer = dataOf(z.array(quest));
export const questAnswer = dataOf(quest);

/** PUT /api/retention/quests/{id}/activate: the currency its amounts count in (default: the current account's). */
export const activateQuestBody = z.object({ currency: currencyCode.optional() }).passthrough().optional();

/** retention:quests#{profileId} (REALTIME_EVENTS.questUpdated / questTaskUpdated): a Quest, a QuestTask. */
