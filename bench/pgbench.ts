// The database's own speed, as the money-path benches' baseline (issues 5 and 38): pgbench's TPC-B on the same
// PostgreSQL, in the same run, with the same number of clients, in a throw-away database made for it and
// dropped after (`pgbench -i -s 10`, then `pgbench -c 10 -j 2 -T <seconds>`). See bench/README.md.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../server/db/client";
import { reconcileLedger } from "../server/jobs/reconciliation";
import { type CpuPerCall, cpuLine, cpuMark, cpuPerCall } from "./cpu";

/** The PostgreSQL server the benches make their throw-away databases on, when one is named. */
export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** pgbench's transactions per second, or why there is none. */
export type Baseline =
  | { tps: number; note: string; cpu?: CpuPerCall }
  | { tps: undefined; note: string; cpu?: undefined };

/** Runs `work` against a database made for it on `adminUrl`'s server, dropped after (even on failure). */
export async function withDatabase<T>(
  adminUrl: string,
  work: (url: string, name: string) => Promise<T>,
): Promise<T> {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString(), name);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** pgbench TPC-B against a database that already exists (it creates and fills its own tables). */
export function pgbenchOn(url: string, clients: number, seconds: number): Baseline {
  const u = new URL(url);
  const args = ["-h", u.hostname, "-p", u.port || "5432", "-U", decodeURIComponent(u.username || "postgres")];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  const db = u.pathname.slice(1);
  const init = spawnSync("pgbench", [...args, "-i", "-q", "-s", "10", db], { encoding: "utf8", env });
  if (init.error)
    return { tps: undefined, note: `pgbench not run (${init.error.message}: is it installed?)` };
  if (init.status !== 0)
    return {
      tps: undefined,
      note: `pgbench -i failed: ${(init.stderr || init.stdout).trim().split("\n").at(-1)}`,
    };
  const before = cpuMark();
  const run = spawnSync(
    "pgbench",
    [...args, "-n", "-c", String(clients), "-j", "2", "-T", String(seconds), db],
    {
      encoding: "utf8",
      env,
    },
  );
  const m = /tps = ([\d.]+)/.exec(run.stdout ?? "");
  if (!m)
    return {
      tps: undefined,
      note: `pgbench gave no tps: ${(run.stderr || run.stdout).trim().split("\n").at(-1)}`,
    };
  const processed = /number of transactions actually processed: (\d+)/.exec(run.stdout ?? "");
  return {
    tps: Number(m[1]),
    note: `pgbench TPC-B -s 10 -c ${clients} -j 2 -T ${seconds}`,
    cpu: cpuPerCall(before, cpuMark(), Number(processed?.[1] ?? 0)),
  };
}

/** pgbench TPC-B in a throw-away database on `adminUrl`'s server. */
export async function pgbenchTps(adminUrl: string, clients = 10, seconds = 5): Promise<Baseline> {
  try {
    return await withDatabase(adminUrl, async (url) => pgbenchOn(url, clients, seconds));
  } catch (err) {
    return { tps: undefined, note: `pgbench not run (${(err as Error).message})` };
  }
}

/**
 * One line for a money path measured against the baseline: its rate, `target`× pgbench, the ratio and whether
 * this run met it (a path that failed some calls shows `yes*`: its rate counts them).
 */
export function vsPgbench(
  name: string,
  rate: number,
  unit: string,
  baseline: Baseline,
  target: number,
  failed = 0,
): string {
  const head = `  ${name.padEnd(52)}${Math.round(rate).toString().padStart(6)} ${unit.padEnd(9)} target ≥ ${target}× pgbench  `;
  if (baseline.tps === undefined) return `${head}met: – (no baseline: ${baseline.note})`;
  const ratio = rate / baseline.tps;
  const met = ratio >= target ? (failed > 0 ? "yes*" : "yes") : "no";
  return `${head}ratio ${ratio.toFixed(3)}  met: ${met}${failed > 0 ? ` (${failed} failed)` : ""}`;
}

/** The baseline's own line. */
export const baselineLine = (baseline: Baseline): string =>
  baseline.tps === undefined
    ? `  pgbench TPC-B (baseline): unavailable: ${baseline.note}`
    : `  ${"pgbench TPC-B (baseline)".padEnd(52)}${Math.round(baseline.tps).toString().padStart(6)} tps       (${baseline.note})\n${cpuLine(baseline.cpu, "transaction", { client: "pgbench" })}`;

/**
 * The ledger's daily reconciliation (`reconcileLedger`, as the job runs it) on a bench's database once its server
 * has stopped (issue 38: zero drift after the bench's load): the line to print. `met: no` names the first problems.
 */
export async function driftAfterLoad(url: string): Promise<string> {
  const database = await openDatabase({ url, dataDir: "" });
  try {
    const problems = await reconcileLedger(database.db);
    const head = `  ledger reconciliation after the load: ${problems.length} problems; met: ${problems.length === 0 ? "yes" : "no"}`;
    return problems.length === 0 ? head : `${head} (${JSON.stringify(problems.slice(0, 3))})`;
  } finally {
    await database.close();
  }
}
