import { QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * Server state read in the browser lives in TanStack Query: one client per server render and one per browser
 * tab. Calls are not retried (spec point 7), nor refetched on focus.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  });
}

let tab: QueryClient | undefined;

/**
 * The tab's query client, also for code outside React (the login sequence loads the wallet into it, realtime
 * publications land in it). Browser only: a server render makes its own with `newQueryClient`.
 */
export function queryClient(): QueryClient {
  tab ??= newQueryClient();
  return tab;
}

// ---- the one realtime → query-cache bridge

/**
 * Wires realtime topics (realtimeBus) into the query cache: patches queries with what a publication carries,
 * or marks them stale. Answers how to stop. Declared once at module level: its identity names it.
 */
export type LiveFeed = (client: QueryClient) => () => void;

const running = new Map<LiveFeed, { users: number; stop: () => void }>();

/**
 * The one realtime → query-cache bridge: a feed runs once per query client however many screens want it,
 * and stops when the last lets go. Answers the letting go.
 */
export function followLive(client: QueryClient, feed: LiveFeed): () => void {
  let entry = running.get(feed);
  if (!entry) {
    entry = { users: 0, stop: feed(client) };
    running.set(feed, entry);
  }
  entry.users++;
  const held = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.users--;
    if (held.users === 0 && running.get(feed) === held) {
      running.delete(feed);
      held.stop();
    }
  };
}

/** Keeps a feed running while the calling screen is shown. */
export function useLive(feed: LiveFeed): void {
  const client = useQueryClient();
  useEffect(() => followLive(client, feed), [client, feed]);
}
