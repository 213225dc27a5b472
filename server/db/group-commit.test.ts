import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupCommitBatches, groupCommitStatements } from "../lib/metrics";
import { freshPostgresDatabase } from "../test/postgres";
import { type Database, groupCommitStats, inGroupCommit, openDatabase, rowsOf } from "./client";
import { isBatchRefused } from "./group-commit";

// Group commit is PostgreSQL's (PGlite has one connection on the server's thread): these run when
// TEST_DATABASE_URL names one, as on CI.
describe.runIf(process.env.TEST_DATABASE_URL)("group commit (decision 0056)", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    database = await openDatabase({ url: fresh.url, dataDir: "" });
    // `once`: unique, checked at each statement (a batch's failing statement). `late`: unique but deferred to
    // COMMIT, so a batch whose statements all succeeded can still fail at its commit.
    await database.db.execute(sql`create table once (k text primary key)`);
    await database.db.execute(
      sql`create table late (k text, constraint late_k unique (k) deferrable initially deferred)`,
    );
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const insert = (table: "once" | "late", k: string) =>
    inGroupCommit(database.db, (db) =>
      rowsOf<{ k: string }>(db, sql`insert into ${sql.identifier(table)} (k) values (${k}) returning k`),
    );
  /** Keeps both connections of the group commit busy for `seconds`, so what is sent meanwhile queues up. */
  const occupyLanes = (seconds: number) =>
    Promise.all(
      [0, 1].map(() => inGroupCommit(database.db, (db) => db.execute(sql`select pg_sleep(${seconds})`))),
    );
  const count = async (table: string, prefix: string) =>
    (
      await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where k like ${`${prefix}%`}`,
      )
    )[0]!.n;

  /** What /metrics says of the group commit: batches sent, statements committed. */
  const metrics = async () => ({
    batches: (await groupCommitBatches.get()).values[0]?.value ?? 0,
    committed:
      (await groupCommitStatements.get()).values.find((v) => v.labels.outcome === "committed")?.value ?? 0,
  });

  it("commits statements sent together in batches, each answered with its own rows", async () => {
    const before = { ...groupCommitStats(database.db)! };
    const metricsBefore = await metrics();
    // Both connections busy: what arrives meanwhile queues and goes in batches.
    const busy = occupyLanes(0.2);
    const keys = Array.from({ length: 200 }, (_, i) => `a-${i}`);
    const answers = await Promise.all(keys.map((k) => insert("once", k)));
    await busy;
    expect(answers.map((rows) => rows[0]!.k)).toEqual(keys);
    expect(await count("once", "a-")).toBe(200);
    const after = groupCommitStats(database.db)!;
    // The 200 inserts and the two sleeps.
    expect(after.statements - before.statements).toBe(202);
    // 200 statements at once over two connections: most of them went in batches, far fewer commits.
    expect(after.batches - before.batches).toBeLessThan(50);
    expect(after.largest).toBeGreaterThan(1);
    // Operators see the same on /metrics (docs/operations.md).
    const metricsAfter = await metrics();
    expect(metricsAfter.committed - metricsBefore.committed).toBe(202);
    expect(metricsAfter.batches - metricsBefore.batches).toBe(after.batches - before.batches);
  });

  it("writes a batch to PostgreSQL in one write, not one a statement (issue 38)", async () => {
    const before = { ...groupCommitStats(database.db)! };
    const busy = occupyLanes(0.2);
    // Queued behind the sleeps; counted from when they are queued until they are answered.
    await new Promise((r) => setTimeout(r, 50));
    const proto = net.Socket.prototype as unknown as Record<
      "_write" | "_writev",
      (...a: unknown[]) => unknown
    >;
    const original = { write: proto._write, writev: proto._writev };
    let writes = 0;
    proto._write = function (this: unknown, ...a: unknown[]) {
      writes++;
      return original.write.apply(this, a);
    };
    proto._writev = function (this: unknown, ...a: unknown[]) {
      writes++;
      return original.writev.apply(this, a);
    };
    try {
      const keys = Array.from({ length: 60 }, (_, i) => `w-${i}`);
      await Promise.all(keys.map((k) => insert("once", k)));
      await busy;
    } finally {
      proto._write = original.write;
      proto._writev = original.writev;
    }
    const batches = groupCommitStats(database.db)!.batches - before.batches - 2;
    expect(await count("once", "w-")).toBe(60);
    // Each batch of the 60 is one write (BEGIN, its inserts, COMMIT); before, each statement was its own.
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(10);
    expect(writes).toBe(batches);
  });

  it("a failing statement fails alone: its batch is refused and the others are written on their own", async () => {
    await insert("once", "b-taken");
    const keys = Array.from({ length: 60 }, (_, i) => (i === 30 ? "b-taken" : `b-${i}`));
    const refusedBefore = groupCommitStats(database.db)!.refused;
    const busy = occupyLanes(0.2);
    const outcomes = await Promise.allSettled(keys.map((k) => insert("once", k)));
    await busy;
    const failed = outcomes.flatMap((o, i) => (o.status === "rejected" ? [{ i, reason: o.reason }] : []));
    // Only the taken key fails, with PostgreSQL's own unique violation, never a refused batch.
    expect(failed.map((f) => f.i)).toEqual([30]);
    const cause = (failed[0]!.reason as { cause?: { code?: string } }).cause;
    expect(cause?.code).toBe("23505");
    expect(isBatchRefused(failed[0]!.reason)).toBe(false);
    expect(await count("once", "b-")).toBe(60);
    expect(groupCommitStats(database.db)!.refused).toBeGreaterThan(refusedBefore);
  });

  it("answers nothing before the commit: a batch whose COMMIT fails writes none of it, then each runs alone", async () => {
    const refusedBefore = groupCommitStats(database.db)!.refused;
    // Twice the same key among many: each insert succeeds in its batch and the deferred check fails the COMMIT.
    // Both connections busy: the 40 inserts queue and go as one batch, with the same key twice in it.
    const busy = occupyLanes(0.3);
    const keys = Array.from({ length: 40 }, (_, i) => (i === 1 ? "c-0" : `c-${i}`));
    const outcomes = await Promise.allSettled(keys.map((k) => insert("late", k)));
    await busy;
    const failed = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []));
    // The batch was refused whole at its COMMIT and ran again one by one: one of the two "c-0" is written, the
    // other is refused at its own commit; every other key is written once.
    expect(groupCommitStats(database.db)!.refused - refusedBefore).toBeGreaterThanOrEqual(40);
    expect(failed).toHaveLength(1);
    expect([0, 1]).toContain(failed[0]);
    expect(await count("late", "c-")).toBe(39);
  });

  it("survives its connections killed mid-batch: every statement runs again alone, none lost or doubled", async () => {
    const refusedBefore = groupCommitStats(database.db)!.refused;
    const busy = occupyLanes(0.2).catch(() => undefined);
    // Slow statements (5 ms each): the batches that follow the sleeps take ~0.3 s, and are cut in the middle.
    const keys = Array.from({ length: 100 }, (_, i) => `d-${i}`);
    const running = Promise.allSettled(
      keys.map((k) =>
        inGroupCommit(database.db, (db) =>
          rowsOf(db, sql`insert into once (k) select ${k}::text from pg_sleep(0.005) returning k`),
        ),
      ),
    );
    await new Promise((r) => setTimeout(r, 350));
    await rowsOf(
      database.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
    );
    const outcomes = await running;
    await busy;
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    expect(await count("once", "d-")).toBe(100);
    expect(groupCommitStats(database.db)!.refused).toBeGreaterThan(refusedBefore);
  });
});
