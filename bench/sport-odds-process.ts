// The hub side of bench/sport-odds-hub.ts, in a process of its own as a server runs it: the realtime hub
// (server/realtime/test-support.ts: Fastify, the Centrifuge-protocol hub, in-process broker) and the sportsbook's
// own publishing code (`publishFeedChanges`, server/modules/sportsbook/live.ts) fed by a bench feed of
// `BENCH_SPORT_EVENTS` live events taken from the odds simulator. Prints its port; on the stdin line
// `{ "ticks": n }` it changes every event once a second, n times, as the simulator's tick does (all of a
// second's changes in one go), then prints "done". Each publication carries `tick` and `sentAt` (the moment the
// feed handed the changes over) as its first keys, so a client reads them from the first bytes of a frame.
import { createInterface } from "node:readline";
import type { RealtimeEvent } from "#common/realtime";
import { simulatorCatalogue } from "../server/modules/sportsbook/feed";
import { publishFeedChanges } from "../server/modules/sportsbook/live";
import { catalogueNames } from "../server/modules/sportsbook/names";
import type { FeedEvent, FeedUpdate, OddsFeed } from "../server/providers/odds/port";
import { createSimulatedOddsFeed } from "../server/providers/odds/simulator";
import { startRealtimeServer } from "../server/realtime/test-support";

const EVENTS = Number(process.env.BENCH_SPORT_EVENTS ?? 500);

// Real events, with the markets the simulator prices for each sport (all of them, as an event page shows),
// turned live: the payloads are the size the widgets receive. Prints `port id:sportId,…`.
const simulator = createSimulatedOddsFeed({
  catalogue: simulatorCatalogue(),
  clock: { now: () => new Date() },
  seed: 2026,
});
const events: FeedEvent[] = simulator
  .events()
  .filter((e) => e.away !== undefined && e.status === "scheduled")
  .slice(0, EVENTS)
  .map((e) => ({
    ...e,
    status: "live",
    live: { clock: "1'", elapsed: 1, period: "1st half", score: [0, 0] },
  }));
if (events.length < EVENTS) throw new Error(`the simulator has only ${events.length} matches`);

/** A price moved a little, as live re-pricing moves it: two decimals, never under 1.01. */
function nudge(odds: string, r: number): string {
  return Math.max(1.01, Number(odds) * (1 + (r - 0.5) * 0.04)).toFixed(2);
}

/** One second of play for an event: the clock runs, and every selection of its first three markets re-prices. */
function play(e: FeedEvent, tick: number): FeedEvent {
  return {
    ...e,
    live: { ...e.live!, clock: `${tick + 1}'`, elapsed: tick + 1 },
    markets: e.markets.map((m, i) =>
      i < 3
        ? { ...m, selections: m.selections.map((s) => ({ ...s, odds: nudge(s.odds, Math.random()) })) }
        : m,
    ),
  };
}

const listeners = new Set<(u: FeedUpdate) => void>();
const feed: OddsFeed = {
  events: () => events,
  event: (id) => events.find((e) => e.id === id),
  results: () => undefined,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start: async () => undefined,
  stop: async () => undefined,
};

const server = await startRealtimeServer();
let stamp = { tick: 0, sentAt: 0 };
const publisher = {
  publish: (channel: string, event: RealtimeEvent) =>
    server.realtime.publish(channel, { ...stamp, ...event } as RealtimeEvent),
};
publishFeedChanges(feed, publisher, catalogueNames(), () => undefined);
process.stdout.write(`${server.port} ${events.map((e) => `${e.id}:${e.sportId}`).join(",")}\n`);

function tick(n: number) {
  for (let i = 0; i < events.length; i++) events[i] = play(events[i]!, n);
  // The moment the feed hands the second's changes to the server: what follows (the event as the API shows it,
  // the live batch, the hub's fan-out) is the delay a viewer sees.
  stamp = { tick: n, sentAt: performance.timeOrigin + performance.now() };
  for (const event of events) for (const l of listeners) l({ type: "event", event });
}

createInterface({ input: process.stdin }).on("line", (line) => {
  const { ticks } = JSON.parse(line) as { ticks: number };
  let n = 0;
  const timer = setInterval(() => {
    tick(n++);
    if (n >= ticks) {
      clearInterval(timer);
      setTimeout(() => process.stdout.write("done\n"), 100);
    }
  }, 1000);
});
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
