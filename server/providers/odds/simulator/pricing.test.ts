import { describe, expect, it } from "vitest";
import { type MarketSpec, quoteMarket } from "./markets";
import type { MatchModel } from "./models/model";
import { implied } from "./odds";
import { createRng } from "./rng";
import { createMatch, MODELS } from "./sports";

const MARGIN = 0.06;
const naming = { home: "Home", away: "Away", unit: "goals", firstPart: "1st half" };

/** What the book asks for a market: 1 + margin per unit of probability the outcomes cover (2 for double chance). */
function bookOf(model: MatchModel, spec: MarketSpec) {
  const m = quoteMarket(1, spec, model.dist(spec.scope), MARGIN, undefined, false);
  if (m?.status !== "open") return undefined;
  const sum = m.selections.reduce((s, x) => s + implied(x.odds), 0);
  return { sum, cover: spec.kind === "dc" ? 2 : 1, market: m };
}

describe("every market of every model is priced at 1 + margin", () => {
  for (const [name, config] of Object.entries(MODELS)) {
    it(name, () => {
      const kinds = new Set<string>();
      for (const [home, away] of [
        [0, 0],
        [1.2, -0.8],
        [-2, 1.5],
        [2.5, -2.5],
        [0.3, 0.6],
      ] as const) {
        const model = createMatch(config, { naming, home, away, tempo: 1 });
        let offered = 0;
        for (const spec of model.specs) {
          const book = bookOf(model, spec);
          if (!book) continue;
          offered++;
          kinds.add(book.market.type);
          expect(
            Math.abs(book.sum - book.cover * (1 + MARGIN)),
            `${spec.id} ${JSON.stringify(book.market.selections)}`,
          ).toBeLessThan(0.005 * book.cover);
          for (const s of book.market.selections) {
            expect(s.odds).toMatch(/^\d+(\.\d{1,2})?$/);
            expect(Number(s.odds)).toBeGreaterThanOrEqual(1.01);
          }
        }
        // The main market is always offered.
        expect(bookOf(model, model.specs[0]!)).toBeDefined();
        expect(offered).toBeGreaterThan(model.specs.length / 2);

        // In play, from wherever the match stands, open markets keep the same book.
        const rng = createRng(7);
        for (let i = 0; i < 200 && !model.finished(); i++) model.step(rng);
        for (const spec of model.specs) {
          const book = bookOf(model, spec);
          if (!book) continue;
          expect(Math.abs(book.sum - book.cover * (1 + MARGIN)), `live ${spec.id}`).toBeLessThan(
            0.005 * book.cover,
          );
        }
      }
      expect(kinds.size).toBeGreaterThan(2);
    });
  }
});

describe("every model plays a match to its end", () => {
  for (const [name, config] of Object.entries(MODELS)) {
    it(name, () => {
      const rng = createRng(11);
      for (let k = 0; k < 30; k++) {
        const model = createMatch(config, { naming, home: k / 10 - 1.5, away: 0, tempo: 1 });
        let quanta = 0;
        while (!model.finished() && quanta < 50_000) {
          model.step(rng);
          quanta++;
        }
        expect(model.finished()).toBe(true);
        const live = model.live();
        const ft = model.score().ft!;
        expect(live.score).toEqual(
          config.model === "goals" && config.tieBreak === "draw"
            ? [model.score().reg!.home, model.score().reg!.away]
            : [ft.home, ft.away],
        );
        // Once over, every market is decided.
        for (const spec of model.specs) {
          const m = quoteMarket(1, spec, model.dist(spec.scope), MARGIN, undefined, false);
          if (m) expect(m.status, spec.id).toBe("closed");
        }
        const draws = config.model === "goals" && config.tieBreak === "draw";
        if (!draws) expect(ft.home).not.toBe(ft.away);
      }
    });
  }
});
