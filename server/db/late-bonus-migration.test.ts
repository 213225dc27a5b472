import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../test/harness";
import { databaseBefore } from "../test/migrations";
import type { Database } from "./client";
import { migrate } from "./migrate";

/**
 * Migration 0040: bonus money that came back after its bonus ended was sent to bonus cost under the round's (or
 * the sports bet's) reference, so the round and bet reconciliations saw it as the round's money. The migration
 * moves those entries, and only those, to `bonus:late:{reference}`.
 */
for (const kind of dbKinds()) {
  describe(`migration 0040: late bonus money under the bonus's reference [${kind}]`, () => {
    let database: Database & { drop: () => Promise<void> };
    beforeAll(async () => {
      database = await databaseBefore(kind, "0040_late-bonus-reference");
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
      await database?.drop();
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
