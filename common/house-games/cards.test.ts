/**
 * The card games' rules and their published vectors: seeds → cards, pinned once from the formulas and checked
 * against the spec stream written out again with node:crypto, so a player can recompute them with any HMAC
 * tool (card = floor(float × 52): rank = card mod 13 from the ace, suit = floor(card / 13) ♠ ♥ ♦ ♣).
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { streamOf } from "../provably-fair";
import {
  cardText,
  DECK_SIZE,
  dealFromDeck,
  dealRound,
  HILO_MAX_MULTIPLIER,
  HILO_MAX_SKIPS,
  hiloMultiplier,
  MULTIPLIER_SCALE,
  normalizeHolds,
  playHilo,
  pokerHandOf,
} from ".";

const serverSeed = "7f3c1a9e0b5d42c68e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

function specFloats(client: string, nonce: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => {
    const bytes = createHmac("sha256", serverSeed)
      .update(`${client}:${nonce}:${Math.floor(index / 8)}`)
      .digest();
    const o = (index % 8) * 4;
    return bytes[o]! / 256 + bytes[o + 1]! / 256 ** 2 + bytes[o + 2]! / 256 ** 3 + bytes[o + 3]! / 256 ** 4;
  });
}

/** A source reading fixed floats in order. */
const fixed = (floats: number[]) => {
  let at = 0;
  return (n: number) => {
    at += n;
    return floats.slice(at - n, at);
  };
};
/** The float that draws `card` from an infinite deck (the middle of its slice). */
const drawing = (card: number) => (card + 0.5) / DECK_SIZE;
const card = (rank: number, suit = 0) => suit * 13 + rank;

describe("card vectors (seeds → cards)", () => {
  it.each([
    ["lucky-harbor", 0, ["7♥", "7♥", "8♠", "A♠", "6♦", "8♥"]],
    ["lucky-harbor", 1, ["Q♥", "7♦", "J♥", "Q♦", "A♣", "4♥"]],
    ["player-seed-42", 7, ["A♦", "Q♠", "4♠", "A♠", "2♥", "2♠"]],
  ] as const)(
    "hilo: client seed %j, nonce %i: the start card and the next five",
    (clientSeed, nonce, cards) => {
      const seeds = { serverSeed, clientSeed, nonce };
      const round = dealRound("hilo", seeds, { moves: Array(5).fill("skip") });
      expect(round.cards.map(cardText)).toEqual(cards);
      expect(round.cards).toEqual(specFloats(clientSeed, nonce, 6).map((f) => Math.floor(f * 52)));
    },
  );

  it.each([
    ["lucky-harbor", 0, ["7♥", "6♥", "8♠", "A♠", "7♦"], ["10♥", "J♠", "9♥", "2♣", "Q♣"]],
    ["lucky-harbor", 1, ["Q♥", "8♦", "10♥", "K♦", "2♣"], ["3♥", "6♠", "J♠", "5♦", "3♣"]],
    ["player-seed-42", 7, ["A♦", "J♠", "4♠", "A♠", "4♥"], ["3♠", "J♥", "4♦", "2♥", "5♥"]],
  ] as const)(
    "video poker: client seed %j, nonce %i deals %j, then draws %j",
    (clientSeed, nonce, hand, draw) => {
      const seeds = { serverSeed, clientSeed, nonce };
      const all = dealRound("videopoker", seeds, { holds: [] });
      expect(all.hand.map(cardText)).toEqual(hand);
      expect(all.final.map(cardText)).toEqual(draw);
      // Fisher–Yates written out with splice over the deck in order, from the spec's floats.
      const left = Array.from({ length: 52 }, (_, i) => i);
      const spec = specFloats(clientSeed, nonce, 10).map(
        (f, i) => left.splice(Math.floor(f * (52 - i)), 1)[0]!,
      );
      expect([...all.hand, ...all.final]).toEqual(spec);
      // Holding cards 0 and 3 keeps them in place; the others take the draw's cards in turn.
      const held = dealRound("videopoker", seeds, { holds: [3, 0] });
      expect(held.final.map(cardText)).toEqual([hand[0], draw[0], draw[1], hand[3], draw[2]]);
    },
  );

  it("deals like a spliced deck, every card once", () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const floats = specFloats("deck", nonce, 52);
      const left = Array.from({ length: 52 }, (_, i) => i);
      const spliced = floats.map((f, i) => left.splice(Math.floor(f * (52 - i)), 1)[0]!);
      expect(dealFromDeck(fixed(floats), 52)).toEqual(spliced);
    }
    expect(new Set(dealFromDeck(streamOf({ serverSeed, clientSeed: "d", nonce: 1 }), 52)).size).toBe(52);
  });
});

describe("video poker hands", () => {
  it.each([
    [[card(0, 2), card(9, 2), card(10, 2), card(11, 2), card(12, 2)], "royal-flush"],
    [[card(0), card(1), card(2), card(3), card(4)], "straight-flush"],
    [[card(5, 0), card(5, 1), card(5, 2), card(5, 3), card(0)], "four-of-a-kind"],
    [[card(5, 0), card(5, 1), card(5, 2), card(2, 3), card(2)], "full-house"],
    [[card(1), card(3), card(5), card(7), card(12)], "flush"],
    [[card(0, 1), card(1), card(2), card(3), card(4)], "straight"],
    [[card(0, 1), card(12), card(11), card(10), card(9)], "straight"],
    [[card(11, 1), card(12), card(0), card(1), card(2)], "nothing"],
    [[card(7, 0), card(7, 1), card(7, 2), card(2, 3), card(3)], "three-of-a-kind"],
    [[card(7, 0), card(7, 1), card(2, 2), card(2, 3), card(3)], "two-pair"],
    [[card(10, 0), card(10, 1), card(2, 2), card(4, 3), card(6)], "jacks-or-better"],
    [[card(0, 0), card(0, 1), card(2, 2), card(4, 3), card(6)], "jacks-or-better"],
    [[card(9, 0), card(9, 1), card(2, 2), card(4, 3), card(6)], "nothing"],
  ] as const)("%j is %s", (cards, hand) => {
    expect(pokerHandOf(cards)).toBe(hand);
  });

  it("takes holds as positions 0–4, each once", () => {
    expect(normalizeHolds([4, 0])).toEqual([0, 4]);
    expect(normalizeHolds([])).toEqual([]);
    for (const bad of [[5], [-1], [1, 1], [0.5], "0", [0, 1, 2, 3, 4, 0], null])
      expect(normalizeHolds(bad)).toBeUndefined();
  });
});

describe("hilo rules", () => {
  it("pays a right guess by 0.99 × 13 / winning ranks, compounding; a wrong guess loses", () => {
    // 7 then 9 on "higher" (same or above: 7 of 13): 0.99 × 13 / 7 = 1.8385…
    const won = playHilo(fixed([drawing(card(6)), drawing(card(8, 1))]), ["higher"]);
    expect(won).toMatchObject({ odds: [7], multiplier: 18385, over: null });
    // …then a king on "lower", which on a king means strictly below (12 of 13).
    const twice = playHilo(fixed([drawing(card(6)), drawing(card(8)), drawing(card(12)), drawing(card(3))]), [
      "higher",
      "higher",
      "lower",
    ]);
    expect(twice.odds).toEqual([7, 5, 12]);
    expect(twice.multiplier).toBe(hiloMultiplier([7, 5, 12]));
    expect(twice.multiplier).toBe(Math.floor(10000 * (1287 / 700) * (1287 / 500) * (1287 / 1200)));
    // Same rank wins both ways; below loses "higher".
    expect(playHilo(fixed([drawing(4), drawing(4 + 13)]), ["lower"]).over).toBeNull();
    expect(playHilo(fixed([drawing(4), drawing(3)]), ["higher"])).toMatchObject({
      over: "lost",
      multiplier: 0,
    });
    // On an ace "higher" is strictly above: another ace loses it.
    expect(playHilo(fixed([drawing(0), drawing(13)]), ["higher"]).over).toBe("lost");
  });

  it("skips a card without touching the multiplier, a limited number of times; nothing after a loss", () => {
    const skip = Array(HILO_MAX_SKIPS).fill("skip");
    const r = playHilo(fixed(Array(HILO_MAX_SKIPS + 1).fill(drawing(5))), skip);
    expect([r.skips, r.multiplier, r.cards.length]).toEqual([
      HILO_MAX_SKIPS,
      MULTIPLIER_SCALE,
      HILO_MAX_SKIPS + 1,
    ]);
    expect(() => playHilo(fixed(Array(HILO_MAX_SKIPS + 2).fill(drawing(5))), [...skip, "skip"])).toThrow(
      RangeError,
    );
    expect(() => playHilo(fixed([drawing(4), drawing(3), drawing(3)]), ["higher", "lower"])).toThrow(
      RangeError,
    );
  });

  it("cashes the round out for the player at the largest win", () => {
    // A 2 each time, guessed "lower or same" (2 of 13: ×6.435): the 8th right guess passes 1,000,000×.
    const twos = fixed(Array(10).fill(drawing(1)));
    const seven = playHilo(fixed(Array(10).fill(drawing(1))), Array(7).fill("lower"));
    expect([seven.over, seven.multiplier < HILO_MAX_MULTIPLIER]).toEqual([null, true]);
    const r = playHilo(twos, Array(8).fill("lower"));
    expect(r.over).toBe("capped");
    expect(r.multiplier).toBe(hiloMultiplier(Array(8).fill(2)));
    expect(r.multiplier).toBeGreaterThanOrEqual(HILO_MAX_MULTIPLIER);
    expect(() => playHilo(fixed(Array(10).fill(drawing(1))), Array(9).fill("lower"))).toThrow(RangeError);
  });
});
