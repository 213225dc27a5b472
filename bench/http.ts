// What the HTTP benchmarks share: the bare Fastify baseline in its own process, one autocannon measurement
// (after a 1 s warm-up), and the table that prints each target next to the baseline.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon, { type Options } from "autocannon";

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

export interface Row {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function measure(name: string, opts: Options): Promise<Row> {
  await autocannon({ ...opts, connections, duration: 1 }); // warm-up: JIT, caches, connection pools
  const r = await autocannon({ ...opts, connections, duration: seconds });
  return {
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Prints the rows with requests/s and p99 as ratios to the first row (the baseline), and warns of failures. */
export function printRatios(rows: Row[]): void {
  const [base] = rows;
  const body = rows.map((r) => [
    r.name,
    String(Math.round(r.rps)),
    String(r.p99),
    (r.rps / base!.rps).toFixed(3),
    (r.p99 / Math.max(base!.p99, 1)).toFixed(1),
    String(r.non2xx),
    String(r.errors),
  ]);
  const head = ["target", "req/s", "p99 ms", "req/s ratio", "p99 ratio", "non-2xx", "errors"];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of body) console.log(line(row));
  for (const r of rows) {
    if (r.non2xx > 0 || r.errors > 0)
      console.log(`warning: ${r.name} had ${r.non2xx} non-2xx and ${r.errors} errors`);
  }
}
