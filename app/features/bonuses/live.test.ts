import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyPublished, BONUS_REFRESH_DEBOUNCE_MS, debounce, keepListed } from "./live";

const item = (id: string, status: number) => ({ id, status });

describe("the player's bonus lists", () => {
  it("keep only issued and active items", () => {
    expect(keepListed([item("1", 1), item("2", 2), item("3", 3), item("4", 4)]).map((i) => i.id)).toEqual([
      "1",
      "2",
    ]);
  });

  it("apply a publication: a new item joins the front, a changed one is replaced, a finished one leaves", () => {
    const list = [item("1", 1), item("2", 2)];
    expect(applyPublished(list, item("3", 1)).map((i) => i.id)).toEqual(["3", "1", "2"]);
    expect(applyPublished(list, item("1", 2))).toEqual([item("1", 2), item("2", 2)]);
    expect(applyPublished(list, item("2", 3))).toEqual([item("1", 1)]);
    // A finished item the list never held does not appear.
    expect(applyPublished(list, item("9", 3))).toEqual(list);
  });
});

describe("debounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once, 500 ms after the last call of a burst", () => {
    const fn = vi.fn();
    const refresh = debounce(fn, BONUS_REFRESH_DEBOUNCE_MS);
    expect(BONUS_REFRESH_DEBOUNCE_MS).toBe(500);
    for (let i = 0; i < 10; i++) {
      refresh();
      vi.advanceTimersByTime(100);
    }
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(399);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    refresh();
    refresh.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
