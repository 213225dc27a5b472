import { describe, expect, it } from "vitest";
import type { SportBet } from "#common/api/sportsbook";
import { applyBet, betsDecided, state } from "./store";

const bet = (id: string, status: SportBet["status"]): SportBet => ({
  id,
  type: "single",
  status,
  stake: "10",
  currency: "USD",
  odds: "2",
  potentialPayout: "20",
  payout: null,
  cashOut: null,
  rejectReason: null,
  placedAt: "2026-11-25T12:00:00.000Z",
  settledAt: null,
  legs: [],
});

describe("the widgets' bets, kept from the player's channel", () => {
  it("puts a new bet at the top of the open list, replaces it there, and moves it to settled when settled", () => {
    state.cache.clear();
    state.cache.set("bets:open:abc", { data: [bet("1", "open")], loading: false, at: Date.now() });
    state.cache.set("bets:settled:abc", { data: [bet("0", "lost")], loading: false, at: Date.now() });
    const open = () => (state.cache.get("bets:open:abc")!.data as SportBet[]).map((b) => [b.id, b.status]);
    const settled = () =>
      (state.cache.get("bets:settled:abc")!.data as SportBet[]).map((b) => [b.id, b.status]);
    applyBet(bet("2", "pending"));
    expect(open()).toEqual([
      ["2", "pending"],
      ["1", "open"],
    ]);
    applyBet(bet("2", "open"));
    expect(open()).toEqual([
      ["2", "open"],
      ["1", "open"],
    ]);
    applyBet(bet("2", "won"));
    expect(open()).toEqual([["1", "open"]]);
    expect(settled()).toEqual([
      ["2", "won"],
      ["0", "lost"],
    ]);
    // A list not loaded yet is left for its own read.
    state.cache.set("bets:open:other", { loading: true, at: 0 });
    applyBet(bet("3", "open"));
    expect(state.cache.get("bets:open:other")!.data).toBeUndefined();
  });

  it("answers the live delay's wait when the channel says the bets were decided, or nothing after the time", async () => {
    state.cache.clear();
    const waiting = betsDecided(["7", "8"], 5_000);
    applyBet(bet("7", "open"));
    applyBet(bet("8", "pending"));
    applyBet(bet("8", "rejected"));
    expect((await waiting)?.map((b) => [b.id, b.status])).toEqual([
      ["7", "open"],
      ["8", "rejected"],
    ]);
    expect(await betsDecided(["9"], 10)).toBeUndefined();
    // Decided before the wait began: found in the lists at once.
    state.cache.set("bets:open:abc", { data: [bet("10", "open")], loading: false, at: Date.now() });
    expect((await betsDecided(["10"], 5_000))?.[0]?.status).toBe("open");
  });
});
