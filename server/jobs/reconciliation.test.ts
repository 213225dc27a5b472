import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { seedDemo } from "../db/seed";
import { openAccount } from "../modules/wallet";
import {
  dailyFigures,
  house,
  insertTestPlayer,
  lastReconciliation,
  post,
} from "../modules/wallet/test-support";
import type { EmailMessage } from "../providers/email/port";
import { dbKinds, openTestDatabase } from "../test/harness";
import { reconcileLedger, runReconciliation } from "./reconciliation";

for (const kind of dbKinds()) {
  describe(`ledger reconciliation [${kind}]`, () => {
    let database: Database;
    let accountId: bigint;
    const mail: EmailMessage[] = [];
    const errors: string[] = [];
    const alerts = {
      log: { error: (_: object, msg: string) => errors.push(msg) },
      mailer: { name: "test", send: async (m: EmailMessage) => void mail.push(m) },
      operatorEmail: "ops@casino.test",
    };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      const playerId = await insertTestPlayer(database.db);
      const account = await openAccount(
        { db: database.db, publisher: { publish: async () => {} } },
        playerId,
        "USD",
      );
      accountId = BigInt(account.id);
      const money = (amount: string, kind: "deposit" | "bet" | "win", key: string) =>
        post(database.db, {
          accountId,
          amount,
          kind,
          counterparty: kind === "deposit" ? house.clearing("sandbox") : house.provider("house"),
          reference: `test:${key}`,
          idempotencyKey: `test:${key}`,
        });
      await money("100", "deposit", "d1");
      await money("-30", "bet", "b1");
      await money("12.5", "win", "w1");
      await money("-20", "bet", "b2");
    });
    afterAll(() => database.close());

    const sql1 = (q: ReturnType<typeof sql>) => database.db.execute(q);

    it("finds nothing wrong in books that balance, and keeps the run", async () => {
      expect(await runReconciliation(database.db, alerts)).toEqual([]);
      expect((await lastReconciliation(database.db))?.ok).toBe(true);
      expect(errors).toEqual([]);
      expect(mail).toEqual([]);
    });

    it("reports a balance changed behind the ledger's back, loudly, and changes nothing", async () => {
      await sql1(sql`update wallet_accounts set balance = balance + 1 where id = ${accountId}`);
      try {
        const problems = await runReconciliation(database.db, alerts);
        expect(problems).toEqual([
          expect.objectContaining({
            check: "balance_equals_postings",
            detail: expect.stringContaining("63.5"),
          }),
        ]);
        const last = await lastReconciliation(database.db);
        expect(last?.ok).toBe(false);
        expect(last?.problems).toEqual(problems);
        expect(errors).toEqual(["ledger reconciliation: 1 problems"]);
        expect(mail).toEqual([expect.objectContaining({ to: "ops@casino.test" })]);
        expect(mail[0]!.text).toContain("balance_equals_postings");
        // Never silently fixed: the wrong balance is still there for a person to look at.
        const [row] = (
          (await sql1(sql`select balance::text from wallet_accounts where id = ${accountId}`)) as unknown as {
            rows: { balance: string }[];
          }
        ).rows;
        expect(Number(row!.balance)).toBe(63.5);
      } finally {
        await sql1(sql`update wallet_accounts set balance = balance - 1 where id = ${accountId}`);
      }
    });

    it("reports an entry whose postings do not sum to zero, and the currency with it", async () => {
      await sql1(
        sql`insert into ledger_entries (kind, reference, idempotency_key) values ('bet', 'test:bad', 'test:bad')`,
      );
      await sql1(sql`insert into ledger_postings (entry_id, currency, house_account_id, amount)
                     select id, 'USD', 'game_provider:house:USD', 5 from ledger_entries where idempotency_key = 'test:bad'`);
      try {
        const checks = (await reconcileLedger(database.db)).map((p) => p.check);
        expect(checks).toEqual(["currency_sums_to_zero", "entry_balanced"]);
      } finally {
        await sql1(
          sql`delete from ledger_postings where entry_id = (select id from ledger_entries where idempotency_key = 'test:bad')`,
        );
        await sql1(sql`delete from ledger_entries where idempotency_key = 'test:bad'`);
      }
    });

    it("gives the operator's figures per day, house account and currency from the postings", async () => {
      const now = Date.now();
      const figures = await dailyFigures(database.db, new Date(now - 86_400_000), new Date(now + 86_400_000));
      const provider = figures.find((f) => f.purpose === "game_provider" && f.qualifier === "house");
      const clearing = figures.find((f) => f.purpose === "payment_clearing" && f.qualifier === "sandbox");
      expect(provider).toMatchObject({
        currency: "USD",
        bets: "50",
        wins: "12.5",
        ggr: "37.5",
        deposits: "0",
      });
      expect(clearing).toMatchObject({ currency: "USD", deposits: "100", bets: "0", ggr: "0" });
    });
  });
}

describe("npm run reconcile", () => {
  it("checks the configured database on demand and exits 1 when the books do not balance", {
    timeout: 60_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "reconcile-"));
    try {
      const database = await openDatabase({ dataDir });
      await migrate(database);
      await seedDemo(database.db);
      const playerId = await insertTestPlayer(database.db);
      const account = await openAccount(
        { db: database.db, publisher: { publish: async () => {} } },
        playerId,
        "USD",
      );
      await post(database.db, {
        accountId: BigInt(account.id),
        amount: "10",
        kind: "adjustment",
        reference: "test:opening",
        idempotencyKey: "test:opening",
      });
      const run = () =>
        spawnSync(process.execPath, ["--import", "tsx", "server/reconcile.ts"], {
          env: { ...process.env, DATA_DIR: dataDir, APP_ENV: "test", DATABASE_URL: "" },
          encoding: "utf8",
        });
      await database.db.execute(
        sql`update wallet_accounts set balance = 11 where id = ${BigInt(account.id)}`,
      );
      await database.close();
      const failed = run();
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain("balance_equals_postings");
      const again = await openDatabase({ dataDir });
      await again.db.execute(sql`update wallet_accounts set balance = 10 where id = ${BigInt(account.id)}`);
      await again.close();
      const passed = run();
      expect(passed.stdout).toContain("the books balance");
      expect(passed.status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
