import { describe, expect, it } from "vitest";
import type { SelectionResult } from "../port";
import {
  type FinalScore,
  type Kind,
  lineResult,
  makeSpec,
  outcomeResults,
  type Scope,
  settleMarket,
} from "./markets";
import { formatOdds, priceWithMargin, roundOdds } from "./odds";

const naming = { home: "Arsenal", away: "Chelsea", unit: "goals", firstPart: "1st half" };
const score = (home: number, away: number, ht: [number, number] = [0, 0]): FinalScore => ({
  ft: { home, away },
  reg: { home, away },
  h1: { home: ht[0], away: ht[1] },
});
const settle = (
  kind: Kind,
  final: FinalScore,
  opts: { line?: number; scope?: Scope; scores?: Array<[number, number]>; others?: boolean } = {},
) => outcomeResults(makeSpec(kind, opts.scope ?? "reg", naming, opts), final);

describe("settlement of a line", () => {
  // value = goal difference + handicap (or total - line for an over).
  it.each<[number, SelectionResult]>([
    [1.5, "won"],
    [0.5, "won"],
    [0.25, "half_won"],
    [0, "void"],
    [-0.25, "half_lost"],
    [-0.5, "lost"],
    [-0.75, "lost"],
    [0.75, "won"],
    [1, "won"],
    [-1, "lost"],
  ])("%d settles %s", (value, result) => {
    expect(lineResult(value)).toBe(result);
  });
});

describe("settlement per market", () => {
  it("match result, double chance, draw no bet and both teams to score", () => {
    expect(settle("1x2", score(2, 1))).toEqual(["won", "lost", "lost"]);
    expect(settle("1x2", score(1, 1))).toEqual(["lost", "won", "lost"]);
    expect(settle("dc", score(0, 2))).toEqual(["lost", "won", "won"]);
    expect(settle("dc", score(1, 1))).toEqual(["won", "lost", "won"]);
    expect(settle("ml", score(1, 1))).toEqual(["void", "void"]);
    expect(settle("ml", score(0, 1))).toEqual(["lost", "won"]);
    expect(settle("btts", score(2, 1))).toEqual(["won", "lost"]);
    expect(settle("btts", score(3, 0))).toEqual(["lost", "won"]);
  });

  // A 2-1 home win (goal difference +1), home handicap line → [home, away].
  it.each<[number, SelectionResult, SelectionResult]>([
    [0, "won", "lost"],
    [-0.25, "won", "lost"],
    [-0.5, "won", "lost"],
    [-0.75, "half_won", "half_lost"],
    [-1, "void", "void"],
    [-1.25, "half_lost", "half_won"],
    [-1.5, "lost", "won"],
    [0.25, "won", "lost"],
    [0.75, "won", "lost"],
  ])("asian handicap %d on a 2-1 home win: home %s, away %s", (line, home, away) => {
    expect(settle("ah", score(2, 1), { line })).toEqual([home, away]);
  });

  it.each<[number, number, number, SelectionResult, SelectionResult]>([
    // a draw 1-1, home handicap line
    [1, 1, 0, "void", "void"],
    [1, 1, -0.25, "half_lost", "half_won"],
    [1, 1, 0.25, "half_won", "half_lost"],
    [1, 1, 0.5, "won", "lost"],
    // an away win 0-2
    [0, 2, 1.5, "lost", "won"],
    [0, 2, 1.75, "half_lost", "half_won"],
    [0, 2, 2, "void", "void"],
    [0, 2, 2.25, "half_won", "half_lost"],
  ])("asian handicap on %i-%i, line %d: home %s, away %s", (h, a, line, home, away) => {
    expect(settle("ah", score(h, a), { line })).toEqual([home, away]);
  });

  // Three goals: over/under by line.
  it.each<[number, SelectionResult, SelectionResult]>([
    [2.5, "won", "lost"],
    [2.75, "half_won", "half_lost"],
    [3, "void", "void"],
    [3.25, "half_lost", "half_won"],
    [3.5, "lost", "won"],
    [2.25, "won", "lost"],
    [2, "won", "lost"],
  ])("total %d with 3 goals: over %s, under %s", (line, over, under) => {
    expect(settle("total", score(2, 1), { line })).toEqual([over, under]);
  });

  it("three-way handicap", () => {
    // Home -1 on a one-goal win is the handicap draw.
    expect(settle("hcp", score(2, 1), { line: -1 })).toEqual(["lost", "won", "lost"]);
    expect(settle("hcp", score(3, 1), { line: -1 })).toEqual(["won", "lost", "lost"]);
    expect(settle("hcp", score(1, 1), { line: 1 })).toEqual(["won", "lost", "lost"]);
    expect(settle("hcp", score(0, 1), { line: 1 })).toEqual(["lost", "won", "lost"]);
  });

  it("correct score, with the other buckets", () => {
    const scores: Array<[number, number]> = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ];
    const spec = makeSpec("cs", "reg", naming, { scores, others: true });
    expect(spec.outcomes).toEqual(["0-0", "1-0", "0-1", "1-1", "other_home", "other_draw", "other_away"]);
    const won = (f: FinalScore) => spec.outcomes.filter((_, i) => outcomeResults(spec, f)[i] === "won");
    expect(won(score(1, 0))).toEqual(["1-0"]);
    expect(won(score(4, 2))).toEqual(["other_home"]);
    expect(won(score(2, 2))).toEqual(["other_draw"]);
    expect(won(score(0, 3))).toEqual(["other_away"]);
  });

  it("first-half markets read the first half; overtime counts only where the market says so", () => {
    expect(settle("1x2", score(2, 1, [0, 1]), { scope: "h1" })).toEqual(["lost", "lost", "won"]);
    const hockey: FinalScore = {
      reg: { home: 2, away: 2 },
      ft: { home: 3, away: 2 },
      h1: { home: 1, away: 0 },
    };
    expect(settle("1x2", hockey, { scope: "reg" })).toEqual(["lost", "won", "lost"]);
    expect(settle("ml", hockey, { scope: "ft" })).toEqual(["won", "lost"]);
    expect(settle("total", hockey, { scope: "reg", line: 4.5 })).toEqual(["lost", "won"]);
    // Tennis: sets for the winner and handicaps, games for the totals.
    const tennis: FinalScore = { ft: { home: 1, away: 2, total: 29 } };
    expect(settle("ml", tennis, { scope: "ft" })).toEqual(["lost", "won"]);
    expect(settle("ah", tennis, { scope: "ft", line: 1.5 })).toEqual(["won", "lost"]);
    expect(settle("total", tennis, { scope: "ft", line: 28.5 })).toEqual(["won", "lost"]);
  });

  it("names results by selection id", () => {
    const spec = makeSpec("ah", "reg", naming, { line: -0.25 });
    expect(spec.id).toBe("ah:-0.25");
    expect(spec.selectionNames).toEqual(["Arsenal -0.25", "Chelsea +0.25"]);
    expect(settleMarket(17, spec, score(1, 1))).toEqual({
      marketId: "ah:-0.25",
      results: { "17:ah:-0.25:1": "half_lost", "17:ah:-0.25:2": "half_won" },
    });
    expect(makeSpec("total", "h1", naming, { line: 1.5 }).id).toBe("h1:total:1.5");
    expect(makeSpec("total", "reg", naming, { line: 2.75 }).name).toBe("Total goals 2.75");
  });
});

describe("prices", () => {
  it("round to the grid and never under 1.01", () => {
    expect(formatOdds(roundOdds(1.004))).toBe("1.01");
    expect(formatOdds(roundOdds(1.8549))).toBe("1.85");
    expect(formatOdds(roundOdds(12.34))).toBe("12.3");
    expect(formatOdds(roundOdds(345.6))).toBe("346");
    expect(formatOdds(roundOdds(5000))).toBe("1000");
  });

  it("carry the margin proportionally, and refuse what cannot be priced", () => {
    const odds = priceWithMargin([0.5, 0.3, 0.2], 0.06)!;
    expect(odds).toEqual(["1.89", "3.14", "4.72"]);
    expect(priceWithMargin([0.97, 0.03], 0.06)).toBeUndefined();
    // Long shots at the cap give their excess back to the rest of the book.
    const longShots = priceWithMargin([0.9, ...Array(10).fill(0.0001), 0.099], 0.06)!;
    expect(longShots.slice(1, 11).every((o) => o === "1000")).toBe(true);
    expect(Math.abs(longShots.reduce((s, o) => s + 1 / Number(o), 0) - 1.06)).toBeLessThan(0.005);
  });
});
