import type { RealityCheck, SetRealityCheckBody } from "#common/api/reality-check";
import type { Db } from "../../db/client";
import type { Caller } from "../../http/authentication";
import { ApiError } from "../../http/errors";
import type { Clock } from "../../lib/clock";
import { realityCheckSetting, sessionStartedAt, setRealityCheckMinutes } from "../player";
import { playFlowsSince } from "../wallet";

/** What the operator offers (README: REALITY_CHECK_*). */
export interface RealityCheckOptions {
  /** Minutes a player may choose, ascending. */
  intervals: number[];
  /** The reminder of a player from one of `defaultCountries` who never chose. */
  defaultMinutes: number;
  defaultCountries: string[];
}

export interface RealityCheckDeps {
  db: Db;
  clock: Clock;
  options: RealityCheckOptions;
}

const MINUTE = 60_000;

/**
 * The interval in effect: the player's own choice (even one the operator no longer offers: it is theirs, and
 * dropping it silently would protect them less), else on by default in the listed countries, else off.
 */
export function effectiveMinutes(
  stored: number | null,
  country: string | null,
  options: RealityCheckOptions,
): number {
  if (stored !== null) return stored;
  return country && options.defaultCountries.includes(country.toUpperCase()) ? options.defaultMinutes : 0;
}

/**
 * The next reminder: the first whole number of intervals after the session's start that is later than `now`,
 * so reminders keep their rhythm (60, 120, 180 minutes in) however late the previous one was seen.
 */
export function nextReminder(startedAt: Date, now: Date, minutes: number): Date | null {
  if (minutes <= 0) return null;
  const step = minutes * MINUTE;
  const elapsed = Math.max(0, now.getTime() - startedAt.getTime());
  return new Date(startedAt.getTime() + (Math.floor(elapsed / step) + 1) * step);
}

/** The caller's reality check: the setting, the session's start and what their real money did since. */
export async function realityCheck(deps: RealityCheckDeps, caller: Caller): Promise<RealityCheck> {
  const now = deps.clock.now();
  const [setting, startedAt] = await Promise.all([
    realityCheckSetting(deps.db, caller.playerId),
    sessionStartedAt(deps.db, caller.sessionId),
  ]);
  // Authentication has just found the session live; it can only be missing if it was closed meanwhile.
  if (!startedAt) throw new ApiError(401, "unauthorized", "The session has ended");
  const minutes = effectiveMinutes(setting.minutes, setting.country, deps.options);
  return {
    intervalMinutes: minutes,
    chosen: setting.minutes !== null,
    choices: deps.options.intervals,
    now: now.toISOString(),
    sessionStartedAt: startedAt.toISOString(),
    nextAt: nextReminder(startedAt, now, minutes)?.toISOString() ?? null,
    summary: await playFlowsSince(deps.db, caller.playerId, startedAt),
  };
}

/** Sets the caller's reminder: 0 (off) or one of the offered intervals; anything else changes nothing. */
export async function setRealityCheck(
  deps: RealityCheckDeps,
  caller: Caller,
  body: SetRealityCheckBody,
): Promise<RealityCheck> {
  const minutes = body.intervalMinutes;
  if (minutes !== 0 && !deps.options.intervals.includes(minutes))
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      intervalMinutes: [`Choose one of ${deps.options.intervals.join(", ")} minutes, or 0 to turn it off`],
    });
  await setRealityCheckMinutes(deps.db, caller.playerId, minutes);
  return realityCheck(deps, caller);
}
