import { Counter, collectDefaultMetrics, Registry } from "prom-client";

/**
 * The process-wide Prometheus metrics (docs/operations.md): what code deep inside services counts, where no app
 * is at hand. One registry per process, so counters add up across every app a test builds; each app's own
 * metrics (requests, sockets, pool) sit in its own registry, merged with this one on /metrics.
 */
export const processMetrics = new Registry();

// Node's own: CPU, memory, event-loop lag, handles, garbage collection.
collectDefaultMetrics({ register: processMetrics });

/** One per ledger entry written (decision 0009), by its kind; an entry whose transaction rolled back counts too. */
export const ledgerEntriesPosted = new Counter({
  name: "ledger_entries_total",
  help: "Ledger entries posted (money movements), by kind; includes entries of transactions that rolled back",
  labelNames: ["kind"] as const,
  registers: [processMetrics],
});

/** Runs of scheduled jobs on this process (those that won their lock), by job name. */
export const jobRuns = new Counter({
  name: "job_runs_total",
  help: "Scheduled job runs on this process (runs that won the job's lock), by job",
  labelNames: ["job"] as const,
  registers: [processMetrics],
});

/**
 * Ticks of a scheduled job that did not run it because a run was under way: in another process (which holds the
 * job's lock) or still in this one. With several processes, every tick of each process is a run or a skip.
 */
export const jobSkips = new Counter({
  name: "job_skips_total",
  help: "Scheduled job ticks skipped because the job was running (in another process holding its lock, or here), by job",
  labelNames: ["job"] as const,
  registers: [processMetrics],
});

export const jobFailures = new Counter({
  name: "job_failures_total",
  help: "Scheduled job runs that failed (threw), by job",
  labelNames: ["job"] as const,
  registers: [processMetrics],
});

/** Group commit (decision 0056): transactions sent, and the statements they carried (their ratio: batch size). */
export const groupCommitBatches = new Counter({
  name: "db_group_commit_batches_total",
  help: "Group-commit transactions sent to PostgreSQL (a statement alone counts as a batch of one)",
  registers: [processMetrics],
});

export const groupCommitStatements = new Counter({
  name: "db_group_commit_statements_total",
  help: "Statements sent through the group commit; by outcome: committed, or refused (its batch rolled back and it ran again alone)",
  labelNames: ["outcome"] as const,
  registers: [processMetrics],
});
