import { beforeEach, describe, expect, it } from "vitest";
import { blocker, combinations, type SlipLeg, slip, totals } from "./slip";

const leg = (eventId: number, odds: string): SlipLeg => ({
  selectionId: `${eventId}:1x2:home`,
  eventId,
  champId: 1,
  sportId: 66,
  eventName: `Home ${eventId} – Away ${eventId}`,
  championshipName: "League",
  marketName: "Match result",
  selectionName: "Home",
  odds,
});

describe("the bet slip's sums", () => {
  beforeEach(() => {
    slip.legs = [];
    slip.stakes = {};
    slip.tab = "single";
    slip.systemSize = 2;
  });

  it("counts system combinations", () => {
    expect(combinations(3, 2)).toBe(3);
    expect(combinations(5, 3)).toBe(10);
  });

  it("multiplies a combo's odds and pays stake times odds", () => {
    slip.legs = [leg(1, "2.00"), leg(2, "1.50")];
    slip.tab = "combo";
    slip.stakes.combo = "10";
    expect(totals()).toMatchObject({ stake: 10, bets: 1 });
    expect(totals().odds).toBeCloseTo(3);
    expect(totals().win).toBeCloseTo(30);
  });

  it("adds up singles, one bet per staked selection", () => {
    slip.legs = [leg(1, "2.00"), leg(2, "3.00")];
    slip.stakes[leg(1, "").selectionId] = "5";
    const t = totals();
    expect(t.bets).toBe(1);
    expect(t.win).toBeCloseTo(10);
  });

  it("shares a system stake over its combinations", () => {
    slip.legs = [leg(1, "2.00"), leg(2, "2.00"), leg(3, "2.00")];
    slip.tab = "system";
    slip.stakes.system = "30";
    // 3 doubles of 10 each, every one at odds 4.
    expect(totals().win).toBeCloseTo(120);
  });

  it("refuses a combo of two picks of one event", () => {
    slip.legs = [leg(1, "2.00"), { ...leg(1, "3.00"), selectionId: "1:1x2:away" }];
    slip.tab = "combo";
    expect(blocker()).toMatch(/different events/);
  });
});
