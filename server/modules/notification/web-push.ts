import { and, eq, inArray } from "drizzle-orm";
// web-push is CommonJS: Node gives ES modules its default export only.
import webPush from "web-push";
import type { PushSubscriptionBody } from "#common/api/notification";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { pushSubscriptions } from "./tables";

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payloads, RFC 8291): `web-push` signs and encrypts,
 * we send the request ourselves so one code path serves the push services (https) and the local one tests run.
 */

/** Whether a subscription's endpoint may be called: https; plain http only to this machine outside production. */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return (
    !production && url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)
  );
}

/** Keeps a device's subscription for the player (a browser re-subscribing with the same endpoint moves it). */
export async function saveSubscription(
  db: Db,
  config: Config,
  playerId: bigint,
  sub: PushSubscriptionBody,
  userAgent: string | null,
): Promise<number> {
  if (!config.webPush) throw new ApiError(404, "not_found", "Browser notifications are not available");
  if (!endpointAllowed(sub.endpoint, config.APP_ENV === "production"))
    throw new ApiError(422, "validation_error", "The push service address is not accepted", {
      endpoint: ["The push service address is not accepted"],
    });
  const row = {
    playerId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    userAgent: userAgent?.slice(0, 512) ?? null,
  };
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
  return devices(db, playerId);
}

/** Forgets one of the player's own devices. */
export async function removeSubscription(db: Db, playerId: bigint, endpoint: string): Promise<number> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint)));
  return devices(db, playerId);
}

export async function devices(db: Db, playerId: bigint): Promise<number> {
  return db.$count(pushSubscriptions, eq(pushSubscriptions.playerId, playerId));
}

/** What a browser's service worker receives (public/sw.js shows it as a notification). */
export interface WebPushPayload {
  id: string;
  title: string;
  body: string;
  url: string;
}

/** Sends one notice to every device of the player; devices the push service says are gone are removed. */
export async function sendWebPush(
  db: Db,
  config: Config,
  playerId: bigint,
  payload: WebPushPayload,
  now: Date,
): Promise<{ sent: number; removed: number; failed: number }> {
  const vapid = config.webPush;
  if (!vapid) return { sent: 0, removed: 0, failed: 0 };
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId));
  const gone: bigint[] = [];
  const delivered: bigint[] = [];
  let failed = 0;
  await Promise.all(
    subs.map(async (s) => {
      if (!endpointAllowed(s.endpoint, config.APP_ENV === "production")) {
        gone.push(s.id);
        return;
      }
      const req = webPush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          // A day: a notice about a deposit is stale after that.
          TTL: 86_400,
          contentEncoding: "aes128gcm",
        },
      );
      try {
        const res = await fetch(req.endpoint, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: new Uint8Array(req.body),
          redirect: "error",
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) gone.push(s.id);
        else if (res.ok) delivered.push(s.id);
        else failed++;
      } catch {
        failed++;
      }
    }),
  );
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (delivered.length > 0)
    await db
      .update(pushSubscriptions)
      .set({ lastDeliveredAt: now })
      .where(inArray(pushSubscriptions.id, delivered));
  return { sent: delivered.length, removed: gone.length, failed };
}
