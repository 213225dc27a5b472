import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { followLive, type LiveFeed, queryClient } from "~/lib/query";
import { realtimeBus } from "~/lib/realtime";

const ONLINE_KEY = ["realtime", "online"] as const;

/** `global:online` into the cache: the hub announces only changes, so the last count is kept there. */
const onlineFeed: LiveFeed = (client) =>
  realtimeBus.on("online", (event) => {
    const next = (event.data as { count?: unknown } | undefined)?.count;
    if (typeof next === "number") client.setQueryData(ONLINE_KEY, next);
  });

/** Once heard, the count is followed for the rest of the tab's life: a component mounting later shows it. */
let following = false;

/** People connected right now over every server process; undefined until the hub has said. */
export function useOnlineCount(): number | undefined {
  useEffect(() => {
    if (following) return;
    following = true;
    followLive(queryClient(), onlineFeed);
  }, []);
  return useQuery<number>({ queryKey: ONLINE_KEY, enabled: false }).data;
}
