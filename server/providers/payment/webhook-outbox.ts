import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { ProcessorEvent } from "./port";
import { sandboxWebhookOutbox } from "./sandbox-tables";
import { SIGNATURE_HEADER, signWebhook } from "./signature";

/** Sends a signed webhook to the casino's endpoint for this processor; resolves only on a 2xx answer. */
export type DeliverWebhook = (
  provider: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<void>;

/** The wait after the first attempt; it doubles after each failed one, up to `MAX_RETRY_MS`. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 10 * 60_000;

/** How long after its `attempt`-th attempt (1, 2 …) a webhook not yet acknowledged is tried again. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 30), MAX_RETRY_MS);

type Row = typeof sandboxWebhookOutbox.$inferSelect;

/**
 * The sandbox processor's outbox (decision 0040). An event is written in the transaction that decides the
 * payment, so an approval never exists without its webhook. The process that wrote it sends it at once; if that
 * fails, or the process dies first, any running process sends it again once it is due, with backoff, until the
 * casino answers 2xx.
 *
 * A row is claimed by moving its `next_attempt_at` on by the backoff, in one statement that skips rows another
 * process holds (`FOR UPDATE SKIP LOCKED`): several processes share the work, and a process that dies
 * mid-attempt leaves the row due again after the backoff. Two sends of one event can still happen (an answer
 * slower than the backoff); the casino's receiver is idempotent, as a real processor's is assumed to be.
 */
export class WebhookOutbox {
  constructor(
    private readonly o: { db: Db; clock: Clock; secret: string; deliver: DeliverWebhook; limit?: number },
  ) {}

  /**
   * Writes `event` in the caller's transaction, claimed for its first attempt by this process (call `send`
   * after the commit). Answers the row's id; undefined when the event was already written.
   */
  async add(tx: Db, provider: string, event: ProcessorEvent): Promise<bigint | undefined> {
    const [row] = await tx
      .insert(sandboxWebhookOutbox)
      .values({
        provider,
        eventId: event.eventId,
        body: JSON.stringify(event),
        attempts: 1,
        nextAttemptAt: new Date(this.o.clock.now().getTime() + retryDelayMs(1)),
      })
      .onConflictDoNothing()
      .returning({ id: sandboxWebhookOutbox.id });
    return row?.id;
  }

  /** The first attempt of a row `add` wrote, after its transaction committed. Never throws: a failure waits. */
  async send(id: bigint): Promise<boolean> {
    const [row] = await this.o.db
      .select()
      .from(sandboxWebhookOutbox)
      .where(and(eq(sandboxWebhookOutbox.id, id), isNull(sandboxWebhookOutbox.deliveredAt)));
    return row ? this.attempt(row) : true;
  }

  /** Claims the webhooks that are due and sends them. Answers how many the casino acknowledged and how many failed. */
  async deliverDue(): Promise<{ delivered: number; failed: number }> {
    const now = this.o.clock.now();
    const due = this.o.db
      .select({ id: sandboxWebhookOutbox.id })
      .from(sandboxWebhookOutbox)
      .where(and(isNull(sandboxWebhookOutbox.deliveredAt), lte(sandboxWebhookOutbox.nextAttemptAt, now)))
      .orderBy(sandboxWebhookOutbox.nextAttemptAt)
      .limit(this.o.limit ?? 50)
      .for("update", { skipLocked: true });
    const claimed = await this.o.db
      .update(sandboxWebhookOutbox)
      .set({
        attempts: sql`${sandboxWebhookOutbox.attempts} + 1`,
        // The backoff after this attempt: FIRST_RETRY_MS doubled per earlier attempt, at most MAX_RETRY_MS.
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + least(${FIRST_RETRY_MS}::float8 * power(2, least(${sandboxWebhookOutbox.attempts}, 30)), ${MAX_RETRY_MS}::float8) * interval '1 millisecond'`,
      })
      .where(inArray(sandboxWebhookOutbox.id, due))
      .returning();
    let delivered = 0;
    for (const row of claimed) if (await this.attempt(row)) delivered++;
    return { delivered, failed: claimed.length - delivered };
  }

  /** One attempt, signed now (a signature is good for minutes, a retry can come hours later). */
  private async attempt(row: Row): Promise<boolean> {
    try {
      await this.o.deliver(row.provider, row.body, {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: signWebhook(this.o.secret, row.body, this.o.clock.now()),
      });
    } catch (err) {
      await this.o.db
        .update(sandboxWebhookOutbox)
        .set({ lastError: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(eq(sandboxWebhookOutbox.id, row.id))
        .catch(() => undefined);
      return false;
    }
    await this.o.db
      .update(sandboxWebhookOutbox)
      .set({ deliveredAt: this.o.clock.now(), lastError: null })
      .where(eq(sandboxWebhookOutbox.id, row.id));
    return true;
  }
}
