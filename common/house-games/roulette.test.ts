import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  dealRound,
  MULTIPLIER_SCALE,
  playRoulette,
  ROULETTE_WHEEL,
  type RouletteBet,
  rouletteColor,
  rouletteCovers,
  roulettePayout,
  rouletteProblems,
  rouletteStake,
} from ".";

const serverSeed = "7f3c1a9e0b5d42c68e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

/** The first float of a bet's stream by the spec formula, written out with node:crypto. */
function specFloat(clientSeed: string, nonce: number): number {
  const b = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  return b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4;
}

const at = (pocket: number) => () => [(pocket + 0.5) / 37];

describe("European roulette", () => {
  // Published vectors: pocket = floor(float × 37), pinned so any change of the stream or the mapping shows.
  it.each([
    ["lucky-harbor", 0, 13],
    ["lucky-harbor", 1, 17],
    ["lucky-harbor", 2, 3],
    ["player-seed-42", 0, 33],
    ["player-seed-42", 7, 18],
    ["", 1000, 32],
  ] as const)("client seed %j, nonce %i lands on %i", (clientSeed, nonce, pocket) => {
    expect(Math.floor(specFloat(clientSeed, nonce) * 37)).toBe(pocket);
    const o = dealRound(
      "roulette",
      { serverSeed, clientSeed, nonce },
      { bets: [{ kind: "red", amount: "1" }] },
    );
    expect(o.pocket).toBe(pocket);
    expect(o.color).toBe(rouletteColor(pocket));
  });

  it("has the single-zero wheel: 37 pockets, 18 red, 18 black, colours alternating around it", () => {
    expect([...ROULETTE_WHEEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    const colours = ROULETTE_WHEEL.map(rouletteColor);
    expect(colours.filter((c) => c === "red")).toHaveLength(18);
    for (let i = 1; i < 36; i++) expect(colours[i]).not.toBe(colours[i + 1]);
  });

  it("accepts the table's bets only, whatever order their numbers come in", () => {
    const ok: Omit<RouletteBet, "amount">[] = [
      { kind: "straight", numbers: [0] },
      { kind: "split", numbers: [20, 17] },
      { kind: "split", numbers: [0, 3] },
      { kind: "street", numbers: [34, 35, 36] },
      { kind: "trio", numbers: [2, 0, 1] },
      { kind: "corner", numbers: [32, 33, 35, 36] },
      { kind: "basket", numbers: [0, 1, 2, 3] },
      { kind: "line", numbers: [31, 32, 33, 34, 35, 36] },
      { kind: "dozen", target: 3 },
      { kind: "column", target: 1 },
      { kind: "black" },
    ];
    for (const b of ok) expect(rouletteCovers(b)).toBeDefined();
    const bad = [
      { kind: "straight", numbers: [37] },
      { kind: "straight", numbers: [1.5] },
      { kind: "split", numbers: [3, 4] }, // not neighbours: 3 tops one column, 4 starts the next
      { kind: "split", numbers: [0, 4] },
      { kind: "split", numbers: [5, 5] },
      { kind: "street", numbers: [2, 3, 4] },
      { kind: "trio", numbers: [0, 1, 3] },
      { kind: "corner", numbers: [3, 4, 6, 7] },
      { kind: "line", numbers: [34, 35, 36, 37, 38, 39] },
      { kind: "dozen", target: 4 },
      { kind: "dozen" },
      { kind: "red", target: 1 },
      { kind: "red", numbers: [1] },
      { kind: "straight" },
      { kind: "neighbours", numbers: [0] },
    ];
    for (const b of bad) expect([b, rouletteCovers(b as RouletteBet)]).toEqual([b, undefined]);
    expect(rouletteCovers({ kind: "column", target: 2 })).toEqual([
      2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35,
    ]);
  });

  it("names each bad bet of a list by its index", () => {
    expect(rouletteProblems([])).toEqual({ "roulette.bets": ["From 1 to 200 bets"] });
    expect(
      Object.keys(
        rouletteProblems([
          { kind: "red", amount: "1" },
          { kind: "split", numbers: [1, 5], amount: "1" },
          { kind: "odd", amount: "0" },
        ]),
      ),
    ).toEqual(["roulette.bets.1", "roulette.bets.2.amount"]);
  });

  it("pays each winning bet its odds and the stake, and nothing on the zero to the outside bets", () => {
    const bets: RouletteBet[] = [
      { kind: "straight", numbers: [17], amount: "1" },
      { kind: "split", numbers: [17, 20], amount: "2" },
      { kind: "corner", numbers: [13, 14, 16, 17], amount: "0.5" },
      { kind: "line", numbers: [13, 14, 15, 16, 17, 18], amount: "1.25" },
      { kind: "black", amount: "3" },
      { kind: "red", amount: "3" },
      { kind: "dozen", target: 2, amount: "1" },
      { kind: "column", target: 2, amount: "1" },
    ];
    expect(rouletteStake(bets)).toBe("12.75");
    const o = dealRound("roulette", { serverSeed, clientSeed: "x", nonce: 0 }, { bets });
    const won = bets.map((b) => rouletteCovers(b)!.includes(o.pocket));
    expect(o.wins.map((w) => w > 0)).toEqual(won);
    const seventeen = playRoulette(at(17), bets);
    expect(seventeen.wins.map((w) => w / MULTIPLIER_SCALE)).toEqual([36, 18, 9, 6, 2, 0, 3, 3]);
    // 36 + 36 + 4.5 + 7.5 + 6 + 3 + 3
    expect(roulettePayout(bets, seventeen.wins, 2)).toBe("96");
    const zero = playRoulette(at(0), bets);
    expect(zero.wins).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(roulettePayout(bets, zero.wins, 2)).toBe("0");
  });
});
