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
