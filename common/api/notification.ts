import { z } from "zod";
import { NOTIFICATION_LIMITS } from "../constants";
import { pageMeta, pagingQuery } from "./paging";

/**
 * Messages and pushes (issue #18 part 3, spec points 3, 7, 8 and 9; decision 0016). A message is what the system
 * or an operator tells a player inside the site (the header bell); a push is a short notice also delivered outside
 * the page: to the browser's notifications by Web Push, or by the bot in the messenger. Both have state 1 unread,
 * 2 read (NOTIFICATION_STATE); every list answers the paged meta plus `totalUnread`.
 */

export const notificationState = z.union([z.literal(1), z.literal(2)]);

/** Spec point 3: id, readAt, state, content.title; with the body and where it leads. */
export const notificationMessage = z
  .object({
    id: z.string(),
    readAt: z.string().nullable(),
    state: notificationState,
    /** What it is about: a fact kind (`deposit.succeeded`, …) or `operator` for an operator's message. */
    kind: z.string(),
    content: z.object({
      title: z.string(),
      body: z.string(),
      /** A path of this site the message leads to (`/wallet/history`), or null. */
      url: z.string().nullable(),
    }),
    createdAt: z.string(),
  })
  .meta({ id: "NotificationMessage" });
export type NotificationMessage = z.infer<typeof notificationMessage>;

export const pushNotification = z
  .object({
    id: z.string(),
    readAt: z.string().nullable(),
    state: notificationState,
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    url: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PushNotification" });
export type PushNotification = z.infer<typeof pushNotification>;

/** Spec point 3's push list meta, also on the messages list. */
export const notificationMeta = pageMeta
  .extend({ totalUnread: z.number().int() })
  .meta({ id: "NotificationMeta" });
export type NotificationMeta = z.infer<typeof notificationMeta>;

export const messagesQuery = pagingQuery({ perPage: 20, maxPerPage: 100 });
export const pushesQuery = pagingQuery({ perPage: NOTIFICATION_LIMITS.pushPageSize, maxPerPage: 100 });
export const messagesAnswer = z.object({ data: z.array(notificationMessage), meta: notificationMeta });
export type MessagesAnswer = z.infer<typeof messagesAnswer>;
export const pushesAnswer = z.object({ data: z.array(pushNotification), meta: notificationMeta });
export type PushesAnswer = z.infer<typeof pushesAnswer>;

const ids = z
  .array(
    z
      .string()
      .max(19)
      .regex(/^\d{1,19}$/, "not an id"),
  )
  .min(1)
  .max(100);
export const messageIdsBody = z.object({ messageIds: ids });
export const pushIdsBody = z.object({ pushIds: ids });
/** What read, read-all and delete answer: how many rows changed and the unread count now. */
export const notificationChangeAnswer = z.object({
  data: z.object({ changed: z.number().int(), totalUnread: z.number().int() }),
});

/** The key a browser subscribes with (null when Web Push is not configured). */
export const webPushKeyAnswer = z.object({ data: z.object({ publicKey: z.string().nullable() }) });

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushSubscriptionDeleteBody = z.object({ endpoint: z.string().max(2000) });
export const pushSubscriptionsAnswer = z.object({
  data: z.object({ subscribed: z.boolean(), devices: z.number().int() }),
});

/** Texts by locale; `en` is required and stands in for a locale not given. */
export const localizedText = z
  .object({ en: z.string().min(1).max(500) })
  .catchall(z.string().min(1).max(500));

/**
 * An operator's service notice to a segment (POST /api/notification/operator/broadcasts, docs/operations.md).
 * Open accounts match when they satisfy every filter given; an empty segment is every open account.
 */
export const broadcastBody = z.object({
  /** `message`: the bell; `push`: the push list and the player's devices; `both`. */
  channel: z.enum(["message", "push", "both"]),
  segment: z
    .object({
      playerIds: z
        .array(
          z
            .string()
            .max(19)
            .regex(/^\d{1,19}$/),
        )
        .max(10_000)
        .optional(),
      countries: z.array(z.string().length(2)).max(300).optional(),
      languages: z.array(z.string().min(2).max(10)).max(50).optional(),
    })
    .default({}),
  title: localizedText,
  body: localizedText,
  url: z
    .string()
    .regex(/^\/(?!\/)/, "a path of this site")
    .max(500)
    .nullable()
    .default(null),
  /** Sending the same key again sends nothing more (a retried call). */
  idempotencyKey: z.string().min(1).max(200),
});
export type BroadcastBody = z.infer<typeof broadcastBody>;
export const broadcastAnswer = z.object({
  data: z.object({ id: z.string(), recipients: z.number().int(), repeated: z.boolean() }),
});

/** The publications: `messenger:notifications#{id}` `message`, `messenger:pushes#{id}` `push`. */
export interface MessagePublication {
  message: NotificationMessage;
  totalUnread: number;
}
export interface PushPublication {
  push: PushNotification;
  totalUnread: number;
}

/** Zod-free (the site imports them from common/constants without the schemas): re-exported for the server. */
export { NOTIFICATION_LIMITS };
