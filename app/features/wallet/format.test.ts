import { describe, expect, it } from "vitest";
import {
  displayUnit,
  equivalentOf,
  exchangeAmount,
  formatMoney,
  toDisplayAmount,
  toWireAmount,
} from "./format";
import { depositCounter } from "./store";
import { testBTC as BTC, testCurrency as cur } from "./test-currencies";

const EUR = cur("EUR", { rate: { rate: "1.08" }, symbol: "€" });

describe("wallet money display", () => {
  it("shows BTC in mBTC and fiat in the locale's currency format", () => {
    expect(formatMoney("0.0125", "BTC", BTC, "en-US")).toBe("12.50 mBTC");
    expect(formatMoney("1234.5", "USD", cur("USD"), "en-US")).toBe("$1,234.50");
    expect(formatMoney("10", "EUR", EUR, "pt-BR")).toMatch(/€\s?10,00/);
  });

  it("keeps digits a float would lose", () => {
    expect(formatMoney("12345678901234.56", "USD", cur("USD"), "en-US")).toBe("$12,345,678,901,234.56");
  });

  it("converts between the display unit and the wire amount exactly", () => {
    const unit = displayUnit("BTC", BTC);
    expect(unit).toMatchObject({ code: "mBTC", ratio: 1000, places: 5 });
    expect(toWireAmount("1.5", unit)).toBe("0.0015");
    expect(toDisplayAmount("0.0001", unit)).toBe("0.1");
    expect(toWireAmount("abc", unit)).toBeUndefined();
  });

  it("rounds the equivalent to 2 decimals through both rates", () => {
    expect(equivalentOf("120", EUR, cur("USD"))).toBe("129.6");
    expect(equivalentOf("0.0125", BTC, cur("USD"))).toBe("1187.5");
    expect(equivalentOf("1", cur("USD"), EUR)).toBe("0.93");
  });
});

describe("deposit counters", () => {
  it("names a successful deposit by its number", () => {
    expect([1, 2, 3, 4, 5, 9].map(depositCounter)).toEqual([
      "ftd",
      "dep2",
      "dep3",
      "dep4",
      "dep5plus",
      "dep5plus",
    ]);
  });
});

describe("the exchange input's conversion", () => {
  const USD = cur("USD");

  it("converts both ways through the rates, in the display units, rounded to the target's places", () => {
    // 1.5 mBTC = 0.0015 BTC at 95000 USD per BTC.
    expect(exchangeAmount("1.5", BTC, USD)).toBe("142.5");
    expect(exchangeAmount("142.5", USD, BTC)).toBe("1.5");
    // 10 USD = 0.105263157… mBTC: five places (mBTC's), half away from zero.
    expect(exchangeAmount("10", USD, BTC)).toBe("0.10526");
    // 100 EUR at 1.08 USD per EUR, and 50 USD back to EUR: 46.296… → 46.3.
    expect(exchangeAmount("100", EUR, USD)).toBe("108");
    expect(exchangeAmount("50", USD, EUR)).toBe("46.3");
  });

  it("rounds in decimal arithmetic where a float would not", () => {
    const ABC = cur("ABC", { rate: { rate: "1.005" } });
    // 1 ABC = 1.005 USD exactly, so half a cent rounds up; in floats 1.005 is 1.00499… and rounds down.
    expect(exchangeAmount("1", ABC, USD)).toBe("1.01");
    expect((1 * 1.005).toFixed(2)).toBe("1.00");
    // Large amounts keep every digit.
    expect(exchangeAmount("12345678901234.56", EUR, USD)).toBe("13333333213333.32");
  });

  it("knows no conversion without a rate", () => {
    const NEW = cur("NEW", { rate: { rate: "0" } });
    expect(exchangeAmount("10", NEW, USD)).toBeUndefined();
    expect(exchangeAmount("10", USD, NEW)).toBeUndefined();
    expect(exchangeAmount("abc", USD, EUR)).toBeUndefined();
  });
});
