import { describe, expect, it } from "vitest";
import { rouletteCovers } from "#common/house-games";
import {
  betsOf,
  boardSize,
  cellRect,
  chipFace,
  fits,
  ROULETTE_SPOTS,
  spotKey,
  stacks,
  toBoard,
  totalOf,
} from "./roulette-table";

describe("roulette board", () => {
  it("has one spot per bet of the table, each a bet the engine accepts, no two chips in one place", () => {
    expect(ROULETTE_SPOTS).toHaveLength(157);
    expect(new Set(ROULETTE_SPOTS.map((s) => s.key)).size).toBe(157);
    for (const s of ROULETTE_SPOTS) expect(rouletteCovers(s.bet)).toBeDefined();
    const places = ROULETTE_SPOTS.map((s) => `${s.at.a},${s.at.b}`);
    expect(new Set(places).size).toBe(157);
  });

  it("puts a split on the line its two numbers share and a corner where four meet", () => {
    const at = (key: string) => ROULETTE_SPOTS.find((s) => s.key === key)!.at;
    // 17 and 20 sit side by side (columns 5 and 6, middle row): their split is on the line between them.
    expect(at("split:17-20")).toEqual({ a: 6, b: 1.5 });
    expect(at("corner:1-2-4-5")).toEqual({ a: 1, b: 1 });
    expect(at("street:34-35-36")).toEqual({ a: 11.5, b: 0 });
    expect(at("basket:0-1-2-3")).toEqual({ a: 0, b: 0 });
  });

  it("lays the table out flat on a wide screen and standing on a phone, every spot inside the board", () => {
    for (const o of ["horizontal", "vertical"] as const) {
      const { w, h } = boardSize(o);
      for (const s of ROULETTE_SPOTS) {
        const p = toBoard(o, s.at);
        expect(p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h).toBe(true);
        if (s.cell) {
          const r = cellRect(o, s.cell);
          expect(r.x >= 0 && r.y >= 0 && r.x + r.w <= w && r.y + r.h <= h).toBe(true);
        }
      }
    }
    // The classic layout: 3 top left of the numbers, 1 below it; on a phone 1 top left, 3 to its right.
    const cell = (n: number, o: "horizontal" | "vertical") =>
      cellRect(o, ROULETTE_SPOTS.find((s) => s.key === `straight:${n}`)!.cell!);
    expect(cell(3, "horizontal")).toEqual({ x: 1, y: 0, w: 1, h: 1 });
    expect(cell(1, "horizontal")).toEqual({ x: 1, y: 2, w: 1, h: 1 });
    expect(cell(1, "vertical")).toEqual({ x: 2, y: 1, w: 1, h: 1 });
    expect(cell(36, "vertical")).toEqual({ x: 4, y: 12, w: 1, h: 1 });
  });

  it("stacks chips per spot and makes the spin's bets from them", () => {
    const chips = [
      { key: "red", amount: "1" },
      { key: spotKey({ kind: "split", numbers: [20, 17] }), amount: "0.5" },
      { key: "red", amount: "5" },
    ];
    expect(stacks(chips).get("red")).toBe("6");
    expect(totalOf(chips)).toBe("6.5");
    expect(betsOf(chips)).toEqual([
      { kind: "red", amount: "6" },
      { kind: "split", numbers: [17, 20], amount: "0.5" },
    ]);
    expect(fits(chips, "3.5", "10")).toBe(true);
    expect(fits(chips, "3.51", "10")).toBe(false);
    expect([chipFace("0.5"), chipFace("25"), chipFace("1500")]).toEqual(["0.5", "25", "1.5k"]);
  });
});
