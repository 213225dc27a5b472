import type { SportEvent, SportEventChange, SportMarket } from "../api/sportsbook";

// Apart from the contract so the widget bundle, which applies changes, does not carry zod.
/**
 * An event with a change applied: markets the event does not carry (a list's event has its main market only)
 * are left out, an outcome it does not know is ignored. Answers the event itself when nothing applied.
 */
export function applySportEventChange(event: SportEvent, change: SportEventChange): SportEvent {
  let next = event;
  if (change.status !== undefined && change.status !== event.status)
    next = { ...next, status: change.status };
  if (change.live) {
    const base = event.live ?? { clock: "", elapsed: 0, period: "", score: [0, 0] as [number, number] };
    next = { ...next, live: { ...base, ...change.live } };
  }
  const byMarket = change.markets;
  if (byMarket) {
    let touched = false;
    const markets = event.markets.map((m) => {
      const c = byMarket[m.id];
      if (!c) return m;
      touched = true;
      const prefix = `${event.id}:${m.id}:`;
      const odds = c.odds;
      return {
        ...m,
        status: c.status ?? m.status,
        selections: odds
          ? m.selections.map((s) => {
              const o = s.id.startsWith(prefix) ? odds[s.id.slice(prefix.length)] : undefined;
              return o === undefined ? s : { ...s, odds: o };
            })
          : m.selections,
      };
    });
    if (touched) next = { ...next, markets };
  }
  return next;
}

/**
 * One event's change on `sport:live`, written by position (docs/sportsbook-feed.md, "Live channels"). That channel
 * brings every live event's moves to every viewer of the sports pages each second, and field names and outcome
 * keys were half its bytes (~105 B an event as a `SportEventChange`, ~50 B as a row). `null` means unchanged;
 * trailing nulls are left out.
 *
 * `[id, marketId, prices, live, status, marketStatus]`: `prices` are the main market's in the order of its
 * selections (the order the subscriber holds: a change of selections republishes the event whole), `live` is
 * `[clock, elapsed, period, score, detail]`.
 */
export type SportLiveRow = [
  id: number,
  market?: string | null,
  prices?: (string | null)[] | null,
  live?: SportLiveRowState | null,
  status?: SportEvent["status"] | null,
  marketStatus?: SportMarket["status"] | null,
];
export type SportLiveRowState = [
  clock?: string | null,
  elapsed?: number | null,
  period?: string | null,
  score?: [number, number] | null,
  detail?: string | null,
];

const LIVE_FIELDS = ["clock", "elapsed", "period", "score", "detail"] as const;

/** Drops trailing nulls: the row's absent tail. */
function trimmed<T extends unknown[]>(row: T): T {
  let n = row.length;
  while (n > 0 && (row[n - 1] === null || row[n - 1] === undefined)) n--;
  row.length = n;
  return row;
}

/**
 * A main-market change as a row: `outcomes` are the main market's outcome keys in its selections' order. A change
 * that names another market or an outcome not among `outcomes` cannot be a row (the caller sends the event whole).
 */
export function toLiveRow(change: SportEventChange, outcomes: readonly string[]): SportLiveRow | undefined {
  const entries = Object.entries(change.markets ?? {});
  if (entries.length > 1) return undefined;
  const [marketId, market] = entries[0] ?? [];
  const odds = market?.odds;
  if (odds && Object.keys(odds).some((o) => !outcomes.includes(o))) return undefined;
  const live = change.live;
  return trimmed<SportLiveRow>([
    change.id,
    marketId ?? null,
    odds ? trimmed(outcomes.map((o) => odds[o] ?? null)) : null,
    live ? trimmed<SportLiveRowState>(LIVE_FIELDS.map((f) => live[f] ?? null) as SportLiveRowState) : null,
    change.status ?? null,
    market?.status ?? null,
  ]);
}

/** A row read back against the event it changes (the outcomes of its held market); nothing of a market not held. */
export function fromLiveRow(row: SportLiveRow, event: SportEvent): SportEventChange {
  const [id, marketId, prices, live, status, marketStatus] = row;
  const change: SportEventChange = { id };
  if (status) change.status = status;
  if (live) change.live = liveFields(live);
  const market = marketId ? event.markets.find((m) => m.id === marketId) : undefined;
  if (market) change.markets = { [market.id]: marketChange(event.id, market, prices, marketStatus) };
  return change;
}

function liveFields(live: SportLiveRowState): NonNullable<SportEventChange["live"]> {
  const fields: NonNullable<SportEventChange["live"]> = {};
  LIVE_FIELDS.forEach((f, i) => {
    const v = live[i];
    if (v !== null && v !== undefined) (fields as Record<string, unknown>)[f] = v;
  });
  return fields;
}

/** A market's prices by position (its selections' order) and status, as a change keyed by outcome. */
function marketChange(
  eventId: number,
  market: SportMarket,
  prices: (string | null)[] | null | undefined,
  status: SportMarket["status"] | null | undefined,
): NonNullable<SportEventChange["markets"]>[string] {
  const c: NonNullable<SportEventChange["markets"]>[string] = {};
  if (status) c.status = status;
  if (prices) {
    const prefix = `${eventId}:${market.id}:`;
    const odds: Record<string, string> = {};
    prices.forEach((p, k) => {
      const s = market.selections[k];
      if (p !== null && s?.id.startsWith(prefix)) odds[s.id.slice(prefix.length)] = p;
    });
    c.odds = odds;
  }
  return c;
}

/**
 * One event's change on `sport:event#{id}`, written by position like a live row but over every market that moved:
 * `[id, markets, live, status]`, each market `[marketId, prices, marketStatus]` with `prices` in the order of
 * that market's selections (the order the subscriber holds: a change of selections sends the event whole). `live`
 * is `[clock, elapsed, period, score, detail]`; `null` is unchanged, trailing nulls are left out. About half the
 * bytes of a `SportEventChange`, whose market ids, outcome keys and field names were repeated every second.
 */
export type SportEventRow = [
  id: number,
  markets?: SportEventRowMarket[] | null,
  live?: SportLiveRowState | null,
  status?: SportEvent["status"] | null,
];
export type SportEventRowMarket = [
  id: string,
  prices?: (string | null)[] | null,
  status?: SportMarket["status"] | null,
];

/**
 * A change as an event row: `outcomesOf` gives a market's outcome keys in its selections' order. A change naming
 * a market or an outcome the event does not list cannot be a row (the caller sends the event whole).
 */
export function toEventRow(
  change: SportEventChange,
  outcomesOf: (marketId: string) => readonly string[] | undefined,
): SportEventRow | undefined {
  const markets: SportEventRowMarket[] = [];
  for (const [marketId, c] of Object.entries(change.markets ?? {})) {
    const outcomes = outcomesOf(marketId);
    if (!outcomes) return undefined;
    const odds = c.odds;
    if (odds && Object.keys(odds).some((o) => !outcomes.includes(o))) return undefined;
    markets.push(
      trimmed<SportEventRowMarket>([
        marketId,
        odds ? trimmed(outcomes.map((o) => odds[o] ?? null)) : null,
        c.status ?? null,
      ]),
    );
  }
  const live = change.live;
  return trimmed<SportEventRow>([
    change.id,
    markets.length > 0 ? markets : null,
    live ? trimmed<SportLiveRowState>(LIVE_FIELDS.map((f) => live[f] ?? null) as SportLiveRowState) : null,
    change.status ?? null,
  ]);
}

/** An event row read back against the event it changes (the selections of its markets); markets not held are skipped. */
export function fromEventRow(row: SportEventRow, event: SportEvent): SportEventChange {
  const [id, markets, live, status] = row;
  const change: SportEventChange = { id };
  if (status) change.status = status;
  if (live) change.live = liveFields(live);
  for (const [marketId, prices, marketStatus] of markets ?? []) {
    const market = event.markets.find((m) => m.id === marketId);
    if (!market) continue;
    change.markets ??= {};
    change.markets[marketId] = marketChange(event.id, market, prices, marketStatus);
  }
  return change;
}
