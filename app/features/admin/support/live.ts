import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { SupportCounts, SupportCountsEvent } from "#common/api/admin-support";
import { adminApi } from "~/features/admin/api";
import { RealtimeBus } from "~/lib/realtime/bus";
import { RealtimeClient } from "~/lib/realtime/client";

/** The support desk's query keys: what a `support.counts` publication refreshes. */
export const SUPPORT_KEYS = {
  live: ["admin", "support", "live"] as const,
  chats: ["admin", "support", "chats"] as const,
  chat: (id: string) => ["admin", "support", "chat", id] as const,
  contact: ["admin", "support", "contact"] as const,
  canned: ["admin", "support", "canned"] as const,
  hours: ["admin", "support", "hours"] as const,
};

type Live = { counts: SupportCounts; channel: string; token: string };

/**
 * The inbox's counts, kept live (decision 0054): read once, then each `support.counts` publication on the staff
 * channel merges into them and refreshes the lists it concerns, so the inbox updates without a reload. The
 * back office keeps its own connection (staff have no player token), anonymous, following the staff channel
 * with the token the server gave.
 */
export function useSupportLive() {
  const client = useQueryClient();
  const live = useQuery({
    queryKey: SUPPORT_KEYS.live,
    queryFn: async () => (await adminApi.get("/admin/support/live")).data,
  });
  const channel = live.data?.channel;
  const token = live.data?.token;
  useEffect(() => {
    if (!channel || !token) return;
    const bus = new RealtimeBus();
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const rt = new RealtimeClient(
      `${scheme}://${window.location.host}/api/connection/websocket`,
      () => import("centrifuge"),
      bus,
    );
    const off = bus.on("supportStaff", (e) => {
      const data = e.data as SupportCountsEvent;
      client.setQueryData<Live>(SUPPORT_KEYS.live, (old) =>
        old ? { ...old, counts: { ...old.counts, ...data.counts } } : old,
      );
      if ("chatsOpen" in data.counts) void client.invalidateQueries({ queryKey: SUPPORT_KEYS.chats });
      if (data.conversationId)
        void client.invalidateQueries({ queryKey: SUPPORT_KEYS.chat(data.conversationId) });
      if ("contactNew" in data.counts) void client.invalidateQueries({ queryKey: SUPPORT_KEYS.contact });
    });
    // After a drop, what was published meanwhile is read again.
    const offReconnect = bus.on(
      "reconnected",
      () => void client.invalidateQueries({ queryKey: ["admin", "support"] }),
    );
    rt.follow(channel, token, "supportStaff");
    void rt.connect();
    return () => {
      off();
      offReconnect();
      rt.disconnect();
    };
  }, [channel, token, client]);
  return live;
}
