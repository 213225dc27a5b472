import { describe, expect, it } from "vitest";
import { betProblem, doubleBet, halfBet, maxBet, minBet, truncate } from "./bet";

describe("house games: the bet amount control", () => {
  it("halves and doubles within the smallest stake and the balance (capped by the house)", () => {
    expect(halfBet("1", "USD")).toBe("0.5");
    expect(halfBet("0.01", "USD")).toBe("0.01");
    expect(halfBet("0.03", "USD")).toBe("0.01");
    expect(doubleBet("3.5", "100", "USD")).toBe("7");
    expect(doubleBet("80", "100", "USD")).toBe("100");
    expect(doubleBet("8000", "50000", "FUN")).toBe("10000");
    expect(halfBet("0.00003", "BTC")).toBe("0.000015");
    expect(halfBet("0.000015", "BTC")).toBe("0.00001");
  });

  it("Max is the balance cut to the currency's places, at most 10,000", () => {
    expect(maxBet("12.345", "USD")).toBe("12.34");
    expect(maxBet("25000", "USD")).toBe("10000");
    expect(maxBet("0", "USD")).toBe(minBet("USD"));
    expect(truncate("1.239999", 2)).toBe("1.23");
  });

  it("says why an amount cannot be staked", () => {
    expect(betProblem("1", "10", "USD")).toBeUndefined();
    expect(betProblem("1,5", "10", "USD")).toBeUndefined();
    expect(betProblem("abc", "10", "USD")).toBe("invalid");
    expect(betProblem("1.005", "10", "USD")).toBe("invalid");
    expect(betProblem("0", "10", "USD")).toBe("tooSmall");
    expect(betProblem("10001", "20000", "USD")).toBe("tooBig");
    expect(betProblem("11", "10", "USD")).toBe("notEnough");
  });
});
