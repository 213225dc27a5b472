import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LoyaltyAccount } from "#common/api/loyalty";
import { PLAYER_ACCOUNT_EVENT } from "#common/constants";
import { useLoyaltyEnabled } from "~/features/shell/nav";
import { realtimeBus } from "~/lib/realtime/bus";
import { useProfile } from "~/lib/session/use-session";
import { loyaltyApi } from "./api";

export { useLoyaltyEnabled };

export const LOYALTY_KEY = ["loyalty"] as const;

export const loyaltyQueries = {
  /** The levels change rarely (an operator's edit): shared a minute. */
  levels: () => ({ queryKey: [...LOYALTY_KEY, "levels"], queryFn: loyaltyApi.levels, staleTime: 60_000 }),
  /** The player's account; kept current by `retention:accounts#{id}` (useLoyaltyLive). */
  account: (playerId: string | undefined) => ({
    queryKey: [...LOYALTY_KEY, "account", playerId],
    queryFn: loyaltyApi.account,
    enabled: playerId !== undefined,
    staleTime: 30_000,
  }),
};

export function useLoyaltyAccount() {
  const playerId = useProfile()?.id;
  const enabled = useLoyaltyEnabled();
  return useQuery({ ...loyaltyQueries.account(playerId), enabled: enabled && playerId !== undefined });
}

export function useLoyaltyLevels() {
  return useQuery({ ...loyaltyQueries.levels(), enabled: useLoyaltyEnabled() });
}

/**
 * Puts each published account into the query at once (the publication carries the whole account); after a
 * reconnection the account is read again, since publications missed meanwhile are not replayed.
 */
export function followLoyalty(
  client: QueryClient,
  playerId: string,
  onAccount?: (a: LoyaltyAccount) => void,
) {
  const offs = [
    realtimeBus.on("loyalty", (e) => {
      if (e.event !== PLAYER_ACCOUNT_EVENT || !e.data || typeof e.data !== "object") return;
      const account = e.data as LoyaltyAccount;
      client.setQueryData([...LOYALTY_KEY, "account", playerId], account);
      onAccount?.(account);
    }),
    realtimeBus.on("reconnected", () => void client.invalidateQueries({ queryKey: LOYALTY_KEY })),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** Keeps the account query live while a screen shows it. */
export function useLoyaltyLive(): void {
  const client = useQueryClient();
  const playerId = useProfile()?.id;
  useEffect(() => (playerId ? followLoyalty(client, playerId) : undefined), [client, playerId]);
}

/** How far from the current level to the next, 0–100. */
export function progressOf(account: LoyaltyAccount): number {
  if (!account.nextLevel) return 100;
  const from = Number(account.currentLevel?.points ?? "0");
  const to = Number(account.nextLevel.points);
  const have = Number(account.points);
  if (to <= from) return 100;
  return Math.max(0, Math.min(100, ((have - from) / (to - from)) * 100));
}
