import type pg from "pg";
import { groupCommitBatches, groupCommitStatements } from "../lib/metrics";

/**
 * Group commit (issue 38, decision 0056): statements that each commit on their own — a plain seamless bet, a
 * plain win — from many players go to PostgreSQL together, BEGIN, the statements and COMMIT written at once on
 * a pipelined connection, so one commit (one WAL flush, one wake-up of the backend) carries them all. TigerBeetle
 * and exchanges batch the same way.
 *
 * - A statement is answered only after the COMMIT of its batch succeeded: no answer before its commit.
 * - Batches form by themselves: a statement that finds a lane idle goes at once, alone and without BEGIN/COMMIT
 *   (as it would on the pool); the ones that arrive while every lane is busy wait and go together next.
 * - One player's failure never fails another's bet: a statement that writes nothing (short funds, a limit's
 *   gate) is not a failure; one that fails (a transaction id taken meanwhile) aborts its batch, which then rolls
 *   back whole, and every statement of it is refused with `BatchRefused`: its caller runs it again alone, where
 *   it succeeds or fails on its own. So does a batch whose connection broke, since whether its COMMIT landed is
 *   unknown: the statements are idempotent by their keys, so running one again either writes it or meets the
 *   first write's key and replays it.
 */
export class BatchRefused extends Error {
  constructor(cause?: unknown) {
    super("the statement's batch was rolled back; run it alone", { cause });
    this.name = "BatchRefused";
  }
}

/** Whether `err` (or the Drizzle error wrapping it) says the batch was refused. */
export function isBatchRefused(err: unknown): boolean {
  return (
    err instanceof BatchRefused || (err as { cause?: unknown } | undefined)?.cause instanceof BatchRefused
  );
}

interface Job {
  config: pg.QueryConfig;
  values: unknown[] | undefined;
  resolve: (r: pg.QueryResult) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; result: pg.QueryResult } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  /** Opens one connection (a pipelined node-postgres client, not yet connected). */
  connect: () => pg.Client;
  /** Batches in flight at once, each on its own connection (PostgreSQL runs a batch's statements one by one). */
  lanes?: number;
  /** The most statements in one batch. */
  maxBatch?: number;
}

/** How many statements each batch carried, for tests and the bench (`batchSizes`). */
export interface GroupCommitStats {
  batches: number;
  statements: number;
  largest: number;
  refused: number;
}

/**
 * The node-postgres face Drizzle calls (`query`), behind which statements are grouped. Only statements that
 * commit on their own may come here: never BEGIN, a transaction's statements or a cursor.
 */
export class GroupCommit {
  readonly stats: GroupCommitStats = { batches: 0, statements: 0, largest: 0, refused: 0 };
  private readonly queue: Job[] = [];
  private readonly idle: Lane[] = [];
  private readonly lanes: Lane[] = [];
  private readonly maxBatch: number;
  private closed = false;

  constructor(opts: GroupCommitOptions) {
    this.maxBatch = opts.maxBatch ?? 64;
    for (let i = 0; i < (opts.lanes ?? 2); i++) {
      const lane = new Lane(opts.connect);
      this.lanes.push(lane);
      this.idle.push(lane);
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: Drizzle calls this as it calls a pg.Pool's query.
  query(config: any, values?: any): Promise<pg.QueryResult> {
    if (this.closed) return Promise.reject(new Error("the database is closed"));
    const cfg: pg.QueryConfig = typeof config === "string" ? { text: config } : config;
    return new Promise((resolve, reject) => {
      this.queue.push({ config: cfg, values, resolve, reject });
      this.pump();
    });
  }

  /** Starts a batch on every idle lane while statements wait. */
  private pump() {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const lane = this.idle.pop()!;
      const jobs = this.queue.splice(0, this.maxBatch);
      this.stats.batches += 1;
      groupCommitBatches.inc();
      this.stats.statements += jobs.length;
      if (jobs.length > this.stats.largest) this.stats.largest = jobs.length;
      void this.run(lane, jobs).finally(() => {
        this.idle.push(lane);
        this.pump();
      });
    }
  }

  private async run(lane: Lane, jobs: Job[]) {
    let client: pg.Client;
    try {
      client = await lane.client();
    } catch (err) {
      this.refuse(jobs, err);
      return;
    }
    if (jobs.length === 1) {
      // Alone: the statement is its own transaction, as on the pool; its error is its own.
      const [job] = jobs as [Job];
      try {
        job.resolve(await client.query(job.config, job.values));
        groupCommitStatements.inc({ outcome: "committed" });
      } catch (err) {
        // PostgreSQL's own refusal (a SQLSTATE) is the statement's, except a deadlock with the other lane's batch
        // (which holds many rows' locks at once): that one runs again alone. Anything else is the connection's,
        // and whether the statement committed is unknown.
        if (isSqlState(err) && !RETRY_ALONE.has((err as { code: string }).code)) job.reject(err);
        else {
          if (!isSqlState(err)) lane.drop();
          this.refuse(jobs, err);
        }
      }
      return;
    }
    // BEGIN, the statements and COMMIT are queued on the pipelined client in one go: written together, answered
    // in order. After a failed statement PostgreSQL refuses the rest of the transaction and answers the COMMIT
    // with ROLLBACK.
    const settle = (p: Promise<pg.QueryResult>): Promise<Outcome> =>
      p.then(
        (result) => ({ ok: true, result }),
        (error) => ({ ok: false, error }),
      );
    // node-postgres writes each query on its own (one corked write a query); corked around the whole batch, the
    // batch is one write, so the kernel's loopback send and the backend's wake-up are paid once, not per
    // statement (issue 38: writes to PostgreSQL were a quarter of the server's thread under the bench).
    const stream = (client as pg.Client & { connection?: { stream?: { cork?(): void; uncork?(): void } } })
      .connection?.stream;
    stream?.cork?.();
    let begin: Promise<Outcome>;
    let outcomes: Promise<Outcome>[];
    let commit: Promise<Outcome>;
    try {
      begin = settle(client.query("begin"));
      outcomes = jobs.map((j) => settle(client.query(j.config, j.values)));
      commit = settle(client.query("commit"));
    } finally {
      stream?.uncork?.();
    }
    const [began, done, committed] = await Promise.all([begin, Promise.all(outcomes), commit]);
    if (began.ok && committed.ok && committed.result.command === "COMMIT" && done.every((o) => o.ok)) {
      groupCommitStatements.inc({ outcome: "committed" }, jobs.length);
      for (const [i, j] of jobs.entries()) j.resolve((done[i] as { result: pg.QueryResult }).result);
      return;
    }
    const cause = [began, committed, ...done].find((o) => !o.ok) as { error: unknown } | undefined;
    // A COMMIT that failed, or no answer at all, leaves the connection in a state nobody knows: drop it.
    if (!committed.ok) lane.drop();
    this.refuse(jobs, cause?.error);
  }

  /** Refuses statements whose batch did not commit (or whose fate is unknown): each caller runs its own alone. */
  private refuse(jobs: Job[], cause: unknown) {
    this.stats.refused += jobs.length;
    groupCommitStatements.inc({ outcome: "refused" }, jobs.length);
    for (const j of jobs) j.reject(new BatchRefused(cause));
  }

  async close() {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error("the database is closed"));
    await Promise.all(this.lanes.map((l) => l.close()));
  }
}

/** Deadlock and serialization failures: nothing was written, and the statement alone may well succeed. */
const RETRY_ALONE = new Set(["40P01", "40001"]);

function isSqlState(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

/** One connection of the group commit, opened on first use and again after it broke. */
class Lane {
  private current?: Promise<pg.Client>;

  constructor(private readonly connect: () => pg.Client) {}

  client(): Promise<pg.Client> {
    if (!this.current) {
      const c = this.connect();
      // A connection the server dropped must not take the process down; the next batch opens a new one.
      c.on("error", (err) => {
        console.warn(`database: a group-commit connection failed (${err.message})`);
        this.drop();
      });
      this.current = c.connect().then(
        () => c,
        (err) => {
          this.current = undefined;
          throw err;
        },
      );
    }
    return this.current;
  }

  drop() {
    const c = this.current;
    this.current = undefined;
    void c?.then((client) => client.end()).catch(() => undefined);
  }

  async close() {
    const c = this.current;
    this.current = undefined;
    await c?.then((client) => client.end()).catch(() => undefined);
  }
}
