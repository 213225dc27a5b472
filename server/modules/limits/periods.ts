import type { LimitPeriod } from "#common/api/limits";

export type { LimitPeriod };

/** The wall-clock date and time an instant shows in a time zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "short",
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")),
    minute: Number(get("minute")),
    second: Number(get("second")),
    weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")),
  };
}

/** The instant a time zone's clock shows midnight of a date (DST-safe: corrects by the offset twice). */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const target = Date.UTC(year, month - 1, day);
  let guess = target;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += target - shown;
  }
  return new Date(guess);
}

/** A time zone Intl knows, else UTC (a player with none set, or an unknown name). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/**
 * The current period of a limit in the player's time zone: a day from local midnight, a week from Monday's,
 * a month from the first's. Usage counts from `start`; the limit starts afresh at `end`.
 */
export function periodWindow(period: LimitPeriod, at: Date, timeZone: string): { start: Date; end: Date } {
  const tz = knownTimeZone(timeZone);
  const w = wallClock(at, tz);
  const day = (y: number, m: number, d: number) => {
    const utc = new Date(Date.UTC(y, m - 1, d));
    return localMidnight(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate(), tz);
  };
  if (period === "daily") return { start: day(w.year, w.month, w.day), end: day(w.year, w.month, w.day + 1) };
  if (period === "weekly") {
    const monday = w.day - w.weekday;
    return { start: day(w.year, w.month, monday), end: day(w.year, w.month, monday + 7) };
  }
  return { start: day(w.year, w.month, 1), end: day(w.year, w.month + 1, 1) };
}

/** The end of an exclusion of `duration` (`24h`, `7d`, `6m`, `1y`) starting at `from`. */
export function exclusionEnd(from: Date, duration: string): Date {
  const m = /^(\d{1,3})([hdmy])$/.exec(duration);
  if (!m) throw new Error(`Not a duration: ${duration}`);
  const n = Number(m[1]);
  const end = new Date(from);
  if (m[2] === "h") end.setTime(end.getTime() + n * 3_600_000);
  else if (m[2] === "d") end.setTime(end.getTime() + n * 86_400_000);
  else if (m[2] === "m") end.setUTCMonth(end.getUTCMonth() + n);
  else end.setUTCFullYear(end.getUTCFullYear() + n);
  return end;
}
