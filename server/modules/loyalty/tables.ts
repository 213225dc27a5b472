import { bigint, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { LoyaltyRewards } from "#common/api/loyalty";
import { createdAt, money, numberIdentity, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn } from "../player/tables";

/** The loyalty levels (decision 0014): reached at `points`, in `order`, each giving its rewards once. */
export const loyaltyLevels = pgTable("loyalty_levels", {
  id: numberIdentity(),
  /** 1 for the first level; also the seed's natural key. */
  order: integer("order").notNull().unique(),
  name: text("name").notNull(),
  points: money("points").notNull(),
  rewards: jsonb("rewards").$type<LoyaltyRewards>().notNull(),
});

/** A player's points and the highest level reached; the row is the lock two settlements queue on. */
export const loyaltyAccounts = pgTable("loyalty_accounts", {
  playerId: playerIdColumn({ onDelete: "cascade" }).primaryKey(),
  points: money("points").notNull().default("0"),
  /** The order of the highest level reached; 0 before the first. */
  levelOrder: integer("level_order").notNull().default(0),
  updatedAt: updatedAt(),
});

/** Each level a player reached, once: the key that makes its rewards and its `level.reached` fact single. */
export const loyaltyLevelsReached = pgTable(
  "loyalty_levels_reached",
  {
    playerId: playerIdColumn({ onDelete: "cascade" }),
    levelId: bigint("level_id", { mode: "number" })
      .notNull()
      .references(() => loyaltyLevels.id),
    /** What was granted: the player bonus's id, the points. */
    granted: jsonb("granted").$type<{ playerBonusId?: string; points?: string }>().notNull(),
    reachedAt: timestamptz("reached_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.levelId] })],
);
