import { sql } from "drizzle-orm";
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, timestamptz } from "../../db/columns";
import { playerIdColumn } from "../player/tables";

/**
 * The domain facts (decision 0014): one row per thing that happened, written in the transaction of the change.
 * `pending` until every consumer interested in its kind has handled it; the relay reads only pending rows.
 */
export const domainFacts = pgTable(
  "domain_facts",
  {
    id: bigintIdentity(),
    key: text("key").notNull().unique(),
    kind: text("kind").notNull(),
    playerId: playerIdColumn({ onDelete: "cascade" }),
    occurredAt: timestamptz("occurred_at").notNull(),
    data: jsonb("data").notNull(),
    pending: boolean("pending").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("domain_facts_pending_idx").on(t.id).where(sql`${t.pending}`),
    index("domain_facts_player_idx").on(t.playerId, t.id),
  ],
);

/** Which consumer handled which fact: inserted in the consumer's own transaction, so a fact counts once. */
export const factConsumptions = pgTable(
  "fact_consumptions",
  {
    consumer: text("consumer").notNull(),
    factId: bigint("fact_id", { mode: "bigint" })
      .notNull()
      .references(() => domainFacts.id, { onDelete: "cascade" }),
    handledAt: timestamptz("handled_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.factId] })],
);
