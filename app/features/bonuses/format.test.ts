import { describe, expect, it } from "vitest";
import { amountIn, wageringLeft, wageringPercent } from "./format";

describe("wageringLeft", () => {
  it("is what is still to be bet, exact on decimals, never below zero", () => {
    expect(wageringLeft({ wagered: "100.10", wageringRequired: "350" })).toBe("249.9");
    expect(wageringLeft({ wagered: "0", wageringRequired: "350" })).toBe("350");
    expect(wageringLeft({ wagered: "400", wageringRequired: "350" })).toBe("0");
  });
});

describe("wageringPercent", () => {
  it("is the share of the requirement wagered, rounded down, 0 to 100", () => {
    expect(wageringPercent("0", "350")).toBe(0);
    expect(wageringPercent("3.5", "350")).toBe(1);
    expect(wageringPercent("349.99", "350")).toBe(99);
    expect(wageringPercent("350", "350")).toBe(100);
    expect(wageringPercent("400", "350")).toBe(100);
    // Exact on decimals a float would get wrong.
    expect(wageringPercent("0.3", "0.1")).toBe(100);
    expect(wageringPercent("0.29", "1")).toBe(29);
  });

  it("counts a bonus with nothing to wager as done", () => {
    expect(wageringPercent("0", "0")).toBe(100);
  });
});

describe("amountIn", () => {
  it("finds the currency's item", () => {
    const caps = [
      { currency: "USD", amount: "200" },
      { currency: "EUR", amount: "180" },
    ];
    expect(amountIn(caps, "EUR")?.amount).toBe("180");
    expect(amountIn(caps, "BTC")).toBeUndefined();
    expect(amountIn(caps, undefined)).toBeUndefined();
  });
});
