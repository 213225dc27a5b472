import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies } from "../modules/settings/tables";
import type { RatesSource } from "../providers/rates/port";

/**
 * Refreshes every currency's rate (units of the base currency one unit is worth) from a feed quoting "units
 * per one base". The division happens in NUMERIC, rounded to the column's 12 places. A currency the feed does
 * not quote keeps its rate. Answers the codes it updated.
 */
export async function refreshRates(db: Db, source: RatesSource): Promise<string[]> {
  const [base] = await db.select().from(currencies).where(eq(currencies.isBase, true));
  if (!base) return [];
  const quotes = await source.latest(base.code);
  const updated: string[] = [];
  for (const c of await db.select().from(currencies)) {
    const quote = quotes[c.code];
    if (c.isBase || !quote || !/^\d+(\.\d+)?$/.test(quote) || Number(quote) === 0) continue;
    await db
      .update(currencies)
      .set({ rate: sql`round(1 / ${quote}::numeric, 12)` })
      .where(eq(currencies.code, c.code));
    updated.push(c.code);
  }
  return updated;
}

/** Any fixed number: of several server processes, one refreshes at a time. */
const RATES_LOCK = 727_002;

/**
 * Runs refreshRates every `everyMs` on whichever process holds the lock (PostgreSQL advisory lock; PGlite
 * has one process anyway). A failed refresh keeps the old rates and tries again next time.
 */
export function scheduleRates(o: {
  db: Db;
  source: RatesSource;
  everyMs: number;
  log: (msg: string) => void;
  postgres: boolean;
}): () => void {
  const run = async () => {
    try {
      await o.db.transaction(async (tx) => {
        if (o.postgres) {
          const r = (await tx.execute(
            sql`select pg_try_advisory_xact_lock(${RATES_LOCK}) as ok`,
          )) as unknown as {
            rows: { ok: boolean }[];
          };
          if (!r.rows[0]?.ok) return;
        }
        const codes = await refreshRates(tx as unknown as Db, o.source);
        o.log(`rates: refreshed ${codes.length} currencies`);
      });
    } catch (err) {
      o.log(`rates: refresh failed, keeping the old rates (${(err as Error).message})`);
    }
  };
  void run();
  const timer = setInterval(run, o.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
