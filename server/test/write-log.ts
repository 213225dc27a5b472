import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Notes every row written to the database, for tests that must show a call changed nothing: a row trigger on
 * each table of the public schema appends the table and the operation to `fuzz_audit.writes`. A write inside a
 * transaction that rolls back disappears with it, as it should: only what stayed changed counts.
 * Test-only: it is installed on a test database after migrations, never by a migration.
 */
export interface WriteLog {
  /** A position to compare against later. */
  mark(): Promise<number>;
  /** Each row written since the mark, as `table operation`. */
  since(mark: number): Promise<string[]>;
}

export async function installWriteLog(db: Db): Promise<WriteLog> {
  // One statement per call: PGlite's extended protocol takes no more.
  await db.execute(sql.raw("create schema if not exists fuzz_audit"));
  await db.execute(
    sql.raw(
      "create table if not exists fuzz_audit.writes (id bigserial primary key, tbl text not null, op text not null)",
    ),
  );
  await db.execute(
    sql.raw(`create or replace function fuzz_audit.note_write() returns trigger language plpgsql as $$
      begin
        insert into fuzz_audit.writes (tbl, op) values (tg_table_name, tg_op);
        return null;
      end $$`),
  );
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  for (const { name } of tables) {
    await db.execute(sql.raw(`drop trigger if exists fuzz_note_write on public."${name}"`));
    await db.execute(
      sql.raw(`create trigger fuzz_note_write after insert or update or delete on public."${name}"
        for each row execute function fuzz_audit.note_write()`),
    );
  }
  return {
    async mark() {
      const r = rowsOf<{ id: string | null }>(
        await db.execute(sql`select max(id)::text as id from fuzz_audit.writes`),
      );
      return Number(r[0]?.id ?? 0);
    },
    async since(mark) {
      const r = rowsOf<{ tbl: string; op: string }>(
        await db.execute(sql`select tbl, op from fuzz_audit.writes where id > ${mark} order by id`),
      );
      return r.map((w) => `${w.tbl} ${w.op.toLowerCase()}`);
    },
  };
}

/** node-postgres answers `{ rows }`, PGlite too; both drivers through Drizzle's `execute`. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
