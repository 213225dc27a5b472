import type { MessagesAnswer, PushesAnswer } from "#common/api/notification";
import { api } from "~/lib/session/client";

type Change = { data: { changed: number; totalUnread: number } };

/** Spec point 7's messages and pushes calls, and the browser's Web Push subscription. */
export const notificationApi = {
  messages: (page: number, perPage: number) =>
    api().get<MessagesAnswer>("/notification/messenger/messages", { page, perPage }),
  readMessages: (messageIds: string[]) =>
    api().post<Change>("/notification/messenger/messages/read", { messageIds }),
  readAllMessages: () => api().post<Change>("/notification/messenger/messages/read/all", {}),
  deleteMessages: (messageIds: string[]) =>
    api().delete<Change>("/notification/messenger/messages", { messageIds }),
  pushes: (page: number, perPage: number) =>
    api().get<PushesAnswer>("/notification/pushes", { page, perPage }),
  readPushes: (pushIds: string[]) => api().post<Change>("/notification/pushes/read", { pushIds }),
  readAllPushes: () => api().post<Change>("/notification/pushes/read/all", {}),
  webPushKey: () =>
    api()
      .get<{ data: { publicKey: string | null } }>("/notification/web-push/key")
      .then((r) => r.data.publicKey),
  subscribe: (subscription: PushSubscriptionJSON) =>
    api().post<{ data: { subscribed: boolean; devices: number } }>(
      "/notification/web-push/subscriptions",
      subscription,
    ),
  unsubscribe: (endpoint: string) =>
    api().delete<{ data: { subscribed: boolean } }>("/notification/web-push/subscriptions", { endpoint }),
};
