import { describe, expect, it } from "vitest";
import type { SelectionResult } from "../port";
import { type MarketSpec, outcomeResults, quoteMarket, type Scope, type ScopeDist } from "./markets";
import { createRng, normalDraw } from "./rng";
import { createMatch, MODELS } from "./sports";

const MARGIN = 0.06;
const naming = { home: "Home", away: "Away", unit: "goals", firstPart: "1st half" };

/** What a unit stake returns, split into the part that had action (void halves are handed back untouched). */
const ACTION: Record<SelectionResult, (odds: number) => [stake: number, paid: number]> = {
  won: (o) => [1, o],
  half_won: (o) => [0.5, 0.5 * o],
  void: () => [0, 0],
  half_lost: () => [0.5, 0],
  lost: () => [1, 0],
};

/**
 * The book's realised hold: matches priced before the start, results drawn from the model's own simulation of
 * the match (goals drawn half by half, tennis played point by point, series map by map), a flat stake on every
 * selection of every offered market, settled by the feed's own rules.
 */
function simulate(models: string[], pricesPerModel: number, matchesPerPrice: number) {
  const rng = createRng(2026);
  const byModel: Record<string, { staked: number; paid: number; matches: number }> = {};
  for (const name of models) {
    const tally = { staked: 0, paid: 0, matches: 0 };
    for (let k = 0; k < pricesPerModel; k++) {
      const model = createMatch(MODELS[name]!, {
        naming,
        home: normalDraw(rng),
        away: normalDraw(rng),
        tempo: 0.9 + 0.2 * rng(),
      });
      const dists = new Map<Scope, ScopeDist>();
      const book: Array<{ spec: MarketSpec; odds: number[] }> = [];
      for (const spec of model.specs) {
        if (!dists.has(spec.scope)) dists.set(spec.scope, model.dist(spec.scope));
        const m = quoteMarket(1, spec, dists.get(spec.scope)!, MARGIN, undefined, false);
        if (m?.status === "open") book.push({ spec, odds: m.selections.map((s) => Number(s.odds)) });
      }
      for (let j = 0; j < matchesPerPrice; j++) {
        const final = model.draw(rng);
        for (const { spec, odds } of book) {
          outcomeResults(spec, final).forEach((r, i) => {
            const [stake, paid] = ACTION[r](odds[i]!);
            tally.staked += stake;
            tally.paid += paid;
          });
        }
      }
      tally.matches += matchesPerPrice;
    }
    byModel[name] = tally;
  }
  return byModel;
}

describe("the book's realised hold", () => {
  it("is within a point of the stated margin over 110,000 simulated matches", () => {
    const models = [
      "soccer",
      "basketball",
      "tennis",
      "iceHockey",
      "volleyball",
      "handball",
      "americanFootball",
      "baseball",
      "cs2",
      "hearthstone",
      "generic",
    ];
    const byModel = simulate(models, 50, 200);
    let staked = 0;
    let paid = 0;
    let matches = 0;
    for (const [name, t] of Object.entries(byModel)) {
      staked += t.staked;
      paid += t.paid;
      matches += t.matches;
      const hold = 1 - t.paid / t.staked;
      // Each model on its own, with a wider band for its smaller sample.
      expect(Math.abs(hold - MARGIN), `${name}: hold ${(hold * 100).toFixed(2)} %`).toBeLessThan(0.02);
    }
    const hold = 1 - paid / staked;
    expect(matches).toBeGreaterThanOrEqual(100_000);
    // Proportional margin: the expected hold is margin / (1 + margin) = 5.66 % of the stake with action.
    expect(Math.abs(hold - MARGIN)).toBeLessThan(0.01);
    expect(Math.abs(hold - MARGIN / (1 + MARGIN))).toBeLessThan(0.005);
  });
});
