import { describe, expect, it } from "vitest";
import { eventSlug, nameSlug, normaliseEventName } from "./names";

describe("event-name normalisation (spec point 5)", () => {
  it.each([
    ["Arsenal - Chelsea", "arsenal chelsea"],
    ["Real Madrid (Spain), U.S.", "real madrid spain us"],
    ["Team A; Team B", "team a team b"],
    ["  Lots   of\tspace  ", "lots of space"],
    ["Saint-Étienne vs. Lyon", "saint étienne vs lyon"],
    ["A--B", "a b"],
    ["Спартак - ЦСКА", "спартак цска"],
    ["(),.;", ""],
    ["", ""],
  ])("%j → %j", (name, normalised) => {
    expect(normaliseEventName(name)).toBe(normalised);
  });
});

describe("name slugs", () => {
  it.each([
    ["Premier Division England", "premier-division-england"],
    ["Copa (Brasil), Série A.", "copa-brasil-série-a"],
    ["Англия. Премьер-дивизион", "англия-премьер-дивизион"],
    ["  Men's  Tour ", "men's-tour"],
  ])("category or championship %j → %j", (name, slug) => {
    expect(nameSlug(name)).toBe(slug);
  });

  it.each([
    ["Arsenal - Chelsea", "arsenal-chelsea"],
    ["Team A; Team B (U21)", "team-a-team-b-u21"],
    ["Saint-Étienne vs. Lyon", "saint-étienne-vs-lyon"],
    ["Спартак - ЦСКА", "спартак-цска"],
  ])("event %j → %j (normalised, then slugged)", (name, slug) => {
    expect(eventSlug(name)).toBe(slug);
  });
});
