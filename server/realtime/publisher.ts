import type { RealtimeEvent } from "#common/realtime";

/** What domain services use to announce a change: `publish(playerChannel("accounts", id), { event, data })`. */
export interface Publisher {
  publish(channel: string, event: RealtimeEvent): Promise<void>;
}

type Announce = (channel: string, event: RealtimeEvent) => void;

/**
 * Runs a unit of work that may announce changes, and sends the announcements only once the work succeeded —
 * wrap the database transaction in it, so a rolled-back change is never announced:
 *
 *   await afterCommit(publisher, (announce) => db.transaction(async (tx) => { ...; announce(ch, ev) }))
 */
export async function afterCommit<T>(
  publisher: Publisher,
  work: (announce: Announce) => Promise<T>,
): Promise<T> {
  const pending: [string, RealtimeEvent][] = [];
  const result = await work((channel, event) => {
    pending.push([channel, event]);
  });
  // A failed announcement must not undo a committed change: the next one carries the current state anyway.
  await Promise.all(
    pending.map(([channel, event]) => publisher.publish(channel, event).catch(() => undefined)),
  );
  return result;
}
