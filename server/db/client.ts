import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { GroupCommit, isBatchRefused } from "./group-commit";
import { prepareQueries } from "./pglite-prepared";
import * as schema from "./schema";
import { installSqlBuilder } from "./sql-builder";

installSqlBuilder();

export type Schema = typeof schema;
/** The database as every service sees it, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** Statement names by text; past the cap, new texts go unnamed (a connection's prepared statements stay few). */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 2_000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `s${createHash("sha1").update(text).digest("base64url")}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A node-postgres client that names every parameterised statement by its text, so PostgreSQL parses and plans
 * it once per connection and then only binds and executes it (issue 38: a money path's big statements spent
 * more of the database's time being parsed and planned, ~0.7 ms, than being run, ~0.4 ms). Statements without
 * parameters (BEGIN, COMMIT, migrations of many statements) go as they came.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; this passes them on.
  override query(config: any, values?: any, callback?: any): any {
    const params = Array.isArray(values) ? values : config?.values;
    if (
      config !== null &&
      typeof config === "object" &&
      typeof config.text === "string" &&
      config.name === undefined &&
      typeof config.submit !== "function" &&
      Array.isArray(params) &&
      params.length > 0
    ) {
      const name = statementName(config.text);
      if (name) config = { ...config, name };
    }
    return super.query(config, values, callback);
  }
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, as the tests do).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  /**
   * Each parameterised statement is prepared once per connection (default; on PGlite, statements outside a
   * transaction). Off for a pooler in transaction mode (PgBouncer before 1.21), which cannot keep a connection's
   * prepared statements.
   */
  preparedStatements?: boolean;
  /**
   * PostgreSQL only: statements that commit on their own (plain bets and wins) are committed in groups across
   * players (default on; `inGroupCommit`, decision 0056).
   */
  groupCommit?: boolean;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one (tests). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    // A query waiting for a connection fails after 10 s instead of hanging for ever when the database is
    // unreachable or the pool is exhausted: the request answers 500 and /ready reports the database down.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      connectionTimeoutMillis: 10_000,
      ...(opts.preparedStatements !== false && { Client: PreparingClient }),
    });
    // An idle connection the server dropped (restart, failover, admin) must not take the process down; the
    // pool opens a new one on the next query.
    pool.on("error", (err) => console.warn(`database: an idle connection failed (${err.message})`));
    const db = drizzlePg(pool, { schema });
    const Client = opts.preparedStatements !== false ? PreparingClient : pg.Client;
    const group =
      opts.groupCommit !== false
        ? new GroupCommit({ connect: () => new Client({ connectionString: opts.url, pipeline: true }) })
        : undefined;
    // Drizzle only calls `query` on it, as on a pool's connection (GroupCommit answers that call).
    if (group) grouped.set(db, { db: drizzlePg(group as never, { schema }), group });
    return {
      db,
      kind: "postgres",
      close: async () => {
        await group?.close();
        await pool.end();
      },
    };
  }
  if (!opts.dataDir.startsWith("memory://")) mkdirSync(opts.dataDir, { recursive: true });
  // pg_trgm: the games search is typo-tolerant by trigram similarity (migration 0005 creates the extension).
  const client = await PGlite.create(opts.dataDir, {
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
  });
  if (opts.preparedStatements !== false) prepareQueries(client);
  return {
    db: drizzlePglite(client, { schema }),
    kind: "pglite",
    close: () => client.close(),
  };
}

/** Each PostgreSQL database's group commit, and a Drizzle database over it (`inGroupCommit`). */
const grouped = new WeakMap<Db, { db: Db; group: GroupCommit }>();

/**
 * Runs `work` — one statement that commits on its own — through the database's group commit when it has one
 * (PostgreSQL), answered after its batch's commit; when the batch is refused (another statement of it failed,
 * or its connection broke) `work` runs again alone on `db`. PGlite (one connection, one thread) runs it alone.
 */
export async function inGroupCommit<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const g = grouped.get(db);
  if (!g) return work(db);
  try {
    return await work(g.db);
  } catch (err) {
    if (!isBatchRefused(err)) throw err;
  }
  // Alone, a statement may still meet a batch in flight in a deadlock (PostgreSQL gives up one side): nothing was
  // written, so it tries again, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(db);
    } catch (err) {
      const code = (err as { cause?: { code?: string } })?.cause?.code;
      if (attempt >= 3 || (code !== "40P01" && code !== "40001")) throw err;
    }
  }
}

/** The group commit's counts (batches, statements, the largest batch), for tests and the bench. */
export function groupCommitStats(db: Db) {
  return grouped.get(db)?.group.stats;
}

/**
 * The rows of a raw query, typed by the caller. Drizzle types `execute` per driver; node-postgres and PGlite
 * both answer `{ rows }`, so this is the one place that says so (instead of a cast at every raw query).
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A unique-index violation (PostgreSQL 23505), through Drizzle's wrapper on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ??
    (err as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}
