import { describe, expect, it } from "vitest";
import { shouldCloseOnSwipe } from "./swipe";

describe("swipe to close", () => {
  it("closes after a slow drag of 10% of the sheet's height", () => {
    expect(shouldCloseOnSwipe({ distance: 60, height: 600, durationMs: 2000 })).toBe(true);
    expect(shouldCloseOnSwipe({ distance: 59, height: 600, durationMs: 2000 })).toBe(false);
  });

  it("closes after a quick flick within 300 ms even when short", () => {
    expect(shouldCloseOnSwipe({ distance: 20, height: 600, durationMs: 300 })).toBe(true);
    expect(shouldCloseOnSwipe({ distance: 20, height: 600, durationMs: 301 })).toBe(false);
  });

  it("stays open for a tap, an upward drag or no movement", () => {
    expect(shouldCloseOnSwipe({ distance: 2, height: 600, durationMs: 80 })).toBe(false);
    expect(shouldCloseOnSwipe({ distance: -120, height: 600, durationMs: 100 })).toBe(false);
    expect(shouldCloseOnSwipe({ distance: 0, height: 600, durationMs: 50 })).toBe(false);
  });
});
