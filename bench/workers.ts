// A closed-loop load for money paths whose calls depend on the answer before (a mines round, a bet then its
// rollback): `workers` loops at once, each its own player, each sending its next call when the last one is
// answered, for `seconds` after a 1 s warm-up. Counts answered calls and failures, with the p99 latency.

import http from "node:http";
import { type CpuMark, type CpuPerCall, cpuMark, cpuPerCall } from "./cpu";

export interface LoopResult {
  /** Answered calls that did what they should, per second of the measured window. */
  rate: number;
  calls: number;
  failed: number;
  p99: number;
  /** Counts by kind a step chose to record (e.g. "start", "reveal"). */
  kinds: Map<string, number>;
  /** CPU per answered call in the window, when the server's pid was given (bench/cpu.ts). */
  cpu?: CpuPerCall;
}

/**
 * `step(worker, record)` makes one call (or one unit of work) for worker `worker` and answers whether it
 * succeeded; `record(kind)` counts what it was, for steps that mix kinds. The rate is of successful steps.
 */
export async function closedLoop(
  workers: number,
  seconds: number,
  step: (worker: number, record: (kind: string) => void) => Promise<boolean>,
  opts: { serverPid?: number } = {},
): Promise<LoopResult> {
  const warmUntil = Date.now() + 1000;
  const until = warmUntil + seconds * 1000;
  // The CPU the window used, marked by timers at its two ends (as near as the event loop lets them fire).
  let from: CpuMark | undefined;
  let to: CpuMark | undefined;
  const marks = [
    setTimeout(() => {
      from = cpuMark(opts.serverPid);
    }, 1000),
    setTimeout(
      () => {
        to = cpuMark(opts.serverPid);
      },
      1000 + seconds * 1000,
    ),
  ];
  // The clock, not a timer: a step may answer without a turn of the event loop.
  const measuring = () => Date.now() >= warmUntil;
  let calls = 0;
  let failed = 0;
  const latencies: number[] = [];
  const kinds = new Map<string, number>();
  const record = (kind: string) => {
    if (measuring()) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  };
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (Date.now() < until) {
        const started = performance.now();
        let ok = false;
        try {
          ok = await step(w, record);
        } catch {
          ok = false;
        }
        // Only calls answered inside the measured window count, as autocannon counts them.
        if (!measuring() || Date.now() > until) continue;
        latencies.push(performance.now() - started);
        if (ok) calls++;
        else failed++;
      }
    }),
  );
  for (const m of marks) clearTimeout(m);
  const cpu = from && to ? cpuPerCall(from, to, calls + failed) : undefined;
  latencies.sort((a, b) => a - b);
  const p99 = latencies.length
    ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!
    : 0;
  return { rate: calls / seconds, calls, failed, p99: Math.round(p99), kinds, cpu };
}

// biome-ignore lint/suspicious/noExplicitAny: a bench reads a few fields of answers it does not type
type Answer = any;

/**
 * Kept-alive connections for the loops' calls. Node's `fetch` cost the load generator ~1.7 ms of CPU a call, on
 * the two cores the server and the database share (pgbench's own client costs ~0.2 ms a transaction): the plain
 * HTTP client costs a fraction of that, so the rows measure the server, not the load generator.
 */
const agent = new http.Agent({ keepAlive: true });

/** A JSON POST whose answer is read; answers the status and parsed body (untyped, as `json` in http.ts). */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Answer }> {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as Answer });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
