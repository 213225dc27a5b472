import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { jobSkips } from "../lib/metrics";
import { freshPostgresDatabase } from "../test/postgres";
import { type Job, startJobs } from "./scheduler";

const quiet = { info: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** This process's `job_skips_total` for one job. */
const skipsOf = async (job: string) =>
  (await jobSkips.get()).values.find((v) => v.labels.job === job)?.value ?? 0;

/** A job that counts its runs and takes a while, so two runners overlap. */
function slowJob(name: string) {
  const job = {
    runs: 0,
    name,
    everyMs: 3_600_000,
    run: async () => {
      job.runs++;
      await sleep(150);
      return undefined;
    },
  } satisfies Job & { runs: number };
  return job;
}

describe("jobs in one process", () => {
  it("skips a run while the same job is still running, and runs again after", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    const runner = startJobs([], { db: database.db, postgres: false, log: quiet });
    const job = slowJob("pglite-job");
    const [a, b] = await Promise.all([runner.runOnce(job), runner.runOnce(job)]);
    expect([a, b].sort()).toEqual([false, true]);
    expect(job.runs).toBe(1);
    expect(await skipsOf("pglite-job")).toBe(1);
    expect(await runner.runOnce(job)).toBe(true);
    expect(job.runs).toBe(2);
    runner.stop();
    await database.close();
  });

  it("logs a failed run and keeps going", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    const errors: string[] = [];
    const runner = startJobs([], {
      db: database.db,
      postgres: false,
      log: { info: () => undefined, error: (_e, msg) => errors.push(msg) },
    });
    const failing: Job = { name: "failing", everyMs: 1000, run: async () => Promise.reject(new Error("x")) };
    expect(await runner.runOnce(failing)).toBe(true);
    expect(errors).toEqual(["failing failed"]);
    runner.stop();
    await database.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("jobs across processes [postgres]", () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const processes: Database[] = [];
  beforeAll(async () => {
    fresh = await freshPostgresDatabase();
    // Two pools stand for two server processes behind a load balancer.
    for (let i = 0; i < 2; i++) processes.push(await openDatabase({ url: fresh.url, dataDir: "" }));
  });
  afterAll(async () => {
    for (const p of processes) await p.close();
    await fresh.drop();
  });

  it("runs a job in one process at a time: the other skips while the lock is held", async () => {
    const job = slowJob("shared-job");
    const runners = processes.map((p) => startJobs([], { db: p.db, postgres: true, log: quiet }));
    const ran = await Promise.all(runners.map((r) => r.runOnce(job)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(1);
    // The tick that found the lock taken is counted (job_skips_total), so a process that defers shows it ticks.
    expect(await skipsOf("shared-job")).toBe(1);
    // The lock goes with the run's transaction: the next tick may run anywhere.
    expect(await runners[1]!.runOnce(job)).toBe(true);
    expect(job.runs).toBe(2);
    for (const r of runners) r.stop();
  });
});
