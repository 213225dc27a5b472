import { QueryClient } from "@tanstack/react-query";

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
