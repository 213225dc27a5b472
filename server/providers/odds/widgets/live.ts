import { Centrifuge, type Subscription } from "centrifuge";
import type { SportEvent, SportLiveBatch } from "#common/api/sportsbook";
import { COMPANION_CLIENT, SPORT_CHANNELS, sportEventChannel, sportLiveChannel } from "#common/realtime";
import { fromEventRow, fromLiveRow, type SportEventRow } from "#common/sport/live-changes";
import { applyChange, changed, invalidate, mergeEvent, state } from "./store";

/**
 * Live prices from the provider's realtime hub (the public sport channels of common/realtime.ts): `sport:live`
 * while the main widget lists every live event, `sport:live#{sportId}` for each sport it shows otherwise, and
 * `sport:event#{id}` for each event a page or the slip watches. Guests
 * subscribe too. One connection for the bundle, opened on first need. Both channels mostly carry changes
 * (docs/sportsbook-feed.md, "Live channels"): applied to the events the store holds; a change to an event it
 * does not hold is dropped (a list or page that shows it loads it whole).
 */

let client: Centrifuge | undefined;
let url = "";
const watched = new Map<number, { sub: Subscription; count: number }>();
/** The live channels followed: `sport:live` or a sport's `sport:live#{sportId}`. */
const liveSubs = new Map<string, Subscription>();

export function setRealtimeBase(apiBase: string): void {
  const base = apiBase ? new URL(apiBase) : new URL(window.location.href);
  const scheme = base.protocol === "https:" ? "wss" : "ws";
  url = `${scheme}://${base.host}/api/connection/websocket`;
}

function connection(): Centrifuge {
  if (!client) {
    client = new Centrifuge(url, {
      name: COMPANION_CLIENT,
      timeout: 5000,
      minReconnectDelay: 500,
      maxReconnectDelay: 20000,
    });
    let before = false;
    client.on("connected", () => {
      // Updates sent while the socket was down are gone: read the lists again.
      if (before) invalidate("events:");
      before = true;
    });
    client.connect();
  }
  return client;
}

/** The server draws the first screen with the same views (first-screen.ts): there is no hub to follow there. */
const drawnOnServer = () => typeof window === "undefined";

type Publication =
  | { event: "changes"; data: SportLiveBatch }
  | { event: "event"; data: SportEvent }
  | { event: "change"; data: SportEventRow };

/**
 * Follows the live changes (main markets) of every sport (`"all"`) or of the sports listed, and no other: the
 * channels no longer wanted are left. A change missed between two channels is repaired by the next change of the
 * same field (values are absolute) or the lists' next read.
 */
export function followLive(sports: "all" | readonly number[]): void {
  if (drawnOnServer()) return;
  const want = new Set(sports === "all" ? [SPORT_CHANNELS.live] : sports.map(sportLiveChannel));
  for (const [channel, sub] of liveSubs)
    if (!want.has(channel)) {
      sub.unsubscribe();
      client?.removeSubscription(sub);
      liveSubs.delete(channel);
    }
  for (const channel of want) {
    if (liveSubs.has(channel)) continue;
    const sub = connection().newSubscription(channel);
    sub.on("publication", (ctx) => {
      const p = ctx.data as Publication;
      if (p.event !== "changes") return;
      for (const e of p.data.events) mergeEvent(e, false);
      for (const row of p.data.changes) {
        const held = state.events.get(row[0]);
        if (held) applyChange(fromLiveRow(row, held));
      }
    });
    sub.subscribe();
    liveSubs.set(channel, sub);
  }
}

/** Follows one event in full while something shows it; answers the release. */
export function watchEvent(id: number): () => void {
  if (drawnOnServer()) return () => {};
  let w = watched.get(id);
  if (!w) {
    const sub = connection().newSubscription(sportEventChannel(id));
    sub.on("publication", (ctx) => {
      const p = ctx.data as Publication;
      if (p.event === "event") mergeEvent(p.data, true);
      else if (p.event === "change") {
        const held = state.events.get(p.data[0]);
        if (held) applyChange(fromEventRow(p.data, held));
      }
    });
    sub.subscribe();
    w = { sub, count: 0 };
    watched.set(id, w);
  }
  w.count++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const entry = watched.get(id);
    if (!entry) return;
    entry.count--;
    // Kept a moment: a re-render that drops and re-adds the same event should not resubscribe.
    setTimeout(() => {
      if (entry.count > 0 || watched.get(id) !== entry) return;
      entry.sub.unsubscribe();
      client?.removeSubscription(entry.sub);
      watched.delete(id);
      changed();
    }, 2000);
  };
}

/** Keeps exactly `ids` watched for one owner (a widget): answers the owner's updater. */
export function eventWatcher(): (ids: number[]) => void {
  const held = new Map<number, () => void>();
  return (ids) => {
    const want = new Set(ids);
    for (const [id, release] of held)
      if (!want.has(id)) {
        release();
        held.delete(id);
      }
    for (const id of want) if (!held.has(id)) held.set(id, watchEvent(id));
  };
}
