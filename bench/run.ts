// `npm run bench`: requests/s and p99 latency of the real server against a bare Fastify measured in the same
// run, so the ratios hold on a noisy machine; and the home page's first-paint JavaScript. See bench/README.md.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { HOME_JS_BUDGET_BYTES, homeInitialJs, kb } from "../tests/e2e/support/bundle";
import { startServer } from "../tests/e2e/support/server";

const seconds = Number(process.env.BENCH_DURATION_S ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startBare(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  return { url: `http://127.0.0.1:${line.trim()}`, stop: () => child.kill("SIGTERM") };
}

interface Row {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string): Promise<Row> {
  await autocannon({ url, connections, duration: 1 }); // warm-up: JIT, caches, connection pools
  const r = await autocannon({ url, connections, duration: seconds });
  console.log(`  ${name}: done`);
  return {
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

function printTable(head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of body) console.log(line(row));
}

console.log(`bench: ${connections} connections, ${seconds} s per target (+1 s warm-up)`);
const site = await startServer({ env: { APP_ENV: "development" }, quiet: true });
const bare = await startBare();
try {
  const rows = [
    await measure("bare fastify GET / (baseline)", `${bare.url}/`),
    await measure("GET /api/settings/currencies", `${site.baseUrl}/api/settings/currencies`),
    await measure("GET / (server-rendered)", `${site.baseUrl}/`),
  ];
  const base = rows[0]!.rps;
  console.log();
  printTable(
    ["target", "req/s", "p99 ms", "ratio to bare", "non-2xx", "errors"],
    rows.map((r) => [
      r.name,
      String(Math.round(r.rps)),
      String(r.p99),
      (r.rps / base).toFixed(3),
      String(r.non2xx),
      String(r.errors),
    ]),
  );
  for (const r of rows) {
    if (r.non2xx > 0 || r.errors > 0)
      console.log(`warning: ${r.name} had ${r.non2xx} non-2xx and ${r.errors} errors`);
  }
  try {
    const js = await homeInitialJs(site.baseUrl);
    console.log(
      `home initial JS: ${kb(js.gzipBytes)} gzip in ${js.scripts.length} files (budget ${kb(HOME_JS_BUDGET_BYTES)})`,
    );
  } catch (err) {
    console.log(`home initial JS: not measured (${(err as Error).message})`);
  }
} finally {
  bare.stop();
  await site.stop();
}
