import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dealRound, isWheelRisk, isWheelSegments, WHEEL_PAYTABLE, wheelScaled } from ".";

const serverSeed = "7f3c1a9e0b5d42c68e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

function specFloat(clientSeed: string, nonce: number): number {
  const b = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  return b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
}

describe("wheel", () => {
  // Published vectors: segment = floor(float × segments) for 10, 20, 30, 40, 50 segments.
  it.each([
    ["lucky-harbor", 0, [3, 7, 11, 14, 18]],
    ["lucky-harbor", 1, [4, 9, 14, 19, 23]],
    ["lucky-harbor", 2, [0, 1, 2, 3, 4]],
    ["player-seed-42", 0, [9, 18, 27, 36, 45]],
    ["player-seed-42", 7, [5, 10, 15, 20, 25]],
    ["", 1000, [8, 17, 25, 34, 43]],
  ] as const)("client seed %j, nonce %i stops on segments %j", (clientSeed, nonce, stops) => {
    const f = specFloat(clientSeed, nonce);
    ([10, 20, 30, 40, 50] as const).forEach((segments, i) => {
      expect(Math.floor(f * segments)).toBe(stops[i]);
      const o = dealRound("wheel", { serverSeed, clientSeed, nonce }, { segments, risk: "medium" });
      expect(o).toEqual({
        segment: stops[i],
        multiplier: wheelScaled(WHEEL_PAYTABLE[segments].medium[stops[i]!]!),
      });
    });
  });

  it("pays the multipliers of the known wheels: low rarely loses, high pays once per turn", () => {
    expect(WHEEL_PAYTABLE[10].low).toEqual([1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0]);
    expect(WHEEL_PAYTABLE[50].high.filter((m) => m > 0)).toEqual([49.5]);
    expect(WHEEL_PAYTABLE[20].medium.filter((m) => m === 0)).toHaveLength(10);
    expect(Math.max(...WHEEL_PAYTABLE[50].medium)).toBe(5);
  });

  it("knows its segment counts and risks only", () => {
    expect([10, 50].every(isWheelSegments)).toBe(true);
    expect([15, "10", 0].some(isWheelSegments)).toBe(false);
    expect(isWheelRisk("high")).toBe(true);
    expect(isWheelRisk("extreme")).toBe(false);
    expect(() =>
      dealRound("wheel", { serverSeed, clientSeed: "", nonce: 0 }, { segments: 15 as 10, risk: "low" }),
    ).toThrow(RangeError);
  });
});
