import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database, Schema } from "./client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Any fixed number: several server processes starting together migrate one at a time. */
const MIGRATION_LOCK = 727_001;

export async function migrate(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const db = database.db as NodePgDatabase<Schema>;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as NodePgDatabase<Schema>, { migrationsFolder });
  });
}
