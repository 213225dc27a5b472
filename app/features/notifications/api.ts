import type { PushSubscriptionBody } from "#common/api/notification";
import { api } from "~/lib/session/client";

/** Spec point 7's messages and pushes calls, and the browser's Web Push subscription. */
export const notificationApi = {
  messages: (page: number, perPage: number) =>
    api().get("/notification/messenger/messages", { page, perPage }),
  readMessages: (messageIds: string[]) => api().post("/notification/messenger/messages/read", { messageIds }),
  readAllMessages: () => api().post("/notification/messenger/messages/read/all", {}),
  deleteMessages: (messageIds: string[]) => api().delete("/notification/messenger/messages", { messageIds }),
  pushes: (page: number, perPage: number) => api().get("/notification/pushes", { page, perPage }),
  readPushes: (pushIds: string[]) => api().post("/notification/pushes/read", { pushIds }),
  readAllPushes: () => api().post("/notification/pushes/read/all", {}),
  webPushKey: () =>
    api()
      .get("/notification/web-push/key")
      .then((r) => r.data.publicKey),
  subscribe: (subscription: PushSubscriptionJSON) =>
    api().post(
      "/notification/web-push/subscriptions",
      // A live subscription's JSON always carries its endpoint and keys.
      subscription as PushSubscriptionBody,
    ),
  unsubscribe: (endpoint: string) => api().delete("/notification/web-push/subscriptions", { endpoint }),
};
