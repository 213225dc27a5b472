import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, openDatabase, type Schema } from "../db/client";
import type { DbKind } from "./harness";
import { freshPostgresDatabase } from "./postgres";

const migrations = fileURLToPath(new URL("../db/migrations", import.meta.url));

/**
 * A fresh, empty database of `kind` migrated up to, not including, migration `tag`: the schema a data migration
 * meets, for a test to fill as the older code did before it runs `migrate` to the end. `drop` removes it.
 */
export async function databaseBefore(
  kind: DbKind,
  tag: string,
): Promise<Database & { drop: () => Promise<void> }> {
  let database: Database & { drop: () => Promise<void> };
  if (kind === "pglite")
    database = { ...(await openDatabase({ dataDir: "memory://" })), drop: async () => {} };
  else {
    const fresh = await freshPostgresDatabase();
    database = { ...(await openDatabase({ url: fresh.url, dataDir: "" })), drop: fresh.drop };
  }
  const folder = mkdtempSync(join(tmpdir(), "migrations-"));
  try {
    cpSync(migrations, folder, { recursive: true });
    const journalPath = join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    if (at < 0) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    if (database.kind === "pglite")
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return database;
}
