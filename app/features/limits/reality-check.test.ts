import { describe, expect, it } from "vitest";
import {
  dueFromValue,
  formatLength,
  nextDue,
  offeredIntervals,
  reminderValue,
  sessionLength,
  timerDelay,
} from "./reality-check";

const MINUTE = 60_000;
const start = "2026-11-23T10:00:00.000Z";
const minute = (minutes: number) => new Date(Date.parse(start) + minutes * MINUTE).toISOString();

describe("the reality check on the page", () => {
  it("is due after the server's wait, counted from the answer's arrival on this page's clock", () => {
    const check = { intervalMinutes: 60, now: minute(10), nextAt: minute(60) };
    // The page's clock is 3 hours behind the server's: the wait is still 50 minutes.
    const received = Date.parse(minute(-180));
    expect(nextDue(check, received)).toEqual({ at: received + 50 * MINUTE, nextAt: minute(60) });
    expect(nextDue({ ...check, intervalMinutes: 0, nextAt: null }, received)).toBeNull();
  });

  it("never shows a reminder twice: an answer older than the one shown gives the next", () => {
    const check = { intervalMinutes: 30, now: minute(10), nextAt: minute(30) };
    expect(nextDue(check, 0, minute(30))).toEqual({ at: 50 * MINUTE, nextAt: minute(60) });
    expect(nextDue(check, 0, minute(95))).toEqual({ at: 110 * MINUTE, nextAt: minute(120) });
    expect(nextDue(check, 0, minute(20))?.nextAt).toBe(minute(30));
  });

  it("waits no less than nothing and no longer than a timer can", () => {
    expect(timerDelay(1000, 5000)).toBe(0);
    expect(timerDelay(5000, 1000)).toBe(4000);
    expect(timerDelay(Number.MAX_SAFE_INTEGER, 0)).toBe(2 ** 31 - 1);
  });

  it("says the session lasted at least until the reminder that opened it", () => {
    const check = { sessionStartedAt: start, now: minute(2) };
    expect(sessionLength(check)).toBe(2 * MINUTE);
    expect(sessionLength(check, minute(60))).toBe(60 * MINUTE);
    expect(sessionLength({ ...check, now: minute(61) }, minute(60))).toBe(61 * MINUTE);
    expect(dueFromValue(reminderValue(minute(60)))).toBe(minute(60));
    expect(dueFromValue("true")).toBeUndefined();
  });

  it("writes lengths in the locale's words", () => {
    expect(formatLength(65 * MINUTE + 59_000, "en")).toBe("1 hour, 5 minutes");
    expect(formatLength(30 * MINUTE, "en")).toBe("30 minutes");
    expect(formatLength(120 * MINUTE, "en")).toBe("2 hours");
    expect(formatLength(20_000, "en")).toBe("0 minutes");
    expect(formatLength(61 * MINUTE, "ru")).toBe("1 час 1 минута");
  });

  it("offers the operator's reminders and keeps the player's own", () => {
    expect(offeredIntervals({ choices: [15, 30, 60], intervalMinutes: 0 })).toEqual([15, 30, 60]);
    expect(offeredIntervals({ choices: [15, 30, 60], intervalMinutes: 45 })).toEqual([15, 30, 45, 60]);
  });
});
