import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrate } from "../../../db/migrate";
import { dbKinds } from "../../../test/harness";
import { databaseBefore } from "../../../test/migrations";

/**
 * Migration 0032 (decision 0035) on rounds the old races left: it voids an open round drawn on a revealed seed
 * and a session's older open move-by-move rounds, keeps everything else, and then the one-open index holds.
 */
const MIGRATION = "0032_house-one-open-round";
for (const kind of dbKinds()) {
  describe(`migration ${MIGRATION} [${kind}]`, () => {
    it("voids the open rounds on revealed seeds and a session's older duplicates, then holds one open round", async () => {
      const database = await databaseBefore(kind, MIGRATION);
      try {
        const db = database.db;
        await db.execute(sql`
          insert into house_seed_pairs (id, owner, server_seed, server_seed_hash, client_seed, nonce, is_active, revealed_at)
          overriding system value values
            (1, 'player:1', 'revealed', 'h1', 'c', 3, false, now()),
            (2, 'player:1', 'secret', 'h2', 'c', 5, true, null)`);
        const round = (id: number, token: string, pair: number, engine: string, status = "open") => sql`
          insert into house_rounds (id, token, owner, seed_pair_id, nonce, engine, params, outcome, bet, currency, status)
          overriding system value values (${id}, ${token}::uuid, 'player:1', ${pair}, ${id}, ${engine}, '{}', '{}', 1, 'USD', ${status})`;
        const a = "00000000-0000-4000-8000-00000000000a";
        const b = "00000000-0000-4000-8000-00000000000b";
        const c = "00000000-0000-4000-8000-00000000000c";
        await db.execute(round(1, a, 1, "mines")); // on a revealed seed
        await db.execute(round(2, b, 2, "hilo")); // older duplicate
        await db.execute(round(3, b, 2, "hilo")); // the session's newest: kept
        await db.execute(round(4, c, 2, "dice")); // a single bet in flight: kept
        await db.execute(round(5, c, 2, "dice"));
        await db.execute(round(6, a, 2, "mines", "settled"));
        await migrate(database);
        const after = (await db.execute(sql`select id, status from house_rounds order by id`)) as unknown as {
          rows: { id: number | string; status: string }[];
        };
        expect(after.rows.map((r) => [Number(r.id), r.status])).toEqual([
          [1, "voiding"],
          [2, "voiding"],
          [3, "open"],
          [4, "open"],
          [5, "open"],
          [6, "settled"],
        ]);
        await expect(db.execute(round(7, b, 2, "blackjack"))).rejects.toThrow();
      } finally {
        await database.close();
        await database.drop();
      }
    }, 120_000);
  });
}
