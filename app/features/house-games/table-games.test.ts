import { describe, expect, it } from "vitest";
import { addChip, dealOrder, totalOf } from "./Baccarat";
import { autoPick, moveNumber } from "./Keno";

describe("baccarat page", () => {
  it("turns the cards in the table's order: player, banker, player, banker, then the third cards", () => {
    expect(dealOrder({ player: [1, 2, 3], banker: [4, 5, 6] }).map((c) => `${c.side[0]}${c.card}`)).toEqual([
      "p1",
      "b4",
      "p2",
      "b5",
      "p3",
      "b6",
    ]);
    expect(dealOrder({ player: [1, 2], banker: [4, 5, 6] }).map((c) => c.side)).toEqual([
      "player",
      "banker",
      "player",
      "banker",
      "banker",
    ]);
  });

  it("adds the amount to a spot as a chip, in decimal strings; an amount that is no stake adds nothing", () => {
    let bets = addChip({}, "player", "1.5", "USD")!;
    bets = addChip(bets, "player", "0.25", "USD")!;
    bets = addChip(bets, "tie", "0.1", "USD")!;
    expect(bets).toEqual({ player: "1.75", tie: "0.1" });
    expect(totalOf(bets)).toBe("1.85");
    expect(addChip(bets, "banker", "0", "USD")).toBeUndefined();
    expect(addChip(bets, "banker", "0.001", "USD")).toBeUndefined();
    expect(addChip(bets, "banker", "0.001", "BTC")).toEqual({ ...bets, banker: "0.001" });
  });
});

describe("keno page", () => {
  it("moves over the 8 × 5 board with the arrows, stopping at the edges", () => {
    expect(moveNumber(1, "ArrowLeft")).toBe(1);
    expect(moveNumber(1, "ArrowRight")).toBe(2);
    expect(moveNumber(8, "ArrowRight")).toBe(8);
    expect(moveNumber(3, "ArrowDown")).toBe(11);
    expect(moveNumber(35, "ArrowDown")).toBe(35);
    expect(moveNumber(11, "ArrowUp")).toBe(3);
  });

  it("auto-picks the asked count of different numbers from 1 to 40", () => {
    for (let count = 1; count <= 10; count++) {
      const picks = autoPick(count);
      expect(new Set(picks).size).toBe(count);
      expect(picks.every((n) => n >= 1 && n <= 40)).toBe(true);
    }
    expect(autoPick(3, () => 0)).toEqual([1, 2, 3]);
  });
});
