import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { diceRoll, limboResultCents, minePositions, playDice, playPlinko, playSlot } from "./house-games";
import { commitment, floats, streamOf } from "./provably-fair";

const serverSeed = "7f3c1a9e0b5d42c68e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

/** The spec formula written out again with node:crypto, independent of the code under test. */
function specFloat(server: string, client: string, nonce: number, index: number): number {
  const round = Math.floor(index / 8);
  const bytes = createHmac("sha256", server).update(`${client}:${nonce}:${round}`).digest();
  const o = (index % 8) * 4;
  return bytes[o]! / 256 + bytes[o + 1]! / 256 ** 2 + bytes[o + 2]! / 256 ** 3 + bytes[o + 3]! / 256 ** 4;
}

describe("provably fair stream (PROTOCOLS.md section 4)", () => {
  it("commits to the server seed with its SHA-256", () => {
    expect(commitment(serverSeed)).toBe(createHash("sha256").update(serverSeed).digest("hex"));
    expect(commitment(serverSeed)).toBe("8b9cb4922eabc53bbb9d91c3298db9d6089d504344109ec25921acf7b9003767");
  });

  it("makes the floats of the spec formula, 8 per HMAC round, continuing into the next round", () => {
    const got = floats({ serverSeed, clientSeed: "abc", nonce: 3 }, 20);
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => specFloat(serverSeed, "abc", 3, i)));
    expect(got.every((f) => f >= 0 && f < 1)).toBe(true);
  });

  // Published vectors: computed once from the formula floor(float × 10001) / 100 and pinned here, so any
  // change of the stream or the mapping is caught, and a player can check them with any HMAC tool.
  it.each([
    ["lucky-harbor", 0, 37.43],
    ["lucky-harbor", 1, 47.87],
    ["lucky-harbor", 2, 9.73],
    ["player-seed-42", 0, 90.01],
    ["player-seed-42", 7, 51.2],
    ["", 1000, 86.66],
  ] as const)("dice: client seed %j, nonce %i rolls %d", (clientSeed, nonce, roll) => {
    const seeds = { serverSeed, clientSeed, nonce };
    expect(diceRoll(floats(seeds, 1)[0]!)).toBe(roll);
    expect(Math.floor(specFloat(serverSeed, clientSeed, nonce, 0) * 10001) / 100).toBe(roll);
    const bet = playDice(streamOf(seeds), { target: 50, direction: "under" });
    expect(bet).toEqual({ roll, win: roll < 50, multiplier: roll < 50 ? 19801 : 0 });
  });

  it("reads the stream in order across calls: draws made as a game goes are the stream's next floats", () => {
    const seeds = { serverSeed, clientSeed: "cursor", nonce: 3 };
    const s = streamOf(seeds);
    const drawn = [...s(3), ...s(1), ...s(9), ...s(4)];
    expect(drawn).toEqual(floats(seeds, 17));
    expect(drawn[16]).toBe(specFloat(serverSeed, "cursor", 3, 16));
  });

  it("gives every game the same outcome for the same triple, and another for the next nonce", () => {
    const at = (nonce: number) => {
      const s = streamOf({ serverSeed, clientSeed: "same", nonce });
      return {
        limbo: limboResultCents(s(1)[0]!),
        mines: minePositions(s, 5),
        plinko: playPlinko(s, 16, "high").path,
        slot: playSlot(s).stops,
      };
    };
    expect(at(11)).toEqual(at(11));
    expect(at(11)).not.toEqual(at(12));
  });

  it("places distinct mines by Fisher–Yates over the 25 tiles", () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const mines = minePositions(streamOf({ serverSeed, clientSeed: "m", nonce }), 24);
      expect(new Set(mines).size).toBe(24);
      expect(mines.every((t) => t >= 0 && t < 25)).toBe(true);
    }
    // The first pick is floor(f0 × 25) of tiles 0…24.
    const f0 = specFloat(serverSeed, "m", 0, 0);
    expect(minePositions(streamOf({ serverSeed, clientSeed: "m", nonce: 0 }), 1)).toEqual([
      Math.floor(f0 * 25),
    ]);
  });

  it("limbo: floor(99 / float) / 100 computed in integers, at least 1, at most 1,000,000", () => {
    expect(limboResultCents(0)).toBe(100_000_000);
    expect(limboResultCents(0.99)).toBe(100);
    expect(limboResultCents(0.5)).toBe(198);
    expect(limboResultCents(0.999999)).toBe(100);
    expect(limboResultCents(0.25)).toBe(396);
  });
});
