import { useQuery } from "@tanstack/react-query";
import { followLive, queryClient } from "~/lib/query";
import { realtimeBus } from "~/lib/realtime";

const ONLINE_KEY = ["realtime", "online"] as const;

// `global:online` into the cache for the tab's whole life: the hub announces only changes, so a component
// mounting later shows the count last heard.
if (typeof window !== "undefined")
  followLive(queryClient(), (client) =>
    realtimeBus.on("online", (event) => {
      const next = (event.data as { count?: unknown } | undefined)?.count;
      if (typeof next === "number") client.setQueryData(ONLINE_KEY, next);
    }),
  );

/** People connected right now over every server process; undefined until the hub has said. */
export function useOnlineCount(): number | undefined {
  return useQuery<number>({ queryKey: ONLINE_KEY, enabled: false }).data;
}
