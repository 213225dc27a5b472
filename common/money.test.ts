import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addAmounts,
  compareAmounts,
  decimalPlaces,
  fromUnits,
  negate,
  normalizeAmount,
  placesOf,
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
});
