import { describe, expect, it } from "vitest";
import { slugify } from "../slug";
import { SPORTS, sportDefinition, sportDefinitionByCode } from "./sports";

describe("the sports of the catalogue (spec point 3)", () => {
  it("has the spec's ids: 66 soccer, 67 basketball, 68 tennis, 145 e-sports plus, all within 66–179", () => {
    expect(sportDefinition(66)?.code).toBe("soccer");
    expect(sportDefinition(67)?.code).toBe("basketball");
    expect(sportDefinition(68)?.code).toBe("tennis");
    expect(sportDefinition(145)?.code).toBe("e-sports-plus");
    expect(SPORTS.length).toBeGreaterThanOrEqual(100);
    for (const s of SPORTS) expect(s.id >= 66 && s.id <= 179, `${s.id}`).toBe(true);
  });

  it("has unique ids and codes, each code the slug of the English name in plain ASCII (it names files)", () => {
    expect(new Set(SPORTS.map((s) => s.id)).size).toBe(SPORTS.length);
    expect(new Set(SPORTS.map((s) => s.code)).size).toBe(SPORTS.length);
    for (const s of SPORTS) {
      expect(s.code).toBe(slugify(s.name.en.normalize("NFD").replace(/\p{M}/gu, "")));
      expect(s.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    // "event" and "live" are the live paths' words (/sport/event/{id}, /sport/live); no sport may take them.
    expect(sportDefinitionByCode("event")).toBeUndefined();
    expect(sportDefinitionByCode("live")).toBeUndefined();
  });

  it("names every sport in every site locale and gives it a colour", () => {
    for (const s of SPORTS) {
      expect(s.name.ru, s.code).not.toBe("");
      expect(s.name["pt-br"], s.code).not.toBe("");
      expect(s.colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it.each([
    ["soccer", 66],
    ["Soccer", 66],
    ["66", 66],
    ["145", 145],
    ["e-sports-plus", 145],
    ["curling", 106],
  ])("finds %j by code or id → %i", (key, id) => {
    expect(sportDefinitionByCode(key)?.id).toBe(id);
  });

  it.each(["", "socker", "65", "180", "6 6"])("finds nothing for %j", (key) => {
    expect(sportDefinitionByCode(key)).toBeUndefined();
  });
});
