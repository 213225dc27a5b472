import type { SportBet } from "#common/api/sportsbook";
import { REALTIME_EVENTS, type RealtimeEvent } from "#common/realtime";
import { sportsbookGlobal } from "#common/sportsbook-widgets";
import type { LiveFeed } from "~/lib/query";
import { realtimeBus } from "~/lib/realtime/bus";

/** Every query of the player's sports bets starts with this key (the history's bets tab). */
export const SPORT_BETS_KEY = ["sports", "bets"] as const;

/** A publication of `game:bets#{id}` about a sports bet (the casino's rounds share the channel). */
export function sportBetOf(e: RealtimeEvent): SportBet | undefined {
  const bet = e.data as (SportBet & { gameId?: string }) | null;
  if (!bet || typeof bet !== "object" || typeof bet.id !== "string" || !Array.isArray(bet.legs))
    return undefined;
  if (e.event === REALTIME_EVENTS.sportBetUpdated) return bet;
  if (e.event === REALTIME_EVENTS.betPlaced && bet.gameId === "sportsbook") return bet;
  return undefined;
}

/** The sportsbook script's SDK once it is initialised in this tab. */
const sportsbook = () => {
  const sdk = typeof window === "undefined" ? undefined : sportsbookGlobal(window);
  return sdk?.ready ? sdk : undefined;
};

/**
 * The player's bets channel into the site (the one realtime → query-cache bridge, ~/lib/query): each sports bet
 * placed, decided after the live delay, settled or cashed out marks the history's bets queries stale and goes to
 * the sportsbook widgets (`betUpdated`), which keep their lists from it instead of polling. After the socket was
 * down, publications may be missing: both read again.
 */
export const sportBetsFeed: LiveFeed = (client) => {
  const stale = () => void client.invalidateQueries({ queryKey: SPORT_BETS_KEY });
  const offBets = realtimeBus.on("bets", (e) => {
    const bet = sportBetOf(e);
    if (!bet) return;
    stale();
    sportsbook()?.betUpdated?.(bet);
  });
  const offBack = realtimeBus.on("reconnected", () => {
    stale();
    sportsbook()?.betsMissed?.();
  });
  return () => {
    offBets();
    offBack();
  };
};
