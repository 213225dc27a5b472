import { afterAll, describe, expect, it, vi } from "vitest";
import type { SportBet } from "#common/api/sportsbook";
import { REALTIME_EVENTS } from "#common/realtime";
import { SPORTSBOOK_GLOBAL } from "#common/sportsbook-widgets";
import { followLive, newQueryClient } from "~/lib/query";
import { realtimeBus } from "~/lib/realtime/bus";
import { SPORT_BETS_KEY, sportBetsFeed } from "./live";

/** What the sportsbook script heard through its contract (a provider's script stands here, as on a page). */
const heard: string[] = [];
vi.stubGlobal("window", {
  [SPORTSBOOK_GLOBAL]: {
    ready: true,
    betUpdated: (b: SportBet) => heard.push(`${b.id}:${b.status}`),
    betsMissed: () => heard.push("missed"),
  },
});
afterAll(() => vi.unstubAllGlobals());

const bet = { id: "5", status: "won", legs: [] } as unknown as SportBet;

describe("the player's bets channel into the site", () => {
  it("hands each sports bet to the widgets and marks the bets tab stale, instead of anything polling", () => {
    const client = newQueryClient();
    client.setQueryData([...SPORT_BETS_KEY, "1", false, 1], { data: [] });
    const stop = followLive(client, sportBetsFeed);
    realtimeBus.emit("bets", { event: REALTIME_EVENTS.sportBetUpdated, data: bet });
    expect(heard).toEqual(["5:won"]);
    expect(client.getQueryState([...SPORT_BETS_KEY, "1", false, 1])?.isInvalidated).toBe(true);
    // A casino round on the same channel is not a sports bet.
    realtimeBus.emit("bets", { event: REALTIME_EVENTS.betPlaced, data: { id: "9", gameId: "house-dice" } });
    realtimeBus.emit("bets", {
      event: REALTIME_EVENTS.betPlaced,
      data: { ...bet, id: "6", status: "open", gameId: "sportsbook" },
    });
    realtimeBus.emit("reconnected", { event: "reconnected", data: null });
    expect(heard).toEqual(["5:won", "6:open", "missed"]);
    stop();
    realtimeBus.emit("bets", { event: REALTIME_EVENTS.sportBetUpdated, data: bet });
    expect(heard).toHaveLength(3);
  });
});
