import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { currencies } from "./tables";

export async function listCurrencies(db: Db) {
  return db.select().from(currencies).orderBy(asc(currencies.sortOrder));
}
