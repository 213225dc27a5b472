import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, inject } from "vitest";
import { buildApp } from "../app";
import { type Cache, createCache } from "../cache";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { seedDemo } from "../db/seed";
import { reconcileLedger } from "../jobs/reconciliation";
import type { Clock } from "../lib/clock";
import type { OddsFeed } from "../providers/odds/port";
import type { Realtime } from "../realtime";
import type { DatabaseTemplates } from "./global-setup";
import { freshPostgresDatabase } from "./postgres";

export { freshPostgresDatabase };

export type DbKind = "pglite" | "postgres";

/** The engines a database test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export function dbKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * Fails when the books do not balance (decision 0009): every currency sums to zero, every balance equals its
 * postings, invoices and game rounds agree with what the ledger moved. Every database test runs it.
 */
/**
 * A database a test opens again and again, as a restarted server would (crash tests): a folder of its own on
 * PGlite, a fresh database on PostgreSQL. `url`/`dataDir` tell a child process where it is.
 */
export async function reopenableDatabase(
  kind: string,
): Promise<{ open: () => Promise<Database>; url?: string; dataDir: string; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "crash-"));
    return {
      dataDir,
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const fresh = await freshPostgresDatabase();
  return {
    url: fresh.url,
    dataDir: "",
    open: () => openDatabase({ url: fresh.url, dataDir: "" }),
    drop: fresh.drop,
  };
}

export async function assertBooksBalance(database: Database): Promise<void> {
  const problems = await reconcileLedger(database.db);
  if (problems.length > 0)
    throw new Error(
      `The ledger does not add up:\n${problems.map((p) => `${p.check}: ${p.detail}`).join("\n")}`,
    );
}

/**
 * A fresh, migrated, seeded database of the given kind. On PostgreSQL each call creates its own database
 * (dropped on close), so test files never see each other's rows. Closing it first checks that the books
 * balance, so every test that moved money answers for it.
 */
export async function openTestDatabase(kind: DbKind, opts: { seed?: boolean } = {}): Promise<Database> {
  const database = await openUncheckedDatabase(kind, opts);
  return {
    ...database,
    close: async () => {
      try {
        await assertBooksBalance(database);
      } finally {
        await database.close();
      }
    },
  };
}

/** The run's migrated (and seeded) databases to copy (server/test/global-setup.ts), when the run made them. */
function templates(): DatabaseTemplates | undefined {
  try {
    return inject("databaseTemplates");
  } catch {
    return undefined; // outside a vitest run with that setup
  }
}

async function openUncheckedDatabase(kind: DbKind, opts: { seed?: boolean }): Promise<Database> {
  const seed = opts.seed !== false;
  const template = templates();
  if (kind === "pglite" && template) {
    const dump = readFileSync(seed ? template.pglite.seeded : template.pglite.migrated);
    return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([dump]) });
  }
  const pgTemplate = template?.postgres?.[seed ? "seeded" : "migrated"];
  if (kind === "postgres" && pgTemplate) {
    const fresh = await freshPostgresDatabase(pgTemplate);
    const inner = await openDatabase({ url: fresh.url, dataDir: "" });
    return {
      ...inner,
      close: async () => {
        await inner.close();
        await fresh.drop();
      },
    };
  }
  let database: Database;
  if (kind === "pglite") {
    database = await openDatabase({ dataDir: "memory://" });
  } else {
    const fresh = await freshPostgresDatabase();
    const inner = await openDatabase({ url: fresh.url, dataDir: "" });
    database = {
      ...inner,
      close: async () => {
        await inner.close();
        await fresh.drop();
      },
    };
  }
  await migrate(database);
  if (seed) await seedDemo(database.db);
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The app's cache, for tests that change data the way a job or the seed does and then invalidate. */
  cache: Cache;
}

export async function createTestApp(
  kind: DbKind,
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    seed?: boolean;
    realtime?: Realtime;
    oddsFeed?: OddsFeed;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind, opts);
  // Tests stand in for visitors from many addresses through the CDN header, as behind Cloudflare.
  const config = loadConfig({
    APP_ENV: "test",
    LOG_LEVEL: "silent",
    BEHIND_CLOUDFLARE: "true",
    ...opts.env,
  });
  const cache = createCache({});
  const app = await buildApp({
    config,
    db: database.db,
    cache,
    clock: opts.clock,
    realtime: opts.realtime,
    oddsFeed: opts.oddsFeed,
  });
  await app.ready();
  return { app, database, cache };
}

/**
 * Runs a block of API tests once per database engine, each with its own app and database:
 *   describeEachDb("settings API", (ctx) => { it("...", async () => { await ctx().app.inject(...) }) })
 */
export function describeEachDb(
  name: string,
  body: (ctx: () => TestApp, kind: DbKind) => void,
  opts: { env?: Record<string, string>; clock?: Clock; oddsFeed?: OddsFeed } = {},
) {
  for (const kind of dbKinds()) {
    describe(`${name} [${kind}]`, () => {
      let t: TestApp | undefined;
      beforeAll(async () => {
        t = await createTestApp(kind, opts);
      });
      // Every API test leaves books that balance, checked before the next one runs.
      afterEach(async () => {
        if (t) await assertBooksBalance(t.database);
      });
      afterAll(async () => {
        await t?.app.close();
        await t?.database.close();
      });
      body(() => {
        if (!t) throw new Error("test app not ready");
        return t;
      }, kind);
    });
  }
}
