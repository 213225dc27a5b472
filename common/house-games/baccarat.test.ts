import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  BACCARAT_RETURNS,
  baccaratPayout,
  baccaratPoints,
  bankerDraws,
  cardText,
  dealBaccarat,
  dealRound,
} from ".";

const serverSeed = "7f3c1a9e0b5d42c68e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

/** The i-th float of a bet's stream, written out again with node:crypto (PROTOCOLS.md section 4). */
function specFloat(client: string, nonce: number, index: number): number {
  const bytes = createHmac("sha256", serverSeed)
    .update(`${client}:${nonce}:${Math.floor(index / 8)}`)
    .digest();
  const o = (index % 8) * 4;
  return bytes[o]! / 256 + bytes[o + 1]! / 256 ** 2 + bytes[o + 2]! / 256 ** 3 + bytes[o + 3]! / 256 ** 4;
}

/** A source dealing the given card indexes in order (the float in the middle of each card's 1/52). */
const deck = (cards: number[]) => {
  const rest = [...cards];
  return (n: number) => rest.splice(0, n).map((c) => (c + 0.5) / 52);
};
/** Card indexes of the given points (spades: ace = 0 … nine = 8, ten = 9). */
const pts = (...p: number[]) => p.map((x) => (x === 0 ? 9 : x - 1));

describe("baccarat", () => {
  // Pinned: seeds → cards (indexes 0–51, in the order dealt), totals and winner. A player can check them with
  // any HMAC tool: card i of the round is floor(float_i × 52), dealt player, banker, player, banker, then the
  // third cards.
  it.each([
    ["lucky-harbor", 0, [19, 7], [19, 0], 5, 8, "banker"],
    ["lucky-harbor", 1, [24, 23, 39], [32, 37], 1, 7, "banker"],
    ["player-seed-42", 7, [26, 3, 14], [11, 0, 1], 7, 3, "player"],
    ["", 1000, [45, 3, 26], [4, 22], 2, 5, "banker"],
    ["baccarat", 0, [33, 33], [1, 14, 14], 6, 6, "tie"],
    ["baccarat", 4, [24, 12, 14], [22, 51, 11], 2, 0, "player"],
    ["baccarat", 5, [3, 27], [27, 36, 47], 6, 1, "player"],
  ] as const)(
    "client seed %j, nonce %i deals player %j, banker %j",
    (clientSeed, nonce, player, banker, pt, bt, winner) => {
      const hand = dealRound("baccarat", { serverSeed, clientSeed, nonce }, { bets: { player: "1" } });
      expect(hand).toEqual({ player, banker, playerTotal: pt, bankerTotal: bt, winner });
      // The table's order of the stream's floats.
      const order = [player[0], banker[0], player[1], banker[1], ...player.slice(2), ...banker.slice(2)];
      expect(order).toEqual(order.map((_, i) => Math.floor(specFloat(clientSeed, nonce, i) * 52)));
    },
  );

  it("names cards: rank index mod 13 from the ace, suit by thirteens; tens and faces count 0", () => {
    expect([0, 22, 51].map(cardText)).toEqual(["A♠", "10♥", "K♣"]);
    expect(Array.from({ length: 13 }, (_, i) => baccaratPoints(26 + i))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0,
    ]);
  });

  it("the banker's drawing chart, row by row (player's third card 0–9; none when the player stood)", () => {
    const row = (b: number) =>
      Array.from({ length: 10 }, (_, p3) => (bankerDraws(b, p3) ? "D" : "S")).join("");
    expect([0, 1, 2].map(row)).toEqual(["DDDDDDDDDD", "DDDDDDDDDD", "DDDDDDDDDD"]);
    expect(row(3)).toBe("DDDDDDDDSD");
    expect(row(4)).toBe("SSDDDDDDSS");
    expect(row(5)).toBe("SSSSDDDDSS");
    expect(row(6)).toBe("SSSSSSDDSS");
    expect(row(7)).toBe("SSSSSSSSSS");
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((b) => bankerDraws(b, undefined))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("deals by the rules: naturals stand, the player draws on 0–5, the banker follows the chart", () => {
    // A natural 8 for the player: nobody draws.
    expect(dealBaccarat(deck(pts(4, 1, 4, 2, 9, 9)))).toMatchObject({ player: pts(4, 4), banker: pts(1, 2) });
    // Player 6 stands; banker 5 draws (the next card is the banker's).
    expect(dealBaccarat(deck(pts(3, 2, 3, 3, 1)))).toMatchObject({
      player: pts(3, 3),
      banker: pts(2, 3, 1),
      bankerTotal: 6,
      winner: "tie",
    });
    // Player 5 draws an 8; banker 3 stands on a player's third 8.
    expect(dealBaccarat(deck(pts(2, 1, 3, 2, 8, 9)))).toMatchObject({
      player: pts(2, 3, 8),
      banker: pts(1, 2),
      playerTotal: 3,
      bankerTotal: 3,
      winner: "tie",
    });
    // Player 4 draws a 7; banker 6 draws on a 7 and makes 9.
    expect(dealBaccarat(deck(pts(1, 3, 3, 3, 7, 3)))).toMatchObject({
      player: pts(1, 3, 7),
      banker: pts(3, 3, 3),
      playerTotal: 1,
      bankerTotal: 9,
      winner: "banker",
    });
  });

  it("pays each spot: player 1:1, banker 0.95:1, tie 8:1 with player and banker pushed", () => {
    expect(BACCARAT_RETURNS.banker.banker).toBe(19_500);
    expect(baccaratPayout({ player: "10", tie: "1" }, "player", 2)).toBe("20");
    expect(baccaratPayout({ player: "10", tie: "1" }, "banker", 2)).toBe("0");
    expect(baccaratPayout({ player: "10", banker: "5", tie: "1" }, "tie", 2)).toBe("24");
    expect(baccaratPayout({ banker: "10" }, "banker", 2)).toBe("19.5");
    // Each spot is rounded down to the currency's unit by itself: 0.01 × 1.95 = 0.0195 pays 0.01.
    expect(baccaratPayout({ banker: "0.01", player: "0.01" }, "banker", 2)).toBe("0.01");
    expect(baccaratPayout({ banker: "0.00001" }, "banker", 8)).toBe("0.0000195");
  });
});
