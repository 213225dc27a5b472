import { describe, expect, it } from "vitest";
import { protectsAtLeastAsMuch } from "#common/api/limits";
import { durationParts, usedPercent } from "./format";

describe("limits on screen", () => {
  it("fills the usage bar by whole percent, never past full, from decimal strings", () => {
    expect(usedPercent("0", "50")).toBe(0);
    expect(usedPercent("12.5", "50")).toBe(25);
    expect(usedPercent("0.1", "0.3")).toBe(33);
    expect(usedPercent("80", "50")).toBe(100);
    expect(usedPercent("5", "0")).toBe(0);
  });

  it("reads the operator's durations", () => {
    expect(durationParts("24h")).toEqual({ count: 24, unit: "h" });
    expect(durationParts("6m")).toEqual({ count: 6, unit: "m" });
  });

  it("asks to confirm only a change that protects less (higher amount or shorter period)", () => {
    const daily50 = { period: "daily", amount: "50" };
    expect(protectsAtLeastAsMuch(daily50, "daily", "40")).toBe(true);
    expect(protectsAtLeastAsMuch(daily50, "weekly", "50")).toBe(true);
    expect(protectsAtLeastAsMuch(daily50, "daily", "50.01")).toBe(false);
    expect(protectsAtLeastAsMuch({ period: "weekly", amount: "50" }, "daily", "50")).toBe(false);
  });
});
