import type { SportBet, SportEvent, SportEventChange, SportMarket } from "#common/api/sportsbook";
import { applySportEventChange } from "#common/sport/live-changes";
import type { SportsbookInitParams, SportsbookTheme } from "#common/sportsbook-widgets";
import { type EventsQuery, type SportSummary, SportsbookApi } from "./api";
import { type Translate, textsFor } from "./texts";

/**
 * The bundle's one store: the session (token, theme, culture), the events it has seen (kept current by the
 * live channels), cached lists and the odds that just moved. Widgets read it while rendering and re-render
 * (batched to a frame) whenever it changes.
 */

export interface Resource<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
}
interface Entry<T> extends Resource<T> {
  at: number;
  promise?: Promise<void>;
}

export interface Flash {
  dir: "up" | "down";
  until: number;
}

const listeners = new Set<() => void>();
let scheduled = false;

export const state = {
  params: undefined as SportsbookInitParams | undefined,
  token: undefined as string | undefined,
  accountId: null as string | null,
  currency: "USD",
  theme: "dark" as SportsbookTheme,
  culture: "en-GB",
  t: textsFor("en-GB") as Translate,
  /** Events as lists show them (main market); a full event when its page was opened. */
  events: new Map<number, SportEvent>(),
  /** Events with all their markets (event pages, the slip's legs). */
  full: new Set<number>(),
  flashes: new Map<string, Flash>(),
  cache: new Map<string, Entry<unknown>>(),
};

export const api = new SportsbookApi("", () => ({
  token: state.token,
  locale: state.params?.locale ?? "en",
}));

/** Re-renders every widget on the next frame (many live updates in one frame render once). */
export function changed(): void {
  if (scheduled) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    for (const l of [...listeners]) l();
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(run);
  else setTimeout(run, 16);
}

export function onChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setApiBase(base: string): void {
  api.base = base.replace(/\/$/, "");
}

/**
 * A cached call: the first reader starts it, every reader sees its state, and after `ttlMs` the next reader
 * refreshes it in the background (the old data stays on screen meanwhile).
 */
export function resource<T>(key: string, load: () => Promise<T>, ttlMs = 30_000): Resource<T> {
  let entry = state.cache.get(key) as Entry<T> | undefined;
  const stale = entry && !entry.promise && Date.now() - entry.at > ttlMs;
  if (!entry || stale) {
    const current: Entry<T> = entry ?? { loading: true, at: 0 };
    current.loading = true;
    current.promise = load()
      .then(
        (data) => {
          current.data = data;
          current.error = undefined;
        },
        (error: unknown) => {
          current.error = error;
        },
      )
      .finally(() => {
        current.loading = false;
        current.at = Date.now();
        current.promise = undefined;
        changed();
      });
    state.cache.set(key, current as Entry<unknown>);
    entry = current;
  }
  return entry;
}

/** Drops a cached call so the next reader loads it again (a retry button, a changed session). */
export function invalidate(prefix: string): void {
  for (const key of [...state.cache.keys()]) if (key.startsWith(prefix)) state.cache.delete(key);
  changed();
}

export const sportsKey = () => `sports:${state.params?.locale}`;
export const eventsKey = (q: EventsQuery) => `events:${state.params?.locale}:${JSON.stringify(q)}`;

export function sportsResource(): Resource<SportSummary[]> {
  return resource(sportsKey(), () => api.sports(), 60_000);
}

/** A list of events: the ids are cached, the events themselves live in `state.events` and follow updates. */
export function eventsResource(q: EventsQuery): Resource<number[]> {
  return resource(
    eventsKey(q),
    async () => {
      const list = await api.events(q);
      for (const e of list) mergeEvent(e, false);
      return list.map((e) => e.id);
    },
    q.status === "live" ? 15_000 : 60_000,
  );
}

/** One event with all its markets. */
export function eventResource(id: number): Resource<number> {
  return resource(
    `event:${state.params?.locale}:${id}`,
    async () => {
      mergeEvent(await api.event(id), true);
      return id;
    },
    120_000,
  );
}

const FLASH_MS = 1600;

function noteMoves(before: SportMarket[] | undefined, after: SportMarket[]) {
  if (!before) return;
  const old = new Map<string, string>();
  for (const m of before) for (const s of m.selections) old.set(s.id, s.odds);
  const until = Date.now() + FLASH_MS;
  let any = false;
  for (const m of after)
    for (const s of m.selections) {
      const was = old.get(s.id);
      if (was === undefined || was === s.odds) continue;
      state.flashes.set(s.id, { dir: Number(s.odds) > Number(was) ? "up" : "down", until });
      any = true;
    }
  // One more render when the flashes end, so the colour goes away.
  if (any) setTimeout(changed, FLASH_MS + 20);
}

/**
 * An event from a list, a page or a live channel. A list's event carries its main market only: merged into a
 * full event it replaces that market and leaves the others.
 */
export function mergeEvent(next: SportEvent, full: boolean): void {
  const prev = state.events.get(next.id);
  noteMoves(prev?.markets, next.markets);
  if (full) {
    state.full.add(next.id);
    state.events.set(next.id, next);
  } else if (prev && state.full.has(next.id)) {
    const byId = new Map(next.markets.map((m) => [m.id, m]));
    const markets = prev.markets.map((m) => byId.get(m.id) ?? m);
    for (const m of next.markets) if (!prev.markets.some((p) => p.id === m.id)) markets.unshift(m);
    state.events.set(next.id, { ...next, markets, marketCount: Math.max(next.marketCount, markets.length) });
  } else {
    state.events.set(next.id, next);
  }
  changed();
}

/** A live channel's change to an event the store holds (its moved prices flash); others are not shown here. */
export function applyChange(change: SportEventChange): void {
  const prev = state.events.get(change.id);
  if (!prev) return;
  const next = applySportEventChange(prev, change);
  if (next === prev) return;
  noteMoves(prev.markets, next.markets);
  state.events.set(change.id, next);
  changed();
}

export function flashOf(selectionId: string): Flash["dir"] | undefined {
  const f = state.flashes.get(selectionId);
  if (!f) return undefined;
  if (f.until < Date.now()) {
    state.flashes.delete(selectionId);
    return undefined;
  }
  return f.dir;
}

/** Where a selection stands now: its market's status and price, or gone. */
export function currentSelection(
  eventId: number,
  selectionId: string,
): { odds: string; status: SportMarket["status"]; eventStatus: SportEvent["status"] } | undefined {
  const event = state.events.get(eventId);
  if (!event) return undefined;
  for (const m of event.markets) {
    const s = m.selections.find((x) => x.id === selectionId);
    if (s) return { odds: s.odds, status: m.status, eventStatus: event.status };
  }
  return undefined;
}

/** A selection with its market and event as the store holds them now, or undefined when it holds none. */
export function selectionInMarket(
  eventId: number,
  selectionId: string,
): { event: SportEvent; market: SportMarket; odds: string } | undefined {
  const event = state.events.get(eventId);
  if (!event) return undefined;
  for (const market of event.markets) {
    const s = market.selections.find((x) => x.id === selectionId);
    if (s) return { event, market, odds: s.odds };
  }
  return undefined;
}

export const eventName = (e: Pick<SportEvent, "home" | "away">) =>
  e.away ? `${e.home} – ${e.away}` : e.home;

// ---- the player's bets, from the site's realtime (game:bets#{id}) instead of polling

const UNSETTLED = new Set<string>(["pending", "open"]);
const betWaiters = new Set<(bet: SportBet) => void>();

/**
 * A bet as the player's channel carries it (placed, accepted or refused after the live delay, settled,
 * resettled, cashed out): put in the lists the widgets hold, at the top when new, out of the list it left.
 * Lists not loaded yet are left alone (they read the bet when they load).
 */
export function applyBet(bet: SportBet): void {
  const unsettled = UNSETTLED.has(bet.status);
  for (const [key, entry] of state.cache) {
    const list = key.startsWith("bets:open:") ? true : key.startsWith("bets:settled:") ? false : undefined;
    if (list === undefined || !Array.isArray(entry.data)) continue;
    const bets = entry.data as SportBet[];
    const at = bets.findIndex((b) => b.id === bet.id);
    if (list === unsettled) entry.data = at < 0 ? [bet, ...bets] : bets.map((b, i) => (i === at ? bet : b));
    else if (at >= 0) entry.data = bets.filter((_, i) => i !== at);
  }
  for (const w of [...betWaiters]) w(bet);
  changed();
}

/** Waits for the channel to say each of these bets left `pending` (the live delay); at most `ms`. */
export function betsDecided(ids: string[], ms: number): Promise<SportBet[] | undefined> {
  const decided = new Map<string, SportBet>();
  return new Promise((resolve) => {
    const done = (v: SportBet[] | undefined) => {
      betWaiters.delete(waiter);
      clearTimeout(timer);
      resolve(v);
    };
    const waiter = (bet: SportBet) => {
      if (!ids.includes(bet.id) || bet.status === "pending") return;
      decided.set(bet.id, bet);
      if (decided.size === ids.length) done(ids.map((id) => decided.get(id)!));
    };
    betWaiters.add(waiter);
    const timer = setTimeout(() => done(undefined), ms);
    // The decision may have come before the wait began (it is in a list already).
    for (const [key, entry] of state.cache)
      if (key.startsWith("bets:") && Array.isArray(entry.data))
        for (const b of entry.data as SportBet[]) waiter(b);
  });
}

// ---- the first screen the server drew (first-screen.ts)

/** The element of the page that carries the first screen's reads (JSON). */
export const SEED_ID = "lsb-first-screen-seed";
/** Where the first screen's script keeps the odds tapped before the bundle ran (selection ids, in order). */
export const FIRST_PICKS_GLOBAL = "__lsbFirstPicks";

/** The reads a screen was drawn from, by their cache keys, and the events they name. */
export interface StoreSeed {
  reads: Record<string, unknown>;
  events: SportEvent[];
}

/**
 * Puts reads into the store as if they had just been made. `fresh` false marks them old, so the first view that
 * reads them shows them and reads again at once (the page that carried them may be seconds old).
 */
export function seedStore(seed: StoreSeed, fresh: boolean): void {
  for (const e of seed.events) state.events.set(e.id, e);
  const at = fresh ? Date.now() : 0;
  for (const [key, data] of Object.entries(seed.reads))
    if (!state.cache.has(key)) state.cache.set(key, { data, loading: false, at });
}

/** The reads of a first screen the server drew into this page, if any; taken once. */
export function takePageSeed(doc: Document): void {
  const el = doc.getElementById(SEED_ID);
  if (!el?.textContent) return;
  el.remove();
  try {
    seedStore(JSON.parse(el.textContent) as StoreSeed, false);
  } catch {
    // A seed that does not read is only a slower start: the views read everything themselves.
  }
}
