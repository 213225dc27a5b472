import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { RealityCheck } from "#common/api/reality-check";
import { api } from "~/lib/session/client";
import { useProfile } from "~/lib/session/use-session";

/** The reality check's calls (RTS 13; decision 0011): GET and PUT /api/player/reality-check. */
export const realityCheckApi = {
  get: () =>
    api()
      .get("/player/reality-check")
      .then((r) => r.data),
  set: (intervalMinutes: number) =>
    api()
      .put("/player/reality-check", { intervalMinutes })
      .then((r) => r.data),
};

export const REALITY_CHECK_KEY = ["player", "reality-check"] as const;

/**
 * The player's reality check, one query for the timer, the reminder and the setting. `fresh` fetches again on
 * mount: the reminder shows the session as it is at that moment.
 */
export function useRealityCheck({ fresh = false }: { fresh?: boolean } = {}) {
  const playerId = useProfile()?.id;
  return useQuery({
    queryKey: [...REALITY_CHECK_KEY, playerId],
    queryFn: realityCheckApi.get,
    enabled: playerId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: fresh ? "always" : true,
  });
}

/** Puts a changed setting in the shared query, so the timer follows it at once. */
export function useStoreRealityCheck() {
  const client = useQueryClient();
  const playerId = useProfile()?.id;
  return (check: RealityCheck) => client.setQueryData([...REALITY_CHECK_KEY, playerId], check);
}

const MINUTE = 60_000;
/** setTimeout's longest wait; a longer one would fire at once. */
const MAX_TIMEOUT = 2 ** 31 - 1;

/**
 * When the next reminder is due on this page's clock: the server's `nextAt - now` after the answer arrived
 * (`receivedAt`, this page's time), so a page whose clock is off still reminds on time. A reminder already
 * `shown` (the answer is older than it) gives way to the ones after it. Null when the check is off.
 */
export function nextDue(
  check: Pick<RealityCheck, "intervalMinutes" | "now" | "nextAt">,
  receivedAt: number,
  shown?: string,
): { at: number; nextAt: string } | null {
  if (!check.nextAt || check.intervalMinutes <= 0) return null;
  const step = check.intervalMinutes * MINUTE;
  let nextAt = Date.parse(check.nextAt);
  let at = receivedAt + Math.max(0, nextAt - Date.parse(check.now));
  const last = shown ? Date.parse(shown) : Number.NEGATIVE_INFINITY;
  if (nextAt <= last) {
    const skipped = Math.floor((last - nextAt) / step) + 1;
    nextAt += skipped * step;
    at += skipped * step;
  }
  return { at, nextAt: new Date(nextAt).toISOString() };
}

/** How long to wait for `at` from `now`, within what a timer can wait (a longer wait is timed again). */
export const timerDelay = (at: number, now: number): number => Math.min(MAX_TIMEOUT, Math.max(0, at - now));

/**
 * How long the session has lasted: by the server's clock, and at least until the reminder that opened the
 * modal (`dueAt`, its `nextAt`), which fired when the session reached it.
 */
export function sessionLength(check: Pick<RealityCheck, "now" | "sessionStartedAt">, dueAt?: string): number {
  const start = Date.parse(check.sessionStartedAt);
  const byServer = Date.parse(check.now) - start;
  const byReminder = dueAt ? Date.parse(dueAt) - start : 0;
  return Math.max(0, byServer, Number.isNaN(byReminder) ? 0 : byReminder);
}

/** A length of time in whole hours and minutes, in words of the locale: "1 hour, 5 minutes", "30 minutes". */
export function formatLength(ms: number, locale: string): string {
  const total = Math.floor(ms / MINUTE);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const unit = (value: number, u: "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: u, unitDisplay: "long" }).format(value);
  const parts = [
    ...(hours ? [unit(hours, "hour")] : []),
    ...(minutes || !hours ? [unit(minutes, "minute")] : []),
  ];
  return new Intl.ListFormat(locale, { style: "long", type: "unit" }).format(parts);
}

/** The reminders to offer: the operator's, and the player's own if the operator no longer offers it. */
export function offeredIntervals(check: Pick<RealityCheck, "choices" | "intervalMinutes">): number[] {
  const all = new Set(check.choices);
  if (check.intervalMinutes > 0) all.add(check.intervalMinutes);
  return [...all].sort((a, b) => a - b);
}

/** The address value of the reminder for a due time (ms), and back: the modal shows at least that long. */
export const reminderValue = (nextAt: string): string => String(Date.parse(nextAt));
export function dueFromValue(value: string): string | undefined {
  return /^\d{10,15}$/.test(value) ? new Date(Number(value)).toISOString() : undefined;
}
