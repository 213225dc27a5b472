import { asc, inArray, isNull } from "drizzle-orm";
import type { MessagePublication, PushPublication } from "#common/api/notification";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type NudgedRunner, nudgedRunner } from "../../lib/nudged-runner";
import type { TelegramBot } from "../../providers/telegram-bot";
import type { Publisher } from "../../realtime/publisher";
import { noticeRecipient } from "../player";
import { messageView, pushView, unreadMessages, unreadPushes } from "./inbox";
import { notificationMessages, notificationPushes } from "./tables";
import { sendWebPush } from "./web-push";

export interface DeliveryDeps {
  db: Db;
  config: Config;
  clock: Clock;
  publisher: Publisher;
  /** The messenger's bot; undefined without TELEGRAM_BOT_TOKEN. */
  bot: TelegramBot | undefined;
  log?: { warn(obj: object, msg: string): void };
}

const BATCH = 200;

/**
 * Sends what was written but not sent yet: each new message on `messenger:notifications#{id}`, each new push on
 * `messenger:pushes#{id}` and to the player's devices (Web Push, or the bot for a player from the messenger).
 * Rows are claimed (published_at / delivered_at set) before they go out, with SKIP LOCKED, so two processes never
 * send one twice; a notice is sent at most once — a device that misses it still has it in the lists.
 */
export async function deliverPending(deps: DeliveryDeps): Promise<{ messages: number; pushes: number }> {
  let messages = 0;
  let pushes = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await deps.db
      .update(notificationMessages)
      .set({ publishedAt: now })
      .where(
        inArray(
          notificationMessages.id,
          deps.db
            .select({ id: notificationMessages.id })
            .from(notificationMessages)
            .where(isNull(notificationMessages.publishedAt))
            .orderBy(asc(notificationMessages.id))
            .limit(BATCH)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning();
    claimed.sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const row of claimed) {
      if (row.deletedAt) continue;
      const publication: MessagePublication = {
        message: messageView(row),
        totalUnread: await unreadMessages(deps.db, row.playerId),
      };
      await deps.publisher
        .publish(playerChannel("notifications", row.playerId), {
          event: REALTIME_EVENTS.message,
          data: publication,
        })
        .catch((err) => deps.log?.warn({ err }, "message not published"));
    }
    messages += claimed.length;
    if (claimed.length < BATCH) break;
  }
  for (;;) {
    const now = deps.clock.now();
    const claimed = await deps.db
      .update(notificationPushes)
      .set({ deliveredAt: now })
      .where(
        inArray(
          notificationPushes.id,
          deps.db
            .select({ id: notificationPushes.id })
            .from(notificationPushes)
            .where(isNull(notificationPushes.deliveredAt))
            .orderBy(asc(notificationPushes.id))
            .limit(BATCH)
            .for("update", { skipLocked: true }),
        ),
      )
      .returning();
    claimed.sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const row of claimed) {
      const publication: PushPublication = {
        push: pushView(row),
        totalUnread: await unreadPushes(deps.db, row.playerId),
      };
      await deps.publisher
        .publish(playerChannel("pushes", row.playerId), { event: REALTIME_EVENTS.push, data: publication })
        .catch((err) => deps.log?.warn({ err }, "push not published"));
      await toDevices(deps, row).catch((err) =>
        deps.log?.warn({ err, pushId: String(row.id) }, "push not delivered"),
      );
    }
    pushes += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return { messages, pushes };
}

async function toDevices(deps: DeliveryDeps, row: typeof notificationPushes.$inferSelect): Promise<void> {
  const url = new URL(row.url ?? "/", deps.config.publicUrl).toString();
  await sendWebPush(
    deps.db,
    deps.config,
    row.playerId,
    { id: String(row.id), title: row.title, body: row.body, url },
    deps.clock.now(),
  );
  if (!deps.bot) return;
  const player = await noticeRecipient(deps.db, row.playerId);
  if (player?.tgUserId) await deps.bot.sendMessage(player.tgUserId, `${row.title}\n\n${row.body}`, { url });
}

/**
 * Runs `deliverPending` soon after a nudge, one run at a time (a nudge during a run asks for one more), so a burst
 * of notices is sent in one pass. The delivery job runs it too, for whatever a nudge missed (another process's
 * writes, a transaction still open when the nudge came).
 */
export function deliveryRunner(deps: DeliveryDeps, delayMs = 50) {
  return nudgedRunner(
    () => deliverPending(deps).catch((err) => deps.log?.warn({ err }, "notification delivery failed")),
    delayMs,
  );
}

export type DeliveryRunner = NudgedRunner;
