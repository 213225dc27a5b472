import { describe, expect, it } from "vitest";
import {
  cashOutOffer,
  combinations,
  fairOdds,
  type LegStatus,
  outcomeSoFar,
  potentialPayout,
  settle,
  totalOdds,
} from "./payouts";

const single = { type: "single" as const, stake: "10", currency: "USD" };
const combo = { type: "combo" as const, stake: "10", currency: "USD" };
const leg = (status: LegStatus, odds: string) => ({ status, odds });

describe("settling a single", () => {
  it.each([
    ["won", "2.5", "25", "won"],
    ["lost", "2.5", "0", "lost"],
    ["void", "2.5", "10", "void"],
    // Half at the odds, half back: 5 × 1.9 + 5.
    ["half_won", "1.9", "14.5", "half_won"],
    // Half back.
    ["half_lost", "1.9", "5", "half_lost"],
  ] as const)("a %s leg at %s pays %s", (status, odds, payout, betStatus) => {
    expect(settle(single, [leg(status, odds)])).toEqual({ payout, status: betStatus });
  });

  it("rounds a payout down to the currency's cents (8 places for crypto)", () => {
    expect(settle({ ...single, stake: "3.33" }, [leg("won", "1.777")]).payout).toBe("5.91");
    expect(settle({ ...single, stake: "0.001", currency: "BTC" }, [leg("won", "1.777")]).payout).toBe(
      "0.001777",
    );
  });
});

describe("settling a combo", () => {
  it("multiplies the legs' odds when all win", () => {
    expect(settle(combo, [leg("won", "2"), leg("won", "1.5"), leg("won", "3")])).toEqual({
      payout: "90",
      status: "won",
    });
  });

  it("loses as a whole when one leg loses", () => {
    expect(settle(combo, [leg("won", "2"), leg("lost", "1.5")])).toEqual({ payout: "0", status: "lost" });
  });

  it("counts a void leg as odds 1", () => {
    expect(settle(combo, [leg("won", "2"), leg("void", "1.5"), leg("won", "3")])).toEqual({
      payout: "60",
      status: "won",
    });
  });

  it("is void when every leg is void: the stake comes back", () => {
    expect(settle(combo, [leg("void", "2"), leg("void", "1.5")])).toEqual({ payout: "10", status: "void" });
  });

  it("takes a half-won leg as (1 + odds) / 2 and a half-lost one as 0.5", () => {
    // 10 × 2 × (1 + 1.9) / 2 = 29
    expect(settle(combo, [leg("won", "2"), leg("half_won", "1.9")])).toEqual({
      payout: "29",
      status: "half_won",
    });
    // 10 × 2 × 0.5 = 10
    expect(settle(combo, [leg("won", "2"), leg("half_lost", "1.9")])).toEqual({
      payout: "10",
      status: "half_lost",
    });
  });
});

describe("settling a system bet", () => {
  const system = { type: "system" as const, systemSize: 2, stake: "30", currency: "USD" };

  it("splits the stake equally between its C(n, k) combinations", () => {
    expect(combinations(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(combinations(5, 3)).toHaveLength(10);
    // 10 on each pair: 2×3 + 2×4 + 3×4 = 26 → 260.
    expect(potentialPayout(system, ["2", "3", "4"])).toBe("260");
    expect(totalOdds(system, ["2", "3", "4"])).toBeNull();
  });

  it("pays the combinations whose legs all won, void legs at odds 1", () => {
    expect(settle(system, [leg("won", "2"), leg("won", "3"), leg("lost", "4")])).toEqual({
      payout: "60",
      status: "won",
    });
    expect(settle(system, [leg("won", "2"), leg("void", "3"), leg("lost", "4")])).toEqual({
      payout: "20",
      status: "won",
    });
    expect(settle(system, [leg("won", "2"), leg("lost", "3"), leg("lost", "4")])).toEqual({
      payout: "0",
      status: "lost",
    });
  });

  it("splits a stake that does not divide evenly exactly, and rounds only the payout", () => {
    const odd = { ...system, stake: "10" };
    // 10/3 on each pair, all won at odds 2: 3 × 3.333… × 4 = 39.99…
    expect(settle(odd, [leg("won", "2"), leg("won", "2"), leg("won", "2")]).payout).toBe("39.99");
  });
});

describe("an outcome before every leg is known", () => {
  const system = { type: "system" as const, systemSize: 2, stake: "30", currency: "USD" };

  it("is lost at once for a combo with a lost leg, whatever its other legs will do", () => {
    expect(outcomeSoFar(combo, [leg("open", "2"), leg("lost", "1.5"), leg("open", "3")])).toEqual({
      payout: "0",
      status: "lost",
    });
  });

  it("waits while a combo or a system bet could still pay", () => {
    expect(outcomeSoFar(combo, [leg("won", "2"), leg("open", "1.5")])).toBeUndefined();
    expect(outcomeSoFar(combo, [leg("half_lost", "2"), leg("open", "1.5")])).toBeUndefined();
    // 2 of 3 with one lost leg: the pair of the other two may still win.
    expect(outcomeSoFar(system, [leg("lost", "2"), leg("open", "3"), leg("open", "4")])).toBeUndefined();
  });

  it("is lost for a system bet once every combination holds a lost leg", () => {
    expect(outcomeSoFar(system, [leg("lost", "2"), leg("open", "3"), leg("lost", "4")])).toEqual({
      payout: "0",
      status: "lost",
    });
  });

  it("is the settlement once no leg is open", () => {
    expect(outcomeSoFar(combo, [leg("won", "2"), leg("won", "1.5")])).toEqual(
      settle(combo, [leg("won", "2"), leg("won", "1.5")]),
    );
  });
});

describe("cash-out", () => {
  it("pays stake × placed odds / fair odds now × (1 − margin)", () => {
    const fair = fairOdds("2", ["2", "2"]); // a fair coin: 2
    expect(fair).toBeCloseTo(2, 9);
    // Placed at 3, the selection now fairly priced at 2: 10 × 3 / 2 × 0.95 = 14.25.
    expect(cashOutOffer(single, [{ status: "open", odds: "3", fairOdds: 2 }], 0.05)).toBe("14.25");
  });

  it("takes settled legs of a combo at their outcome", () => {
    expect(
      cashOutOffer(
        combo,
        [
          { status: "won", odds: "2" },
          { status: "open", odds: "1.5", fairOdds: 1.5 },
        ],
        0.05,
      ),
    ).toBe("19");
  });

  it("offers a system bet the sum of its combinations' values, those with a lost leg worth nothing", () => {
    const system = { type: "system" as const, systemSize: 2, stake: "30", currency: "USD" };
    // 10 on each pair: (a, b) won 2 × open 3 placed, now fairly 2 → 10 × 2 × 1.5 = 30; (a, c) holds the lost
    // leg: 0; (b, c): 0. 30 × 0.95 = 28.5.
    expect(
      cashOutOffer(
        system,
        [
          { status: "won", odds: "2" },
          { status: "open", odds: "3", fairOdds: 2 },
          { status: "lost", odds: "4" },
        ],
        0.05,
      ),
    ).toBe("28.5");
    // Every leg open at its fair price, as placed: each pair is worth its stake, 30 × 0.95.
    const open = (odds: string) => ({ status: "open" as const, odds, fairOdds: Number(odds) });
    expect(cashOutOffer(system, [open("2"), open("3"), open("4")], 0.05)).toBe("28.5");
    // Nothing left when every pair holds a lost leg, and none while a market is not open.
    expect(
      cashOutOffer(system, [{ status: "lost", odds: "2" }, open("3"), { status: "lost", odds: "4" }], 0.05),
    ).toBeNull();
    expect(cashOutOffer(system, [open("2"), { status: "open", odds: "3" }, open("4")], 0.05)).toBeNull();
  });

  it("offers nothing when a combo's leg lost or a market is not open", () => {
    expect(
      cashOutOffer(
        combo,
        [
          { status: "lost", odds: "2" },
          { status: "open", odds: "1.5", fairOdds: 1.5 },
        ],
        0.05,
      ),
    ).toBeNull();
    expect(cashOutOffer(single, [{ status: "open", odds: "3" }], 0.05)).toBeNull();
  });

  it("removes the market's margin when it prices fair odds", () => {
    // 1.9 / 1.9: implied 1.0526; fair 2 each.
    expect(fairOdds("1.9", ["1.9", "1.9"])).toBeCloseTo(2, 9);
  });
});
