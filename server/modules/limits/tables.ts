import { sql } from "drizzle-orm";
import { boolean, index, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, money, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn } from "../player/tables";
import { currencies } from "../settings/tables";

/**
 * A player's responsible-gambling limit (spec point 3: id, definition, period, amount, currency). Money limits
 * (1 bet, 2 loss, 3 deposit) hold an amount per period in one currency; exclusions (4 self-exclusion, 5
 * cooling-off) a period from `startsAt` to `endsAt`. A change that protects less waits in the pending columns
 * until `pendingEffectiveAt` (decision 0011); `endedAt` marks a limit removed or an exclusion over.
 */
export const playerLimits = pgTable(
  "player_limits",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    definition: smallint("definition").notNull(),
    period: text("period").notNull(),
    amount: money("amount"),
    currency: text("currency").references(() => currencies.code),
    startsAt: timestamptz("starts_at").notNull().defaultNow(),
    endsAt: timestamptz("ends_at"),
    pendingAmount: money("pending_amount"),
    pendingPeriod: text("pending_period"),
    pendingDelete: boolean("pending_delete").notNull().default(false),
    pendingEffectiveAt: timestamptz("pending_effective_at"),
    endedAt: timestamptz("ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live money limit per definition, period and currency: a daily and a weekly deposit limit may stand together.
    uniqueIndex("player_limits_one_live")
      .on(t.playerId, t.definition, t.period, t.currency)
      .where(sql`${t.endedAt} is null and ${t.definition} in (1, 2, 3)`),
    index("player_limits_player").on(t.playerId).where(sql`${t.endedAt} is null`),
    index("player_limits_pending")
      .on(t.pendingEffectiveAt)
      .where(sql`${t.pendingEffectiveAt} is not null and ${t.endedAt} is null`),
  ],
);
