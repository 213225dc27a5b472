import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, timestamptz } from "../../db/columns";
import { players } from "../player/tables";
import { staff } from "../staff/tables";

/** A staff member's note on a player, shown on the player's page (never to the player). */
export const playerNotes = pgTable(
  "player_notes",
  {
    id: bigintIdentity(),
    playerId: bigint("player_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staff.id, { onDelete: "restrict" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("player_notes_player").on(t.playerId, t.id)],
);

/**
 * A manual change of a player's real balance by staff (decision 0020): posted through the ledger against the
 * house's manual-adjustment account. When what its staff member moved alone for the player in 24 h, this one
 * included, is above ADMIN_ADJUSTMENT_APPROVAL_ABOVE (base currency) it waits for a second
 * staff member's approval; `entryId` is the ledger entry once applied (exactly once: the status moves from
 * pending only in the transaction that posts it).
 */
export const balanceAdjustments = pgTable(
  "balance_adjustments",
  {
    id: bigintIdentity(),
    playerId: bigint("player_id", { mode: "bigint" })
      .notNull()
      .references(() => players.id, { onDelete: "restrict" }),
    accountId: bigint("account_id", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    /** Signed: positive credits the player, negative debits. */
    amount: text("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "applied", "rejected"] }).notNull(),
    requestedBy: bigint("requested_by", { mode: "number" })
      .notNull()
      .references(() => staff.id, { onDelete: "restrict" }),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => staff.id, { onDelete: "restrict" }),
    entryId: bigint("entry_id", { mode: "bigint" }),
    createdAt: createdAt(),
    decidedAt: timestamptz("decided_at"),
  },
  (t) => [
    index("balance_adjustments_status").on(t.status, t.id),
    index("balance_adjustments_player").on(t.playerId, t.id),
  ],
);
