import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlayerBonus, PlayerFreespin } from "#common/api/bonus";
import { BONUS_EVENTS, PLAYER_BONUS_STATUS } from "#common/constants";
import type { RealtimeEvent } from "#common/realtime";
import { type LiveFeed, useLive } from "~/lib/query";
import { realtimeBus } from "~/lib/realtime/bus";
import { useProfile } from "~/lib/session/use-session";
import { bonusApi } from "./api";
import { applyPublished, BONUS_REFRESH_DEBOUNCE_MS, debounce, keepListed, LISTED_STATUSES } from "./live";

/** Every bonus query starts with this key; a player's own ones carry the player next. */
export const BONUS_KEY = ["bonus"] as const;

const ALL_STATUSES = [...LISTED_STATUSES, PLAYER_BONUS_STATUS.finished];

/**
 * The bonus reads as TanStack queries. The player's lists are never served stale (wagering moves with every
 * bet); the offers change rarely and are shared by the pages, the wallet and the modals.
 */
export const bonusQueries = {
  /** Deposit bonuses offered to this visitor; with currency and amount, those the deposit qualifies for. */
  offers: (playerId: string | undefined, currency?: string, amount?: string) => ({
    queryKey: [...BONUS_KEY, "offers", playerId ?? null, currency ?? null, amount ?? null],
    queryFn: () => bonusApi.offers({ currency, amount }),
    staleTime: 30_000,
  }),
  statuses: (playerId: string | undefined, ids: string[]) => ({
    queryKey: [...BONUS_KEY, "statuses", playerId, ids.join(",")],
    queryFn: () => bonusApi.statuses(ids),
    enabled: playerId !== undefined && ids.length > 0,
    staleTime: 0,
  }),
  /** The player's bonuses as their lists show them: issued and active only (spec point 4). */
  listed: (playerId: string | undefined) => ({
    queryKey: [...BONUS_KEY, "player-bonuses", playerId, "listed"],
    queryFn: () => bonusApi.playerBonuses({ status: [...LISTED_STATUSES] }).then(keepListed),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  listedFreespins: (playerId: string | undefined) => ({
    queryKey: [...BONUS_KEY, "player-freespins", playerId, "listed"],
    queryFn: () => bonusApi.playerFreespins({ status: [...LISTED_STATUSES] }).then(keepListed),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  /** Every bonus of the player, whatever its status (the modals find one by id). */
  allBonuses: (playerId: string | undefined) => ({
    queryKey: [...BONUS_KEY, "all-bonuses", playerId],
    queryFn: () => bonusApi.playerBonuses({ status: ALL_STATUSES }),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  /** The history tab: every status, in the chosen currencies. */
  history: (playerId: string | undefined, currency: string[]) => ({
    queryKey: [...BONUS_KEY, "history", playerId, currency.join(",")],
    queryFn: async () => {
      // Free spins that fail to load leave the bonuses shown (null: the tab says the spins are missing).
      const [bonuses, freespins] = await Promise.all([
        bonusApi.playerBonuses({ status: ALL_STATUSES, currency }),
        bonusApi.playerFreespins({ status: ALL_STATUSES, currency }).catch(() => null),
      ]);
      return { bonuses, freespins };
    },
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  /** Every free-spin package of the player (the details modal finds one by id). */
  allFreespins: (playerId: string | undefined) => ({
    queryKey: [...BONUS_KEY, "player-freespins", playerId, "all"],
    queryFn: () => bonusApi.playerFreespins({ status: ALL_STATUSES }),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  codes: (playerId: string | undefined) => ({
    queryKey: [...BONUS_KEY, "codes", playerId],
    queryFn: () => bonusApi.codes(),
    enabled: playerId !== undefined,
    staleTime: 0,
  }),
  cashback: (playerId: string | undefined, currency: string | undefined) => ({
    queryKey: [...BONUS_KEY, "cashback", playerId, currency],
    queryFn: () => bonusApi.cashback(currency),
    enabled: playerId !== undefined && currency !== undefined,
    staleTime: 0,
  }),
};

/**
 * The three bonus channels, into the cache: a publication updates the lists at once (an item leaves when
 * finished) and, 500 ms after the last of a burst, every bonus query is read again (spec points 4 and 9).
 */
const bonusFeed: LiveFeed = (client) => {
  const refresh = debounce(
    () => void client.invalidateQueries({ queryKey: BONUS_KEY }),
    BONUS_REFRESH_DEBOUNCE_MS,
  );
  const patch =
    <T extends { id: string; status: number }>(list: string, event: string) =>
    (e: RealtimeEvent) => {
      if (e.event === event && e.data && typeof e.data === "object") {
        client.setQueriesData<T[]>({ queryKey: [...BONUS_KEY, list] }, (old) =>
          old ? applyPublished(old, e.data as T) : old,
        );
      }
      refresh();
    };
  const offs = [
    realtimeBus.on("bonuses", patch<PlayerBonus>("player-bonuses", BONUS_EVENTS.playerBonusUpdated)),
    realtimeBus.on(
      "freespins",
      patch<PlayerFreespin>("player-freespins", BONUS_EVENTS.playerFreespinUpdated),
    ),
    realtimeBus.on("bonusCodes", () => refresh()),
    // Publications missed while the socket was down are not replayed.
    realtimeBus.on("reconnected", () => refresh()),
  ];
  return () => {
    refresh.cancel();
    for (const off of offs) off();
  };
};

/** Keeps this screen's bonus queries live while it is shown. */
export function useBonusLive(): void {
  useLive(bonusFeed);
}

/** The player's issued and active bonuses, live. */
export function usePlayerBonuses() {
  const playerId = useProfile()?.id;
  useBonusLive();
  return useQuery(bonusQueries.listed(playerId));
}

export function usePlayerFreespins() {
  const playerId = useProfile()?.id;
  useBonusLive();
  return useQuery(bonusQueries.listedFreespins(playerId));
}

/** The bonus being wagered in a currency: the active one (only one is active per account). */
export function activeBonusOf(list: PlayerBonus[] | undefined, currency: string | undefined) {
  return list?.find((b) => b.status === PLAYER_BONUS_STATUS.active && b.currency === currency);
}

/** Reloads every bonus query after the player changed something (activate, cancel, redeem, claim). */
export function useReloadBonuses() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: BONUS_KEY });
}
