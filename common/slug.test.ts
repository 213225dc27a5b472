import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("follows the spec's slug rule", () => {
    expect(slugify("Real Madrid (Spain), U.S.")).toBe("real-madrid-spain-us");
    expect(slugify("  Champions   League  ")).toBe("champions-league");
    expect(slugify("a - - b")).toBe("a-b");
    expect(slugify("--Already-Slugged--")).toBe("already-slugged");
    expect(slugify("(),.")).toBe("");
  });
});
