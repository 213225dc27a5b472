import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client";
import { jobFailures, jobRuns, jobSkips } from "../lib/metrics";

/** A scheduled task. Each run must be safe to repeat: a crash mid-run is followed by another run. */
export interface Job {
  /** Also names the lock: one process at a time runs a job of that name. */
  name: string;
  everyMs: number;
  /** Run once right at start as well (rates: the operator wants them fresh after a deploy). */
  atStart?: boolean;
  /** Does the work; answers a line for the log when there was something to say. */
  run: () => Promise<string | undefined>;
}

export interface JobRunner {
  /** Runs a job now, under its lock; answers false when another process (or this one) is running it. */
  runOnce(job: Job): Promise<boolean>;
  /** No more runs start; resolves once the runs under way have finished (a graceful shutdown waits for them). */
  stop(): Promise<void>;
}

export interface JobLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs jobs on a timer in every server process, but each run only where its lock was won: a PostgreSQL
 * advisory lock held for the run's length (transaction-scoped, so a process that dies lets go of it). PGlite is
 * one process by nature and takes no lock (its single connection must stay free for the run's own queries).
 * Overlapping runs of one job in one process are skipped. A failed run is logged and tried again next tick.
 */
export function startJobs(jobs: Job[], o: { db: Db; postgres: boolean; log: JobLog }): JobRunner {
  const running = new Map<string, Promise<boolean>>();
  let stopped = false;
  const attempt = async (job: Job): Promise<boolean> => {
    try {
      const outcome = o.postgres ? await underLock(o.db, job) : { ran: true, said: await job.run() };
      (outcome.ran ? jobRuns : jobSkips).inc({ job: job.name });
      if (outcome.said) o.log.info(`${job.name}: ${outcome.said}`);
      return outcome.ran;
    } catch (err) {
      jobRuns.inc({ job: job.name });
      jobFailures.inc({ job: job.name });
      o.log.error({ err }, `${job.name} failed`);
      return true;
    }
  };
  const runOnce = (job: Job): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    if (running.has(job.name)) {
      jobSkips.inc({ job: job.name });
      return Promise.resolve(false);
    }
    const run = attempt(job).finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  const timers = jobs.map((job) => {
    if (job.atStart) void runOnce(job);
    const t = setInterval(() => void runOnce(job), job.everyMs);
    t.unref();
    return t;
  });
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}

async function underLock(db: Db, job: Job): Promise<{ ran: boolean; said?: string }> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext(${`job:${job.name}`})) as ok`,
    );
    if (!lock?.ok) return { ran: false };
    return { ran: true, said: await job.run() };
  });
}
