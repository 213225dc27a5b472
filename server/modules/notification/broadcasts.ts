import { eq } from "drizzle-orm";
import type { BroadcastBody } from "#common/api/notification";
import type { Db } from "../../db/client";
import { playersInSegment } from "../player";
import { type Notice, writeNotices } from "./inbox";
import { notificationBroadcasts } from "./tables";
import { textLocale } from "./texts";

/** The text for a player's language: theirs when the operator wrote it, else English. */
const localized = (texts: Record<string, string>, language: string) =>
  texts[language] ?? texts[textLocale(language)] ?? texts.en!;

/**
 * An operator's service notice to a segment (docs/operations.md): one message and/or push per matching open
 * account, in its language, written in one transaction with the broadcast; the same idempotency key again sends nothing more.
 */
export async function sendBroadcast(
  db: Db,
  b: BroadcastBody,
): Promise<{ id: string; recipients: number; repeated: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(notificationBroadcasts)
      .values({
        idempotencyKey: b.idempotencyKey,
        channel: b.channel,
        segment: b.segment,
        title: b.title,
        body: b.body,
        url: b.url,
        recipients: 0,
      })
      .onConflictDoNothing({ target: notificationBroadcasts.idempotencyKey })
      .returning({ id: notificationBroadcasts.id });
    if (!inserted) {
      const [before] = await tx
        .select()
        .from(notificationBroadcasts)
        .where(eq(notificationBroadcasts.idempotencyKey, b.idempotencyKey));
      return { id: String(before!.id), recipients: before!.recipients, repeated: true };
    }
    const targets = await playersInSegment(tx, b.segment);
    const notices: Notice[] = targets.map((p) => ({
      playerId: p.id,
      sourceKey: `broadcast:${inserted.id}:${p.id}`,
      kind: "operator",
      title: localized(b.title, p.language),
      body: localized(b.body, p.language),
      url: b.url,
      message: b.channel !== "push",
      push: b.channel !== "message",
    }));
    await writeNotices(tx, notices);
    await tx
      .update(notificationBroadcasts)
      .set({ recipients: targets.length })
      .where(eq(notificationBroadcasts.id, inserted.id));
    return { id: String(inserted.id), recipients: targets.length, repeated: false };
  });
}
