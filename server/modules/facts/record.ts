import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { DomainFact } from "./kinds";
import { domainFacts } from "./tables";

let recorded = 0;

/** How many facts this process has recorded: the relay compares it to know there may be new ones. */
export const recordedCount = () => recorded;

/** A fact written by a caller's own statement (`betSettledIn`): the relay is told there may be a new one. */
export function countRecorded(): void {
  recorded++;
}

/**
 * Records a fact inside the transaction of the change that caused it (the transactional outbox): it exists
 * exactly when the change committed. A key already recorded is ignored, so a repeated call changes nothing.
 */
export async function recordFact(tx: Db, fact: DomainFact): Promise<void> {
  await tx
    .insert(domainFacts)
    .values({
      key: fact.key,
      kind: fact.kind,
      playerId: BigInt(fact.playerId),
      occurredAt: fact.occurredAt,
      data: fact.data,
    })
    .onConflictDoNothing({ target: domainFacts.key });
  recorded++;
}

/**
 * Records many facts in one statement (issue 38: a settlement of thousands of bets), as `recordFact` each. The
 * rows go as one JSON parameter, so the statement's text (its prepared name) is one whatever their count.
 */
export async function recordFacts(tx: Db, facts: DomainFact[]): Promise<void> {
  if (facts.length === 0) return;
  const rows = facts.map((f) => ({
    key: f.key,
    kind: f.kind,
    player_id: String(f.playerId),
    occurred_at: f.occurredAt.toISOString(),
    data: f.data,
  }));
  await tx.execute(sql`
    insert into ${domainFacts} (key, kind, player_id, occurred_at, data)
    select key, kind, player_id, occurred_at, data
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as f(key text, kind text, player_id bigint, occurred_at timestamptz, data jsonb)
    on conflict (key) do nothing`);
  recorded += facts.length;
}
