import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * The `set` of an upsert (`on conflict … do update`) that takes these columns from the row that was refused:
 * `excluded.<column>` for each.
 */
export function fromExcluded<T extends PgTable, K extends keyof T["_"]["columns"] & string>(
  table: T,
  keys: K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded.${columns[k]!.name}`)])) as Record<K, SQL>;
}
