import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessagePublication } from "#common/api/notification";
import { NOTIFICATION_LIMITS } from "#common/constants";
import { REALTIME_EVENTS } from "#common/realtime";
import { alert } from "~/lib/alerts";
import { type LiveFeed, useLive } from "~/lib/query";
import { realtimeBus } from "~/lib/realtime/bus";
import { useProfile } from "~/lib/session/use-session";
import { notificationApi } from "./api";

/** Every notification query starts with this key; the player comes next. */
export const NOTIFICATION_KEY = ["notifications"] as const;

export const notificationQueries = {
  messages: (playerId: string | undefined, page: number, perPage: number) => ({
    queryKey: [...NOTIFICATION_KEY, playerId, "messages", page, perPage],
    queryFn: () => notificationApi.messages(page, perPage),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  pushes: (playerId: string | undefined, page: number) => ({
    queryKey: [...NOTIFICATION_KEY, playerId, "pushes", page],
    queryFn: () => notificationApi.pushes(page, NOTIFICATION_LIMITS.pushPageSize),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
};

/** The bell's popover: the newest 3 (spec point 9), with the unread count in its meta. */
export function useNewestMessages() {
  const profile = useProfile();
  return useQuery(notificationQueries.messages(profile?.id, 1, NOTIFICATION_LIMITS.popoverPageSize));
}

export function useMessagesPage(page: number, perPage: number) {
  const profile = useProfile();
  return useQuery(notificationQueries.messages(profile?.id, page, perPage));
}

export function usePushesPage(page: number) {
  const profile = useProfile();
  return useQuery(notificationQueries.pushes(profile?.id, page));
}

const refresh = (client: QueryClient, what: "messages" | "pushes") =>
  client.invalidateQueries({
    predicate: (q) => q.queryKey[0] === NOTIFICATION_KEY[0] && q.queryKey[2] === what,
  });

/** Read, read all and delete; every list of that kind is read again after. */
export function useNotificationActions() {
  const client = useQueryClient();
  const after = (what: "messages" | "pushes") => ({
    onSettled: () => refresh(client, what),
    onError: () => alert.error("something-wrong"),
  });
  return {
    read: useMutation({ mutationFn: notificationApi.readMessages, ...after("messages") }),
    readAll: useMutation({ mutationFn: notificationApi.readAllMessages, ...after("messages") }),
    remove: useMutation({ mutationFn: notificationApi.deleteMessages, ...after("messages") }),
    readPushes: useMutation({ mutationFn: notificationApi.readPushes, ...after("pushes") }),
    readAllPushes: useMutation({ mutationFn: notificationApi.readAllPushes, ...after("pushes") }),
  };
}

/**
 * New messages arrive on `messenger:notifications#{id}` (spec point 8: the new-notification alert with the
 * title) and pushes on `messenger:pushes#{id}`; the lists are read again.
 */
const notificationFeed: LiveFeed = (client) => {
  const offs = [
    realtimeBus.on("notifications", (e) => {
      if (e.event !== REALTIME_EVENTS.message) return;
      const title = (e.data as MessagePublication | undefined)?.message?.content?.title;
      if (title) alert.info("new-notification", { params: { title } });
      void refresh(client, "messages");
    }),
    realtimeBus.on("pushes", (e) => {
      if (e.event === REALTIME_EVENTS.push) void refresh(client, "pushes");
    }),
    realtimeBus.on("reconnected", () => {
      void refresh(client, "messages");
      void refresh(client, "pushes");
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
};

/** Keeps the notification queries live while a player's header is shown (once, however many use it). */
export function useNotificationsLive(): void {
  useLive(notificationFeed);
}
