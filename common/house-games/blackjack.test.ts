import { describe, expect, it } from "vitest";
import { type FloatSource, floats, streamOf } from "../provably-fair";
import {
  applyBlackjack,
  BLACKJACK_SHOE,
  type BlackjackAction,
  basicStrategy,
  blackjackPublicView,
  blackjackReturn,
  dealBlackjack,
  drawCard,
  handTotal,
  legalBlackjackActions,
  replayBlackjack,
} from "./blackjack";
import { rankOf, suitOf } from "./cards";

/** Cards by rank text, from the first deck's spades (or the next deck when used already). */
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/**
 * A stream that deals the named cards in order: each float points at the wanted card among those left, the
 * engine's own rule read backwards. Cards of one rank come from successive decks, so a hand can repeat a rank.
 */
function rigged(ranks: string[]): FloatSource & { left: () => number } {
  const drawn: number[] = [];
  const used = new Map<number, number>();
  const cards = ranks.map((r) => {
    const rank = RANKS.indexOf(r);
    if (rank < 0) throw new Error(r);
    const n = used.get(rank) ?? 0;
    used.set(rank, n + 1);
    return rank + 52 * n;
  });
  let i = 0;
  const source = ((count: number) =>
    Array.from({ length: count }, () => {
      const c = cards[i++];
      if (c === undefined) throw new Error("the rigged shoe ran out");
      const k = c - drawn.filter((d) => d < c).length;
      drawn.push(c);
      return (k + 0.5) / (BLACKJACK_SHOE - drawn.length + 1);
    })) as FloatSource & { left: () => number };
  source.left = () => cards.length - i;
  return source;
}

/** Deals `ranks` (player, dealer up, player, dealer hole, then the rest) and plays `moves`. */
function play(ranks: string[], moves: BlackjackAction[] = []) {
  const src = rigged(ranks);
  const s = replayBlackjack(src, moves);
  return { s, left: src.left(), r: blackjackReturn(s) };
}
const rankText = (c: number) => RANKS[rankOf(c)]!;

describe("blackjack: the shoe", () => {
  it("draws the i-th card at floor(float × (312 − i)) among the cards left, in shoe order", () => {
    // Splicing out of an ordered array of the 312 cards is the rule as written; drawCard must agree with it.
    const seeds = { serverSeed: "ab".repeat(32), clientSeed: "shoe", nonce: 3 };
    const fs = floats(seeds, 60);
    const shoe = Array.from({ length: BLACKJACK_SHOE }, (_, i) => i);
    const expected = fs.map((f, i) => shoe.splice(Math.floor(f * (BLACKJACK_SHOE - i)), 1)[0]!);
    const src = streamOf(seeds);
    const drawn: number[] = [];
    for (let i = 0; i < 60; i++) drawCard(src, drawn);
    expect(drawn).toEqual(expected);
    expect(new Set(drawn).size).toBe(60);
    // The whole shoe: every card once, then no more.
    const all: number[] = [];
    const fast = streamOf({ ...seeds, nonce: 4 });
    for (let i = 0; i < BLACKJACK_SHOE; i++) drawCard(fast, all);
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: BLACKJACK_SHOE }, (_, i) => i));
    expect(() => drawCard(fast, all)).toThrow(RangeError);
  });

  it("pinned vectors: these seeds deal these cards", () => {
    const serverSeed = "3f".repeat(32);
    const deal = (nonce: number) => dealBlackjack(streamOf({ serverSeed, clientSeed: "player-seed", nonce }));
    expect(deal(0).drawn).toEqual([59, 231, 218, 196]);
    expect(deal(1).drawn).toEqual([254, 30, 309, 113]);
    expect(deal(2).drawn).toEqual([151, 61, 214, 13]);
    expect(deal(3).drawn).toEqual([43, 12, 166, 278]);
    // 59 is the second deck's 8 of spades; 231 the fifth deck's jack of hearts.
    expect([rankText(59), suitOf(59), Math.floor(59 / 52)]).toEqual(["8", "spades", 1]);
    expect([rankText(231), suitOf(231), Math.floor(231 / 52)]).toEqual(["J", "hearts", 4]);
    // A round with moves: the same seeds and moves always give the same cards.
    const src = streamOf({ serverSeed, clientSeed: "player-seed", nonce: 0 });
    const s = replayBlackjack(src, ["hit"]);
    expect(s.drawn.slice(0, 5)).toEqual([59, 231, 218, 196, s.player[0]!.cards[2]]);
    expect(replayBlackjack(streamOf({ serverSeed, clientSeed: "player-seed", nonce: 0 }), ["hit"])).toEqual(
      s,
    );
  });
});

describe("blackjack: the rules", () => {
  it("totals: aces count 11 unless that busts", () => {
    expect(handTotal([0, 5])).toEqual({ total: 17, soft: true }); // A 6
    expect(handTotal([0, 5, 9])).toEqual({ total: 17, soft: false }); // A 6 10
    expect(handTotal([0, 52, 8])).toEqual({ total: 21, soft: true }); // A A 9
    expect(handTotal([12, 11, 1])).toEqual({ total: 22, soft: false });
  });

  it("the dealer stands on soft 17 and hits soft 16", () => {
    const soft17 = play(["10", "A", "8", "6"], ["no-insurance", "stand"]);
    expect(soft17.s.dealer.map(rankText)).toEqual(["A", "6"]);
    expect(soft17.s.player[0]!.result).toBe("win");
    // An ace up first offers insurance; then the dealer's soft 16 draws.
    const soft16 = play(["10", "A", "8", "5", "3"], ["no-insurance", "stand"]);
    expect(soft16.s.dealer.map(rankText)).toEqual(["A", "5", "3"]);
    expect(soft16.s.player[0]!.result).toBe("lose");
    expect(soft16.left).toBe(0);
    // Hard 16 draws, hard 17 stands.
    expect(play(["10", "10", "8", "6", "5"], ["stand"]).s.player[0]!.result).toBe("lose");
    expect(play(["10", "10", "8", "7"], ["stand"]).s.player[0]!.result).toBe("win");
  });

  it("blackjack pays 3:2, and beats a dealer's 21 of three cards; a 21 of three cards is a win, not 3:2", () => {
    const bj = play(["A", "9", "K", "7"]);
    expect(bj.s.phase).toBe("done");
    expect(bj.r).toEqual({ staked: 1, returned: 2.5 });
    // Reaching 21 ends the hand by itself: no stand needed.
    const three21 = play(["5", "9", "6", "7", "10", "5"], ["hit"]);
    expect(handTotal(three21.s.player[0]!.cards).total).toBe(21);
    expect(three21.s.dealer.map(rankText)).toEqual(["9", "7", "5"]);
    // Player 21 in three cards against dealer 21 in three: a push at 1:1, never 3:2.
    expect(three21.s.player[0]!.result).toBe("push");
    expect(three21.r).toEqual({ staked: 1, returned: 1 });
    const beats = play(["5", "9", "6", "7", "10", "2"], ["hit"]);
    expect(beats.r).toEqual({ staked: 1, returned: 2 });
  });

  it("the dealer peeks under a ten: blackjack ends the round before any move; two blackjacks push", () => {
    const lost = play(["9", "K", "9", "A"]);
    expect(lost.s.phase).toBe("done");
    expect(legalBlackjackActions(lost.s)).toEqual([]);
    expect(lost.r).toEqual({ staked: 1, returned: 0 });
    expect(play(["A", "K", "Q", "A"]).r).toEqual({ staked: 1, returned: 1 });
  });

  it("insurance on an ace: half the stake, paid 2:1 when the dealer has blackjack, lost otherwise", () => {
    const offered = play(["10", "A", "9", "K"]);
    expect(legalBlackjackActions(offered.s)).toEqual(["insurance", "no-insurance"]);
    const insured = play(["10", "A", "9", "K"], ["insurance"]);
    expect(insured.s.phase).toBe("done");
    expect(insured.r).toEqual({ staked: 1.5, returned: 1.5 }); // the hand lost, the insurance made it even
    const declined = play(["10", "A", "9", "K"], ["no-insurance"]);
    expect(declined.r).toEqual({ staked: 1, returned: 0 });
    // No dealer blackjack: the insurance is lost and play goes on.
    const wasted = play(["10", "A", "9", "7"], ["insurance", "stand"]);
    expect(wasted.s.player[0]!.result).toBe("win");
    expect(wasted.r).toEqual({ staked: 1.5, returned: 2 });
    // A player blackjack under an ace: insurance is even money; declined, the two blackjacks push.
    expect(play(["A", "A", "K", "K"], ["insurance"]).r).toEqual({ staked: 1.5, returned: 2.5 });
    expect(play(["A", "A", "K", "K"], ["no-insurance"]).r).toEqual({ staked: 1, returned: 1 });
    expect(play(["A", "A", "K", "7"], ["no-insurance"]).r).toEqual({ staked: 1, returned: 2.5 });
    // No insurance without an ace up, and no moves before the answer.
    expect(() => play(["10", "9", "9", "7"], ["insurance"])).toThrow(RangeError);
    expect(() => play(["10", "A", "9", "7"], ["hit"])).toThrow(RangeError);
  });

  it("double: on any first two cards, one card, twice the stake; not after a hit", () => {
    const d = play(["6", "6", "5", "10", "10", "7"], ["double"]);
    expect(d.s.player[0]!.cards).toHaveLength(3);
    expect(d.s.player[0]!.doubled).toBe(true);
    expect(d.s.dealer.map(rankText)).toEqual(["6", "10", "7"]); // dealer busts on 23
    expect(d.r).toEqual({ staked: 2, returned: 4 });
    // Doubling a soft 19 is allowed (any two cards); losing it loses both units.
    const soft = play(["A", "10", "8", "9", "5"], ["double"]);
    expect(soft.r).toEqual({ staked: 2, returned: 0 });
    expect(() => play(["2", "10", "3", "7", "4"], ["hit", "double"])).toThrow(RangeError);
  });

  it("pushes return the stake; a bust loses even when the dealer busts too", () => {
    expect(play(["10", "10", "8", "8"], ["stand"]).r).toEqual({ staked: 1, returned: 1 });
    const bust = play(["10", "6", "6", "10", "K"], ["hit"]);
    expect(bust.s.player[0]!.result).toBe("bust");
    // Every hand bust: the dealer does not draw.
    expect(bust.s.dealer).toHaveLength(2);
    expect(bust.r.returned).toBe(0);
  });

  it("split: pairs of equal value, up to four hands, each played in turn; double after a split", () => {
    // 8 8 against a 6: split, the first 8 draws a 3 and doubles (draws a 10), the second draws a 10 and stands.
    const s = play(["8", "6", "8", "10", "3", "10", "10", "3"], ["split", "double", "stand"]);
    expect(s.s.player.map((h) => h.cards.map(rankText))).toEqual([
      ["8", "3", "10"],
      ["8", "10"],
    ]);
    expect(s.s.dealer.map(rankText)).toEqual(["6", "10", "3"]);
    expect(s.s.player.map((h) => h.result)).toEqual(["win", "lose"]);
    expect(s.r).toEqual({ staked: 3, returned: 4 });
    expect(s.left).toBe(0);
    // Tens of different faces split (equal value); a pair of a 9 and a 10 does not.
    expect(legalBlackjackActions(play(["K", "9", "J", "7"]).s)).toContain("split");
    expect(legalBlackjackActions(play(["9", "9", "10", "7"]).s)).not.toContain("split");
    // Resplits up to four hands, no fifth.
    const four = play(["8", "6", "8", "10", "8", "8", "8"], ["split", "split", "split"]);
    expect(four.s.player).toHaveLength(4);
    expect(legalBlackjackActions(four.s)).not.toContain("split");
    // A split hand's 21 is not a blackjack: it pays 1:1.
    const ten = play(["A", "6", "A", "10", "K", "2", "4"], ["split"]);
    expect(ten.s.player.map((h) => h.cards.map(rankText))).toEqual([
      ["A", "K"],
      ["A", "2"],
    ]);
    expect(ten.s.player[0]!.result).toBe("win");
    expect(ten.r.returned).toBe(2);
  });

  it("split aces take one card each and play ends; they neither hit nor split again", () => {
    const aces = play(["A", "7", "A", "10", "A", "5"], ["split"]);
    expect(aces.s.phase).toBe("done");
    expect(aces.s.player.map((h) => h.cards.map(rankText))).toEqual([
      ["A", "A"],
      ["A", "5"],
    ]);
    expect(aces.s.player.map((h) => h.result)).toEqual(["lose", "lose"]);
    expect(aces.r).toEqual({ staked: 2, returned: 0 });
  });

  it("the open round's view hides the hole card and the draw order", () => {
    const open = play(["10", "6", "5", "Q"]).s;
    const view = blackjackPublicView(open) as Record<string, unknown>;
    expect(view.dealer).toEqual([open.dealer[0]]);
    expect(view.drawn).toBeUndefined();
    const done = play(["10", "6", "5", "Q", "10"], ["hit"]).s;
    expect(blackjackPublicView(done)).toEqual(done);
  });

  it("basic strategy: a few textbook moves", () => {
    const move = (ranks: string[]) => basicStrategy(dealBlackjack(rigged(ranks)));
    expect(move(["10", "5", "6", "9"])).toBe("stand"); // 16 v 5
    expect(move(["10", "7", "6", "9"])).toBe("hit"); // 16 v 7
    expect(move(["6", "10", "5", "9"])).toBe("double"); // 11 v 10
    expect(move(["8", "K", "8", "9"])).toBe("split");
    expect(move(["K", "6", "Q", "9"])).toBe("stand");
    expect(move(["A", "4", "7", "9"])).toBe("double"); // soft 18 v 4
    expect(move(["A", "9", "7", "9"])).toBe("hit"); // soft 18 v 9
    expect(move(["10", "A", "6", "2"])).toBe("no-insurance");
  });

  it("a move the rules do not allow throws and changes nothing", () => {
    const s = play(["10", "6", "5", "Q"]).s;
    const before = JSON.stringify(s);
    expect(() => applyBlackjack(s, "split", rigged([]))).toThrow(RangeError);
    expect(JSON.stringify(s)).toBe(before);
  });
});
