// What the HTTP benchmarks share: the bare Fastify baseline in its own process, one autocannon measurement
// (after a 1 s warm-up), and the table that prints each target next to the baseline.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import autocannon, { type Options, type Result } from "autocannon";
import { type CpuPerCall, cpuMark, cpuPerCall } from "./cpu";

/**
 * What a browser sends of its own on every request and the server answers by: Chromium's accepted encodings. The
 * rows of pages and API reads send it, so they measure the answer a player's browser gets (compressed).
 */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

export const seconds = Number(process.env.BENCH_DURATION_S ?? 5);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The baseline: a bare Fastify answering `GET /`, in a process of its own like the real server. */
export async function startBare(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  return { url: `http://127.0.0.1:${line.trim()}`, stop: () => child.kill("SIGTERM") };
}

/** What a row must reach (issue #20's table): a share of the baseline's requests/s, and a p99 ceiling. */
export interface Target {
  rpsRatio?: number;
  p99Ms?: number;
}

export interface Row {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  target?: Target;
  /** CPU per request over the measured run, when the server's pid was given (bench/cpu.ts). */
  cpu?: CpuPerCall;
}

export async function measure(
  name: string,
  opts: Options,
  target?: Target,
  serverPid?: number,
): Promise<Row> {
  await autocannon({ ...opts, connections, duration: 1 }); // warm-up: JIT, caches, connection pools
  const from = serverPid === undefined ? undefined : cpuMark(serverPid);
  const r = await autocannon({ ...opts, connections, duration: seconds });
  return {
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    target,
    ...(from && { cpu: cpuPerCall(from, cpuMark(serverPid), r.requests.total) }),
  };
}

/** How many turns `measureInTurn` takes through its rows. */
export const turns = Number(process.env.BENCH_TURNS ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Measures the rows in turn, `turns` times over (the baseline, a row, the next, the baseline again, …), each
 * row's requests/s and p99 the median of its turns, its failures summed. On this 2-core box the moment moves one
 * 5 s figure of the bare route by a third (25,000–43,000 requests/s in three runs a minute apart): measured once
 * at the start, the baseline's moment decided which side of a 0.5 target a row landed (bench/README.md). Taken
 * in turn, a row and its baseline meet the same moments; every row gets the same treatment.
 */
export async function measureInTurn(
  rows: { name: string; opts: Options; target?: Target }[],
): Promise<Row[]> {
  for (const row of rows) await autocannon({ ...row.opts, connections, duration: 1 }); // warm-up
  const runs = rows.map(() => [] as Result[]);
  for (let turn = 0; turn < turns; turn++)
    for (const [i, row] of rows.entries())
      runs[i]!.push(await autocannon({ ...row.opts, connections, duration: seconds }));
  return rows.map((row, i) => ({
    name: row.name,
    rps: median(runs[i]!.map((r) => r.requests.average)),
    p99: median(runs[i]!.map((r) => r.latency.p99)),
    non2xx: runs[i]!.reduce((n, r) => n + r.non2xx, 0),
    errors: runs[i]!.reduce((n, r) => n + r.errors + r.timeouts, 0),
    target: row.target,
  }));
}

export const describeTarget = (t: Target | undefined): string =>
  [t?.rpsRatio !== undefined && `≥ ${t.rpsRatio}×`, t?.p99Ms !== undefined && `p99 ≤ ${t.p99Ms} ms`]
    .filter(Boolean)
    .join(", ") || "–";

/** Whether `row` reached its target against `base`; undefined when it has none (the baseline). */
export function targetMet(row: Row, base: Row): boolean | undefined {
  const t = row.target;
  if (!t || (t.rpsRatio === undefined && t.p99Ms === undefined)) return undefined;
  return (
    (t.rpsRatio === undefined || row.rps / base.rps >= t.rpsRatio) &&
    (t.p99Ms === undefined || row.p99 <= t.p99Ms)
  );
}

/**
 * Prints the rows with requests/s and p99 as ratios to the first row (the baseline), each row's target and
 * whether this run met it, and warns of failures. A row whose answers were not all 2xx shows "yes*": its
 * requests/s count failed answers too, so the figure does not show the target met.
 */
export function printRatios(rows: Row[]): void {
  const [base] = rows;
  const body = rows.map((r) => {
    const met = targetMet(r, base!);
    const failed = r.non2xx > 0 || r.errors > 0;
    return [
      r.name,
      String(Math.round(r.rps)),
      String(r.p99),
      (r.rps / base!.rps).toFixed(3),
      (r.p99 / Math.max(base!.p99, 1)).toFixed(1),
      describeTarget(r.target),
      met === undefined ? "–" : met ? (failed ? "yes*" : "yes") : "no",
      String(r.non2xx),
      String(r.errors),
    ];
  });
  const head = ["row", "req/s", "p99 ms", "req/s ratio", "p99 ratio", "target", "met", "non-2xx", "errors"];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 5 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ");
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of body) console.log(line(row));
  for (const r of rows) {
    // autocannon counts only answers that came back: a run shorter than the latency shows 0 and p99 0.
    if (r.rps === 0)
      console.log(`warning: ${r.name}: no answer came back within the run (raise BENCH_DURATION_S)`);
    if (r.non2xx > 0 || r.errors > 0)
      console.log(
        `warning: ${r.name} had ${r.non2xx} non-2xx and ${r.errors} errors (its req/s count them too)`,
      );
  }
}

/** A JSON call to a server under test: its status and parsed body, whatever the status. */
export async function json(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * A new player with `amount` USD, deposited through the sandbox checkout (its Pay now posts to the approve
 * address); answers their access token once the balance shows the money.
 */
export async function fundedPlayer(base: string, amount: string): Promise<string> {
  const password = "harbor-lights-7";
  const reg = await json(base, "POST", "/api/player/register", {
    email: `bench-${randomUUID()}@example.com`,
    password,
    password_confirmation: password,
    agreements: true,
  });
  const token = reg.body.accessToken as string;
  await json(base, "POST", "/api/wallet/accounts", { currency: "USD" }, token);
  const invoice = await json(
    base,
    "POST",
    "/api/payment/invoices/deposit",
    {
      method: "sandbox.deposit.card",
      amount,
      currency: "USD",
      customerFields: { firstName: "Bench", lastName: "Mark" },
    },
    token,
  );
  const checkout = new URL(invoice.body.data.publicData.checkoutUrl);
  await fetch(`${base}${checkout.pathname}/approve`, { method: "POST", redirect: "manual" });
  for (let i = 0; i < 50; i++) {
    const accounts = await json(base, "GET", "/api/wallet/accounts", undefined, token);
    if (Number(accounts.body.data[0]?.balance) > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return token;
}
