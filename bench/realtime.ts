// Realtime benchmark (issue 3's targets): how many idle connections one hub process holds and at what memory
// (target: 10,000 within 1 GiB), and the delay from publish to receipt for 1,000 subscribers (target: p99
// under 50 ms). A bare `ws` server measured in the same run is the baseline. See bench/README.md.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import WebSocket from "ws";
import { playerChannel } from "../common/realtime";
import { tokenFor } from "../server/realtime/test-support";

/** The soft limit on open files of this process (each client socket takes one), or Infinity when unknown. */
function openFilesLimit(): number {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

const WANTED_IDLE = Number(process.env.BENCH_IDLE_CONNECTIONS ?? 10_000);
// Leave room for the process's own files, pipes and the children's stdio.
const IDLE = Math.max(0, Math.min(WANTED_IDLE, openFilesLimit() - 200));
if (IDLE < WANTED_IDLE)
  console.log(
    `realtime: note: ulimit -n is ${openFilesLimit()}, too low for ${WANTED_IDLE} client sockets; measuring ${IDLE} ` +
      `(raise it with \`ulimit -n ${WANTED_IDLE + 200}\` in the shell that runs the bench)`,
  );
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_PUBLISH_ROUNDS ?? 5);

interface Target {
  name: string;
  child: ChildProcess;
  url: string;
  /** Sends one publication to subscriber i. */
  publish(i: number, data: unknown): void;
  hub: boolean;
  settledMemory(): Promise<NodeJS.MemoryUsage>;
}

async function start(name: string, script: string, hub: boolean): Promise<Target> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<string>((resolve) => lines.once("line", resolve));
  const url = hub ? `ws://127.0.0.1:${port}/api/connection/websocket` : `ws://127.0.0.1:${port}`;
  const publish = (i: number, data: unknown) =>
    child.stdin!.write(
      `${JSON.stringify(hub ? { channel: playerChannel("notifications", i + 1), data: { event: "message", data } } : { to: i, data })}\n`,
    );
  /** Memory after a full collection in the child, so two readings compare live objects, not heap slack. */
  const settledMemory = async () => {
    const reading = new Promise<NodeJS.MemoryUsage>((resolve) => {
      const wait = (line: string) =>
        line.startsWith("gc ") ? resolve(JSON.parse(line.slice(3))) : lines.once("line", wait);
      lines.once("line", wait);
    });
    child.stdin!.write('{"gc":true}\n');
    return reading;
  };
  return { name, child, url, publish, hub, settledMemory };
}

const MiB = 1024 * 1024;
/** What connections cost: the JavaScript heap plus buffers outside it (sockets' buffers live there). */
const liveBytes = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;

/** Opens a connection and completes the protocol's connect (or the bare server's echo); optionally subscribes. */
async function open(
  url: string,
  name: string,
  token?: string,
  channel?: string,
  onPush?: (data: { sentAt: number }) => void,
) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const replied = new Promise<void>((resolve) => ws.once("message", () => resolve()));
  ws.send(
    JSON.stringify({ id: 1, connect: token ? { token, name } : { name } }) +
      (channel ? `\n${JSON.stringify({ id: 2, subscribe: { channel } })}` : ""),
  );
  await replied;
  if (onPush) {
    ws.on("message", (raw) => {
      for (const line of raw.toString().split("\n")) {
        if (!line) continue;
        const m = JSON.parse(line);
        if (m.push?.pub) onPush((m.push.pub.data.data ?? m.push.pub.data) as { sentAt: number });
        else if (Object.keys(m).length === 0) ws.send("{}"); // the hub's ping: pong
      }
    });
  } else {
    ws.on("message", (raw) => {
      if (raw.toString() === "{}") ws.send("{}");
    });
  }
  return ws;
}

async function idle(t: Target) {
  // Twice, a second apart: finalizers free what start-up left (compiler caches, migration buffers) only after
  // a first collection.
  await t.settledMemory();
  await new Promise((r) => setTimeout(r, 1000));
  const before = await t.settledMemory();
  const sockets: WebSocket[] = [];
  const started = Date.now();
  for (let i = 0; i < IDLE; i += 500) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(500, IDLE - i) }, () => open(t.url, "idle").catch(() => undefined)),
    );
    for (const s of batch) if (s) sockets.push(s);
  }
  const after = await t.settledMemory();
  const result = {
    held: sockets.length,
    rssBefore: before.rss / MiB,
    rssAfter: after.rss / MiB,
    perConnKiB: (liveBytes(after) - liveBytes(before)) / 1024 / Math.max(1, sockets.length),
    seconds: (Date.now() - started) / 1000,
  };
  for (const s of sockets) s.terminate();
  await new Promise((r) => setTimeout(r, 500));
  return result;
}

async function latency(t: Target) {
  const samples: number[] = [];
  const sockets = await Promise.all(
    Array.from({ length: SUBSCRIBERS }, async (_, i) =>
      open(
        t.url,
        `sub-${i}`,
        t.hub ? await tokenFor(String(i + 1)) : undefined,
        t.hub ? playerChannel("notifications", i + 1) : undefined,
        (d) => samples.push(performance.timeOrigin + performance.now() - d.sentAt),
      ),
    ),
  );
  await new Promise((r) => setTimeout(r, 500));
  for (let round = 0; round < ROUNDS; round++) {
    // A steady 1,000 publications a second (10 every 10 ms): the delay each one sees, not a burst's queue.
    for (let i = 0; i < SUBSCRIBERS; i += 10) {
      for (let j = i; j < Math.min(i + 10, SUBSCRIBERS); j++)
        t.publish(j, { sentAt: performance.timeOrigin + performance.now() });
      await new Promise((r) => setTimeout(r, 10));
    }
    const expected = (round + 1) * SUBSCRIBERS;
    const deadline = Date.now() + 10_000;
    while (samples.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  }
  for (const s of sockets) s.terminate();
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { received: samples.length, sent: SUBSCRIBERS * ROUNDS, p50: at(0.5), p99: at(0.99) };
}

console.log(
  `\nrealtime: ${IDLE} idle connections; ${SUBSCRIBERS} subscribers × ${ROUNDS} rounds of one publication each, 1,000 a second`,
);
const bare = await start("bare ws (baseline)", "bench/bare-ws-server.ts", false);
const hub = await start("hub (Centrifuge protocol)", "server/realtime/test-process.ts", true);
try {
  const rows = [];
  for (const t of [bare, hub]) rows.push({ t, idle: await idle(t), latency: await latency(t) });
  for (const { t, idle: i, latency: l } of rows) {
    console.log(
      `  ${t.name.padEnd(27)} held ${i.held}/${IDLE}, RSS ${i.rssBefore.toFixed(0)} → ${i.rssAfter.toFixed(0)} MiB, live memory ${i.perConnKiB.toFixed(1)} KiB per connection; ` +
        `publish→receipt p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms (${l.received}/${l.sent} delivered)`,
    );
  }
  const [b, h] = rows as [(typeof rows)[number], (typeof rows)[number]];
  console.log(
    `  ratios hub/bare: memory per connection ${(h.idle.perConnKiB / Math.max(0.1, b.idle.perConnKiB)).toFixed(2)}, p99 ${(h.latency.p99 / Math.max(0.1, b.latency.p99)).toFixed(2)}`,
  );
  const projected = h.idle.rssBefore + (h.idle.perConnKiB * 10_000) / 1024;
  // Met only when every connection opened and every publication arrived: a projection from fewer, or a p99 of
  // what got through, would not show the target reached.
  const yesNo = (ok: boolean) => (ok ? "yes" : "no");
  console.log(
    `  target: 10,000 idle within 1 GiB → ${projected.toFixed(0)} MiB (RSS at start + live memory of 10,000), held ${h.idle.held}/${IDLE}; met: ${yesNo(projected <= 1024 && h.idle.held === IDLE && IDLE >= 10_000)}${IDLE < 10_000 ? ` (fewer than 10,000 opened: ${IDLE < WANTED_IDLE ? "ulimit -n" : "BENCH_IDLE_CONNECTIONS"})` : ""}`,
  );
  console.log(
    `  target: publish → receipt p99 < 50 ms → ${h.latency.p99.toFixed(1)} ms, ${h.latency.received}/${h.latency.sent} delivered; met: ${yesNo(h.latency.p99 < 50 && h.latency.received === h.latency.sent)}`,
  );
} finally {
  bare.child.kill("SIGTERM");
  hub.child.kill("SIGTERM");
}
