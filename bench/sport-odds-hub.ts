// Live odds benchmark (issue #15's target): 500 live events each changing once a second, published by the
// sportsbook's own code through the realtime hub to 1,000 guest subscribers; p99 of the delay from the feed's
// change to the subscriber reading it (target: under 100 ms). See bench/README.md.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import WebSocket from "ws";
import { SPORT_CHANNELS, sportEventChannel, sportLiveChannel } from "#common/realtime";

const EVENTS = Number(process.env.BENCH_SPORT_EVENTS ?? 500);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
/** Event pages and bet-slip legs a subscriber follows, each `sport:event#{id}`. */
const PER_SUBSCRIBER = Number(process.env.BENCH_SPORT_EVENTS_PER_SUBSCRIBER ?? 5);
/**
 * The share of subscribers on the live page, which follows `sport:live` (every sport's moves); the others are on
 * a sport's page (or the overview) and follow that sport's `sport:live#{sportId}`: the sport of their first event.
 * Until 2026-12-04 every guest followed `sport:live` (share 1, the worst case; set BENCH_SPORT_LIVE_SHARE=1).
 */
const LIVE_SHARE = Number(process.env.BENCH_SPORT_LIVE_SHARE ?? 0.2);
const TICKS = Number(
  process.env.BENCH_SPORT_TICKS ?? Math.max(3, Number(process.env.BENCH_DURATION_S ?? 10)),
);
/** The first ticks warm the JIT and the sockets' buffers up and are not counted. */
const WARM_UP = 2;

const now = () => performance.timeOrigin + performance.now();
// The head of a push: `{"push":{"channel":"…","pub":{"data":{"tick":n,"sentAt":t,…`.
const HEAD = /^\{"push":\{"channel":"([^"]+)","pub":\{"data":\{"tick":(\d+),"sentAt":([\d.]+)/;

interface Sample {
  live: boolean;
  ms: number;
}

// BENCH_SPORT_PROFILE_DIR: write a CPU profile of the hub process there (node --cpu-prof).
const profile = process.env.BENCH_SPORT_PROFILE_DIR;
const flags = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
const child = spawn(process.execPath, [...flags, "--import", "tsx", "bench/sport-odds-process.ts"], {
  stdio: ["pipe", "pipe", "inherit"],
  env: { ...process.env, BENCH_SPORT_EVENTS: String(EVENTS) },
});
const lines = createInterface({ input: child.stdout! });
const first = await new Promise<string>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`hub process exited (${code})`)));
  lines.once("line", resolve);
});
const [port, idList] = first.split(" ") as [string, string];
const pairs = idList.split(",").map((p) => p.split(":").map(Number) as [number, number]);
const ids = pairs.map(([id]) => id);
const sportOf = new Map(pairs);
const url = `ws://127.0.0.1:${port}/api/connection/websocket`;

const samples: Sample[] = [];
let bytes = 0;
/** The bytes of the counted ticks' pushes (after the warm-up, whose first tick sends every event whole). */
let countedBytes = 0;
let pushes = 0;

/** A guest: connects, subscribes to its event channels and a live channel in one frame, answers pings. */
async function subscriber(i: number): Promise<WebSocket> {
  const followed = Array.from(
    { length: PER_SUBSCRIBER },
    (_, k) => ids[(i * PER_SUBSCRIBER + k) % ids.length]!,
  );
  const channels = followed.map(sportEventChannel);
  channels.push(
    i < Math.round(SUBSCRIBERS * LIVE_SHARE)
      ? SPORT_CHANNELS.live
      : sportLiveChannel(sportOf.get(followed[0]!)!),
  );
  // The client reads only each frame's head: one process stands in for a thousand browsers, and parsing every
  // frame in full here would measure this process, not the delivery.
  const ws = new WebSocket(url, { skipUTF8Validation: true, perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const commands = [
    { id: 1, connect: { name: `guest-${i}` } },
    ...channels.map((channel, k) => ({ id: k + 2, subscribe: { channel } })),
  ];
  let waiting = commands.length;
  await new Promise<void>((resolve, reject) => {
    ws.on("message", (raw: Buffer) => {
      const head = raw.toString("latin1", 0, Math.min(raw.length, 160));
      if (waiting > 0) {
        for (const line of raw.toString().split("\n")) {
          if (!line) continue;
          const m = JSON.parse(line) as { id?: number; error?: unknown };
          if (m.error) reject(new Error(`subscriber ${i}: ${JSON.stringify(m)}`));
          if (m.id !== undefined && --waiting === 0) resolve();
        }
        return;
      }
      if (head === "{}") {
        ws.send("{}"); // the hub's ping: pong
        return;
      }
      // The hub sends the pushes of one turn of its event loop as one message, one push a line.
      const at = now();
      bytes += raw.length;
      for (let start = 0; start < raw.length; ) {
        const m = HEAD.exec(raw.toString("latin1", start, Math.min(raw.length, start + 160)));
        const next = raw.indexOf(10, start);
        if (m) {
          pushes++;
          if (Number(m[2]) >= WARM_UP) countedBytes += (next === -1 ? raw.length : next + 1) - start;
          if (Number(m[2]) >= WARM_UP)
            samples.push({ live: m[1]!.startsWith(SPORT_CHANNELS.live), ms: at - Number(m[3]) });
        }
        start = next === -1 ? raw.length : next + 1;
      }
    });
    ws.send(commands.map((c) => JSON.stringify(c)).join("\n"));
  });
  return ws;
}

const percentile = (xs: number[], q: number) =>
  xs.length ? xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]! : Number.NaN;
const summary = (xs: number[]) => {
  xs.sort((a, b) => a - b);
  return `p50 ${percentile(xs, 0.5).toFixed(1)} ms, p99 ${percentile(xs, 0.99).toFixed(1)} ms, max ${(xs.at(-1) ?? Number.NaN).toFixed(1)} ms (${xs.length} deliveries)`;
};

const liveSubs = Math.round(SUBSCRIBERS * LIVE_SHARE);
console.log(
  `\nsport odds: ${EVENTS} live events changing once a second for ${TICKS} s (${WARM_UP} s warm-up), ${SUBSCRIBERS} guests ` +
    `each on ${PER_SUBSCRIBER} sport:event#{id} channels and one live channel: ${liveSubs} on sport:live (the live page), ` +
    `${SUBSCRIBERS - liveSubs} on their sport's sport:live#{sportId}`,
);
const sockets: WebSocket[] = [];
try {
  for (let i = 0; i < SUBSCRIBERS; i += 100)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, SUBSCRIBERS - i) }, (_, k) => subscriber(i + k)),
      )),
    );
  const done = new Promise<void>((resolve, reject) => {
    lines.on("line", (l) => l === "done" && resolve());
    child.once("exit", (code) => reject(new Error(`hub process exited (${code})`)));
  });
  const started = now();
  child.stdin!.write(`${JSON.stringify({ ticks: TICKS })}\n`);
  await done;
  // Let the last second's frames arrive (or show that they did not).
  const counted = TICKS - WARM_UP;
  const expected = counted * (EVENTS > 0 ? SUBSCRIBERS + SUBSCRIBERS * PER_SUBSCRIBER : 0);
  const deadline = Date.now() + 10_000;
  while (samples.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const seconds = (now() - started) / 1000;
  const all = samples.map((s) => s.ms);
  console.log(`  sport:event#{id} (changes): ${summary(samples.filter((s) => !s.live).map((s) => s.ms))}`);
  console.log(
    `  sport:live and sport:live#{sportId} (live events' changes, main market): ${summary(samples.filter((s) => s.live).map((s) => s.ms))}`,
  );
  console.log(
    `  all: ${summary(all)}; ${samples.length}/${expected} expected deliveries; ` +
      `${(bytes / 1024 / 1024 / seconds).toFixed(1)} MiB/s, ${Math.round(pushes / seconds)} pushes/s received, ` +
      // Independent of how loaded the machine is: what one guest receives for one second of play.
      `${(countedBytes / 1024 / SUBSCRIBERS / (TICKS - WARM_UP)).toFixed(1)} KiB a guest a second after the warm-up`,
  );
  const p99 = percentile(all, 0.99);
  console.log(
    `  target: p99 publish → receipt < 100 ms, every delivery arrived → ${p99.toFixed(1)} ms, ${samples.length}/${expected}; met: ${p99 < 100 && samples.length >= expected ? "yes" : "no"}`,
  );
} finally {
  for (const s of sockets) s.terminate();
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}
