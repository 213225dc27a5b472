import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeAmount } from "#common/money";
import { reconcileLedger } from "../jobs/reconciliation";
import { house, houseBalance, ledgerSum, post } from "../modules/wallet/test-support";
import { assertBooksBalance, dbKinds } from "../test/harness";
import { databaseBefore } from "../test/migrations";
import type { Database } from "./client";
import { migrate } from "./migrate";

/**
 * Migration 0006 (single entry → double entry) on a database the single-entry code filled: the fixture was
 * dumped from main at 23612d5 after real deposits, withdrawals, seamless-wallet bets, wins and rollbacks of two
 * providers and house game rounds (its `madeBy` says how). Loaded into a database migrated to 0005, migrated to
 * the end, the books must balance and no balance may have moved.
 */
const fixture = JSON.parse(
  readFileSync(fileURLToPath(new URL("./fixtures/ledger-0005.json", import.meta.url)), "utf8"),
) as { tables: { name: string; rows: Record<string, unknown>[] }[] };
const rowsOf = (name: string) => fixture.tables.find((t) => t.name === name)?.rows ?? [];

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Loads every table of the fixture in its foreign-key order, ids kept, and moves the sequences past them. */
async function load(database: Database) {
  for (const table of fixture.tables) {
    if (table.rows.length === 0) continue;
    const name = sql.identifier(table.name);
    await database.db.execute(
      sql`insert into ${name} overriding system value select * from jsonb_populate_recordset(null::${name}, ${JSON.stringify(table.rows)}::jsonb)`,
    );
    const [identity] = await rows<{ is: boolean }>(
      database,
      sql`select exists (select 1 from pg_attribute where attrelid = ${table.name}::regclass and attname = 'id'
                           and attidentity <> '') as is`,
    );
    if (identity?.is)
      await database.db.execute(
        sql`select setval(pg_get_serial_sequence(${table.name}, 'id'), coalesce(max(id), 0) + 1, false) from ${name}`,
      );
  }
}

for (const kind of dbKinds()) {
  describe(`migration 0006: the single-entry ledger becomes double-entry [${kind}]`, () => {
    let database: Database & { drop: () => Promise<void> };
    beforeAll(async () => {
      // The schema the fixture was dumped from: everything before 0006.
      database = await databaseBefore(kind, "0006_double_entry");
      await load(database);
      await migrate(database);
    });
    afterAll(async () => {
      await database?.close();
      await database?.drop();
    });

    it("balances the books: every currency sums to zero, balances equal postings, invoices and rounds agree", async () => {
      expect(await reconcileLedger(database.db)).toEqual([]);
    });

    it("moves no player's balance and gives every old entry exactly two postings", async () => {
      for (const a of rowsOf("wallet_accounts")) {
        expect(await ledgerSum(database.db, BigInt(a.id as number))).toBe(normalizeAmount(String(a.balance)));
      }
      const legs = await rows<{ entry_id: string; legs: number; players: number }>(
        database,
        sql`select entry_id::text, count(*)::int as legs, count(wallet_account_id)::int as players
              from ledger_postings group by entry_id`,
      );
      expect(legs).toHaveLength(rowsOf("ledger_entries").length);
      expect(legs.every((l) => l.legs === 2 && l.players === 1)).toBe(true);
    });

    it("names the house side from each entry's kind and reference", async () => {
      const accounts = (
        await rows<{ id: string }>(database, sql`select id from house_accounts order by id`)
      ).map((r) => r.id);
      // Two processors (card sandbox and crypto), two game providers (house and the hub aggregator), manual
      // adjustment for the opening balance.
      expect(accounts).toEqual(
        expect.arrayContaining([
          "game_provider:house:USD",
          "game_provider:hub:USD",
          "manual_adjustment::USD",
          expect.stringMatching(/^payment_clearing:\w+:USD$/),
          expect.stringMatching(/^payment_clearing:\w+:BTC$/),
        ]),
      );
      // The provider's account holds what players lost to it: their bets less their wins, per round.
      const [houseNet] = await rows<{ net: string }>(
        database,
        sql`select coalesce(sum(bet_amount - win_amount), 0)::text as net from game_rounds
             where provider = 'house' and currency = 'USD'`,
      );
      expect(Number(await houseBalance(database.db, house.provider("house"), "USD"))).toBe(
        Number(houseNet!.net),
      );
    });

    it("keeps posting after the migration, the new entries' ids past the old ones", async () => {
      const account = rowsOf("wallet_accounts").find((a) => a.currency === "USD")!;
      const posted = await post(database.db, {
        accountId: BigInt(account.id as number),
        amount: "1.25",
        kind: "adjustment",
        reference: "test:after-migration",
        idempotencyKey: "test:after-migration",
      });
      expect(posted.entryId).toBeGreaterThan(BigInt(rowsOf("ledger_entries").length));
      await assertBooksBalance(database);
    });
  });
}
