import type { SportEvent, SportEventChange } from "../api/sportsbook";

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
