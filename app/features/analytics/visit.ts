import { storage } from "~/lib/storage";

/**
 * The visitor and their visit, as the ad pixel counts them (decision 0019). A visit ends after 30 minutes
 * without a page load; it is shared by the tabs (local storage), so a reload or a second tab is the same visit
 * and sends no second `visit`.
 */
export const VISIT_KEY = "analyticsVisit";
export const VISITOR_KEY = "analyticsVisitor";
export const VISIT_IDLE_MS = 30 * 60 * 1000;

const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The visit going on, or a new one when the last page load is older than 30 minutes; touches it. */
export function currentVisit(now = Date.now()): { id: string; isNew: boolean } {
  let last: { id?: unknown; at?: unknown } = {};
  try {
    last = JSON.parse(storage.get(VISIT_KEY) ?? "{}") ?? {};
  } catch {
    // a damaged entry: a new visit
  }
  const fresh = typeof last.id === "string" && typeof last.at === "number" && now - last.at < VISIT_IDLE_MS;
  const id = fresh ? (last.id as string) : newId();
  storage.set(VISIT_KEY, JSON.stringify({ id, at: now }));
  return { id, isNew: !fresh };
}

/** This browser's anonymous visitor id (the pixel's `vid`, and `frogoFingerprint` on registration and login). */
export function visitorId(): string {
  const known = storage.get(VISITOR_KEY);
  if (known && /^[A-Za-z0-9-]{8,64}$/.test(known)) return known;
  const id = newId();
  storage.set(VISITOR_KEY, id);
  return id;
}
