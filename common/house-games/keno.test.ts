import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { streamOf } from "../provably-fair";
import {
  dealRound,
  isKenoPicks,
  KENO_PAYTABLE,
  KENO_RISKS,
  kenoDraw,
  kenoHitChance,
  kenoMultiplier,
  playKeno,
} from ".";

const serverSeed = "7f3c1a9e0b5d42c68e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

function specFloat(client: string, nonce: number, index: number): number {
  const bytes = createHmac("sha256", serverSeed)
    .update(`${client}:${nonce}:${Math.floor(index / 8)}`)
    .digest();
  const o = (index % 8) * 4;
  return bytes[o]! / 256 + bytes[o + 1]! / 256 ** 2 + bytes[o + 2]! / 256 ** 3 + bytes[o + 3]! / 256 ** 4;
}

describe("keno", () => {
  // Pinned: seeds → the 10 numbers drawn, in order; picks 1–10 on the classic table.
  it.each([
    ["lucky-harbor", 0, [15, 16, 6, 1, 26, 19, 9, 18, 32, 40], [1, 6, 9], "1.40"],
    ["player-seed-42", 7, [21, 9, 3, 1, 13, 2, 19, 24, 12, 14], [1, 2, 3, 9], "2.25"],
    ["", 1000, [35, 4, 3, 19, 22, 9, 39, 1, 5, 18], [1, 3, 4, 5, 9], "4.49"],
  ] as const)("client seed %j, nonce %i draws %j", (clientSeed, nonce, drawn, hits, multiplier) => {
    const picks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const o = dealRound("keno", { serverSeed, clientSeed, nonce }, { picks, risk: "classic" });
    expect(o).toEqual({ drawn, hits, multiplier: Math.round(Number(multiplier) * 10_000) });
    // Fisher–Yates written out again: the i-th float takes floor(f × (40 − i)) of the numbers left.
    const left = Array.from({ length: 40 }, (_, i) => i + 1);
    const again = drawn.map(
      (_, i) => left.splice(Math.floor(specFloat(clientSeed, nonce, i) * (40 - i)), 1)[0],
    );
    expect(again).toEqual(drawn);
  });

  it("draws 10 different numbers from 1 to 40, whatever the seeds", () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const drawn = kenoDraw(streamOf({ serverSeed, clientSeed: "k", nonce }));
      expect(drawn).toHaveLength(10);
      expect(new Set(drawn).size).toBe(10);
      expect(drawn.every((n) => Number.isInteger(n) && n >= 1 && n <= 40)).toBe(true);
    }
  });

  it("takes 1 to 10 different whole numbers from 1 to 40 as picks, nothing else", () => {
    expect(isKenoPicks([1])).toBe(true);
    expect(isKenoPicks([40, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(true);
    for (const bad of [[], [0], [41], [1.5], [3, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], ["1"], null, "1"])
      expect(isKenoPicks(bad)).toBe(false);
    expect(() => playKeno(streamOf({ serverSeed, clientSeed: "k", nonce: 0 }), [2, 2], "low")).toThrow(
      RangeError,
    );
  });

  it("has a table per risk and pick count, one multiplier per possible hit count, never falling with hits", () => {
    for (const risk of KENO_RISKS) {
      expect(KENO_PAYTABLE[risk]).toHaveLength(10);
      KENO_PAYTABLE[risk].forEach((row, i) => {
        expect(row).toHaveLength(i + 2);
        for (let h = 1; h < row.length; h++) expect(row[h]).toBeGreaterThanOrEqual(row[h - 1]!);
        // 4 decimals at most: the multiplier is exact in 10^-4.
        for (const m of row) expect(Math.abs(m * 10_000 - Math.round(m * 10_000))).toBeLessThan(1e-6);
      });
    }
    expect(kenoMultiplier("high", 2, 2)).toBe(171_600);
  });

  it("the hit chances of each pick count are the hypergeometric distribution and add up to 1", () => {
    for (let picks = 1; picks <= 10; picks++) {
      const total = Array.from({ length: picks + 1 }, (_, h) => kenoHitChance(picks, h)).reduce(
        (a, b) => a + b,
      );
      expect(total).toBeCloseTo(1, 12);
    }
    // One pick hits with 10 / 40.
    expect(kenoHitChance(1, 1)).toBeCloseTo(0.25, 15);
    // Ten picks all drawn: 1 / C(40, 10).
    expect(kenoHitChance(10, 10)).toBeCloseTo(1 / 847_660_528, 20);
  });
});
