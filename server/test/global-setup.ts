import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import type { TestProject } from "vitest/node";
import { type Database, type Db, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import * as schema from "../db/schema";
import { seedDemo } from "../db/seed";
import { freshPostgresDatabase } from "./postgres";

/** What the unit project's database tests start from: made once per run, copied for every test database. */
export interface DatabaseTemplates {
  /** Dumps of a PGlite data folder (`dumpDataDir`), migrated and migrated + seeded. */
  pglite: { migrated: string; seeded: string };
  /** Names of template databases on the TEST_DATABASE_URL server, when it is set. */
  postgres?: { migrated: string; seeded: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * A fresh PGlite spends most of its start in initdb (7–10 s on this 2-core machine under load), then 2 s
 * migrating and 1 s seeding; started from a dump of a migrated and seeded folder it is ready in about 1 s.
 * Every database test used to pay the full start, ~100 of them a run. On PostgreSQL a database copied from a
 * template skips the migrations and the seed the same way. What a test sees is the same: its own database,
 * migrated, seeded unless it asked for none.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "db-templates-"));
  const pglite = { migrated: join(dir, "migrated.tar"), seeded: join(dir, "seeded.tar") };
  // As openDatabase opens PGlite, with the client at hand to dump.
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  const database: Database = {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "pglite",
    close: () => client.close(),
  };
  await migrate(database);
  writeFileSync(pglite.migrated, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await seedDemo(database.db);
  writeFileSync(pglite.seeded, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await database.close();

  const drops: (() => Promise<void>)[] = [];
  let postgres: DatabaseTemplates["postgres"];
  if (process.env.TEST_DATABASE_URL) {
    const names = { migrated: "", seeded: "" };
    for (const kind of ["migrated", "seeded"] as const) {
      const fresh = await freshPostgresDatabase();
      drops.push(fresh.drop);
      const db = await openDatabase({ url: fresh.url, dataDir: "" });
      try {
        await migrate(db);
        if (kind === "seeded") await seedDemo(db.db);
      } finally {
        await db.close();
      }
      names[kind] = new URL(fresh.url).pathname.slice(1);
    }
    postgres = names;
  }
  project.provide("databaseTemplates", { pglite, postgres });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    for (const drop of drops) await drop();
  };
}
