import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { QuestTaskType } from "#common/api/quests";
import { bigintIdentity, createdAt, money, numberIdentity, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn } from "../player/tables";

/** What completing a quest gives (decision 0015): a bonus, named by its definition's page identity. */
/** A bonus definition to issue: a fixed bonus, or (`freespins`) a free-spin package's spins. */
export type QuestRewardDefinition = { kind: "bonus" | "freespins"; bonusIdentity: string };

/** The player-facing name and description in other site locales (decision 0027); `name`/`description` are English. */
export type QuestTranslations = Partial<Record<string, { name: string; description: string }>>;

/**
 * A quest an operator offers (decision 0015): offered between `startsAt` and `endsAt`, run for `durationHours`
 * once activated (null: until `endsAt`). The demo set is seeded (seed.ts) by `identity`.
 */
export const quests = pgTable("quests", {
  id: numberIdentity(),
  identity: text("identity").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  translations: jsonb("translations").$type<QuestTranslations>().notNull().default({}),
  startsAt: timestamptz("starts_at"),
  endsAt: timestamptz("ends_at"),
  durationHours: integer("duration_hours"),
  rewards: jsonb("rewards").$type<QuestRewardDefinition[]>().notNull().default([]),
  isEnabled: boolean("is_enabled").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * A task of a quest. `quantity` is a count, or for amount tasks (wager, deposit) the amount in the base currency;
 * `quantityItems` names it per currency where it differs. `collectionIds` and `gameKinds` narrow casino tasks
 * (empty: every game).
 */
export const questTasks = pgTable(
  "quest_tasks",
  {
    id: numberIdentity(),
    questId: bigint("quest_id", { mode: "number" })
      .notNull()
      .references(() => quests.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    type: text("type").$type<QuestTaskType>().notNull(),
    quantity: money("quantity").notNull(),
    quantityItems: jsonb("quantity_items")
      .$type<{ currency: string; amount: string }[]>()
      .notNull()
      .default([]),
    minMultiplier: numeric("min_multiplier", { precision: 12, scale: 2 }),
    collectionIds: bigint("collection_ids", { mode: "number" })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    gameKinds: text("game_kinds").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex("quest_tasks_quest_position").on(t.questId, t.position),
    check("quest_tasks_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * A player's quest, from its activation (decision 0015): state 2 in progress, 3 completed, 6 ended (expired
 * after activation, or cancelled). One per player and quest. `rewardedAt` is set by the one update that moved
 * it to completed, which alone grants the rewards.
 */
export const playerQuests = pgTable(
  "player_quests",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    questId: bigint("quest_id", { mode: "number" })
      .notNull()
      .references(() => quests.id),
    currency: text("currency").notNull(),
    state: smallint("state").notNull(),
    activatedAt: timestamptz("activated_at").notNull(),
    expiresAt: timestamptz("expires_at"),
    completedAt: timestamptz("completed_at"),
    endedAt: timestamptz("ended_at"),
    /** The player bonuses its rewards issued, in reward order. */
    rewardBonusIds: bigint("reward_bonus_ids", { mode: "bigint" })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("player_quests_player_quest").on(t.playerId, t.questId),
    index("player_quests_running").on(t.expiresAt).where(sql`${t.state} = 2`),
  ],
);

/** Progress of one task of a player's quest; `days` holds the distinct login days a login-days task saw. */
export const playerQuestTasks = pgTable(
  "player_quest_tasks",
  {
    id: bigintIdentity(),
    playerQuestId: bigint("player_quest_id", { mode: "bigint" })
      .notNull()
      .references(() => playerQuests.id, { onDelete: "cascade" }),
    taskId: bigint("task_id", { mode: "number" })
      .notNull()
      .references(() => questTasks.id),
    progress: money("progress").notNull().default("0"),
    days: text("days").array().notNull().default(sql`'{}'::text[]`),
    completedAt: timestamptz("completed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("player_quest_tasks_quest_task").on(t.playerQuestId, t.taskId)],
);
