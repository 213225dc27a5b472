import { describe, expect, it } from "vitest";
import { exclusionEnd, periodWindow } from "./periods";

describe("limit periods in the player's time zone", () => {
  it("starts a day at local midnight, a week on Monday, a month on the first", () => {
    // 2026-11-25 is a Wednesday; 01:30 UTC is still the 24th in New York (UTC-5).
    const at = new Date("2026-11-25T01:30:00Z");
    expect(periodWindow("daily", at, "UTC")).toEqual({
      start: new Date("2026-11-25T00:00:00Z"),
      end: new Date("2026-11-26T00:00:00Z"),
    });
    expect(periodWindow("daily", at, "America/New_York")).toEqual({
      start: new Date("2026-11-24T05:00:00Z"),
      end: new Date("2026-11-25T05:00:00Z"),
    });
    expect(periodWindow("weekly", at, "Asia/Kolkata")).toEqual({
      start: new Date("2026-11-22T18:30:00Z"),
      end: new Date("2026-11-29T18:30:00Z"),
    });
    expect(periodWindow("monthly", at, "Europe/Berlin")).toEqual({
      start: new Date("2026-10-31T23:00:00Z"),
      end: new Date("2026-11-30T23:00:00Z"),
    });
  });

  it("keeps local midnight across a daylight-saving change and a year's end", () => {
    // Berlin moves to summer time on 2026-03-29: that day has 23 hours.
    expect(periodWindow("daily", new Date("2026-03-29T12:00:00Z"), "Europe/Berlin")).toEqual({
      start: new Date("2026-03-28T23:00:00Z"),
      end: new Date("2026-03-29T22:00:00Z"),
    });
    expect(periodWindow("monthly", new Date("2026-12-31T23:30:00Z"), "UTC").end).toEqual(
      new Date("2027-01-01T00:00:00Z"),
    );
    expect(periodWindow("daily", new Date("2026-06-01T00:00:00Z"), "Not/AZone").start).toEqual(
      new Date("2026-06-01T00:00:00Z"),
    );
  });

  it("ends exclusions after hours, days, months or years", () => {
    const from = new Date("2026-01-31T10:00:00Z");
    expect(exclusionEnd(from, "24h")).toEqual(new Date("2026-02-01T10:00:00Z"));
    expect(exclusionEnd(from, "7d")).toEqual(new Date("2026-02-07T10:00:00Z"));
    expect(exclusionEnd(from, "6m").getTime()).toBeGreaterThanOrEqual(
      new Date("2026-07-31T10:00:00Z").getTime(),
    );
    expect(exclusionEnd(from, "1y")).toEqual(new Date("2027-01-31T10:00:00Z"));
  });
});
