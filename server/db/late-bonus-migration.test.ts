import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, freshPostgresDatabase } from "../test/harness";
import { type Database, openDatabase, type Schema } from "./client";
import { migrate } from "./migrate";

/**
 * Migration 0040: bonus money that came back after its bonus ended was sent to bonus cost under the round's (or
 * the sports bet's) reference, so the round and bet reconciliations saw it as the round's money. The migration
 * moves those entries, and only those, to `bonus:late:{reference}`.
 */
const migrations = fileURLToPath(new URL("./migrations", import.meta.url));

function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

for (const kind of dbKinds()) {
  describe(`migration 0040: late bonus money under the bonus's reference [${kind}]`, () => {
    let database: Database;
    let drop = async () => {};
    beforeAll(async () => {
      if (kind === "pglite") database = await openDatabase({ dataDir: "memory://" });
      else {
        const fresh = await freshPostgresDatabase();
        database = await openDatabase({ url: fresh.url, dataDir: "" });
        drop = fresh.drop;
      }
      const before = migrationsUpTo("0039_support-desk");
      try {
        if (database.kind === "pglite")
          await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: before });
        else await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: before });
      } finally {
        rmSync(before, { recursive: true, force: true });
      }
      // Entries as the code before it wrote them (their postings do not matter to the label).
      await database.db.execute(sql`
        insert into ledger_entries (kind, reference, idempotency_key, meta) values
          ('bonus', 'game:house:round:r1', 'bonus:late:game:house:round:r1:a', '{"reason":"no active bonus"}'),
          ('bonus', 'sportsbook:bet:7', 'bonus:late:sportsbook:bet:7:b', '{"reason":"no active bonus"}'),
          ('bonus', 'bonus:3:credit', 'bonus:3:credit', '{}'),
          ('win', 'game:house:round:r1', 'game:house:w1', '{}')`);
      await migrate(database);
    });
    afterAll(async () => {
      await database?.close();
      await drop();
    });

    it("renames the late bonus entries and leaves every other entry as it was", async () => {
      const found = (
        (await database.db.execute(
          sql`select idempotency_key as key, reference from ledger_entries order by id`,
        )) as unknown as { rows: { key: string; reference: string }[] }
      ).rows;
      expect(found).toEqual([
        { key: "bonus:late:game:house:round:r1:a", reference: "bonus:late:game:house:round:r1" },
        { key: "bonus:late:sportsbook:bet:7:b", reference: "bonus:late:sportsbook:bet:7" },
        { key: "bonus:3:credit", reference: "bonus:3:credit" },
        { key: "game:house:w1", reference: "game:house:round:r1" },
      ]);
    });
  });
}
