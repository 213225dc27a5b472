import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addAmounts,
  compareAmounts,
  convertAmount,
  decimalPlaces,
  fromUnits,
  negate,
  normalizeAmount,
  placesOf,
  roundAmount,
  scaleAmount,
  toUnits,
} from "./money";

describe("money", () => {
  it("reads and writes decimal strings without losing a unit", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }), (units) => {
        expect(toUnits(fromUnits(units))).toBe(units);
      }),
    );
  });

  it("refuses what is not a plain decimal", () => {
    for (const bad of ["", "1e3", "0x10", "1.", ".5", "1,5", "NaN", "1.0000000000000000001", "--1"]) {
      expect(toUnits(bad)).toBeUndefined();
    }
  });

  it("adds exactly where floats would not", () => {
    expect(addAmounts("0.1", "0.2")).toBe("0.3");
    expect(addAmounts("100", negate("0.000000000000000001"))).toBe("99.999999999999999999");
    expect(compareAmounts("10.50", "10.5")).toBe(0);
    expect(compareAmounts("2", "10")).toBe(-1);
  });

  it("normalises and counts places", () => {
    expect(normalizeAmount("010.500")).toBe("10.5");
    expect(decimalPlaces("10.25")).toBe(2);
    expect(placesOf(100)).toBe(2);
    expect(placesOf(100_000_000)).toBe(8);
  });

  it("rounds half away from zero, and converts through rates without floats", () => {
    expect(roundAmount("2.345", 2)).toBe("2.35");
    expect(roundAmount("-2.345", 2)).toBe("-2.35");
    expect(roundAmount("2.344999", 2)).toBe("2.34");
    // 0.015 BTC at 65000 USD per BTC, shown in EUR at 1.08 USD per EUR: 902.78 EUR.
    expect(roundAmount(convertAmount("0.015", "65000", "1.08"), 2)).toBe("902.78");
    expect(convertAmount("10", "1", "0")).toBe("0");
    expect(scaleAmount("0.0125", 1000)).toBe("12.5");
  });

  it("converts there and back within a rounding step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (cents, a, b) => {
          const amount = fromUnits(BigInt(cents) * 10n ** 16n);
          const rateA = fromUnits(BigInt(a) * 10n ** 12n);
          const rateB = fromUnits(BigInt(b) * 10n ** 12n);
          const back = convertAmount(convertAmount(amount, rateA, rateB), rateB, rateA);
          const diff = (toUnits(back) ?? 0n) - (toUnits(amount) ?? 0n);
          // Truncating to 18 places loses less than one unit, which the way back scales by rateB / rateA.
          const bound = (toUnits(rateB) ?? 0n) / (toUnits(rateA) ?? 1n) + 1n;
          expect(diff <= 0n && diff >= -bound).toBe(true);
        },
      ),
    );
  });
});
