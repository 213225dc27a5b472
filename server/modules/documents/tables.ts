import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, timestamptz, updatedAt } from "../../db/columns";
import { playerIdColumn, players } from "../player/tables";

/**
 * A document a player uploaded for review (spec point 7). The file itself sits in the storage port under
 * `storageKey`, a name the server made; `name` is the original file name, cleaned, for display only.
 * Status is `player.document.status`: 1 pending, 2 approved, 3 declined.
 */
export const playerDocuments = pgTable(
  "player_documents",
  {
    id: bigintIdentity(),
    playerId: playerIdColumn(),
    /** id, proof_of_address, payment_proof */
    type: text("type").notNull(),
    status: smallint("status").notNull().default(1),
    name: text("name").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    /** Decided from the file's bytes. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
    reviewedAt: timestamptz("reviewed_at"),
    reason: text("reason"),
  },
  (t) => [
    check("player_documents_status_known", sql`${t.status} in (1, 2, 3)`),
    check("player_documents_type_known", sql`${t.type} in ('id', 'proof_of_address', 'payment_proof')`),
    index("player_documents_player_created").on(t.playerId, t.createdAt),
  ],
);

/**
 * Where a player's identity verification stands, as the verification service last reported it (its review
 * webhook). No row means unverified.
 */
export const playerVerifications = pgTable(
  "player_verifications",
  {
    playerId: bigint("player_id", { mode: "bigint" })
      .primaryKey()
      .references(() => players.id),
    /** pending, verified, rejected */
    status: text("status").notNull(),
    /** sandbox or sumsub: which service decided. */
    provider: text("provider").notNull(),
    reason: text("reason"),
    /** The provider's time of the event applied; an older event arriving later is ignored. */
    eventAt: timestamptz("event_at").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("player_verifications_status_known", sql`${t.status} in ('pending', 'verified', 'rejected')`),
  ],
);
