import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import { migrate } from "../../db/migrate";
import { seedDemo } from "../../db/seed";
import { assertBooksBalance, dbKinds, reopenableDatabase } from "../../test/harness";
import { killChildAt } from "../../test/sigkill";
import { openAccount } from "../wallet";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import { insertTestPlayer } from "../wallet/test-support";
import { failUnstartedInvoices } from "./invoices";
import { noDepositLimits } from "./limits-port";
import { invoices } from "./tables";

describe.each(dbKinds())("a server killed in the middle of payments [%s]", (kind) => {
  it("leaves no invoice half-applied, and every balance equals its ledger", {
    timeout: 120_000,
  }, async () => {
    const where = await reopenableDatabase(kind);
    try {
      let database = await where.open();
      await migrate(database);
      await seedDemo(database.db);
      const playerId = await insertTestPlayer(database.db);
      await openAccount({ db: database.db, publisher: { publish: async () => {} } }, playerId, "USD");
      // PGlite keeps one writer per data directory: let the child have it.
      await database.close();

      // Kill it mid-burst: after a few rounds (however slow the machine is), at a moment that lands inside one.
      await killChildAt(
        "server/modules/payment/crash-child.ts",
        { url: where.url, dataDir: where.dataDir, playerId: String(playerId) },
        "round 6",
        137,
      );

      database = await where.open();
      try {
        // What the restarted server's job does: invoices the processor never took are closed, refunding any
        // reserved withdrawal.
        await failUnstartedInvoices(
          {
            db: database.db,
            clock: { now: () => new Date(Date.now() + 60 * 60_000) },
            publisher: { publish: async () => {} },
            processors: {},
            depositLimits: noDepositLimits,
          },
          5 * 60_000,
        );
        const stuck = await database.db
          .select()
          .from(invoices)
          .where(sql`${invoices.providerRef} like 'pending:%' and ${invoices.status} = 1`);
        expect(stuck).toEqual([]);
        const all = await database.db.select().from(invoices).where(eq(invoices.playerId, playerId));
        expect(all.length).toBeGreaterThanOrEqual(7); // the burst really ran
        const entries = await database.db.select().from(ledgerEntries);
        const byRef = (id: bigint) => entries.filter((e) => e.reference === `invoice:${id}`);
        for (const invoice of all) {
          const mine = byRef(invoice.id)
            .map((e) => e.kind)
            .sort();
          if (invoice.type === INVOICE_TYPE.deposit) {
            expect(mine).toEqual(invoice.status === INVOICE_STATUS.success ? ["deposit"] : []);
          } else {
            expect(mine).toEqual(
              invoice.status === INVOICE_STATUS.failure
                ? ["withdrawal", "withdrawal_refund"]
                : ["withdrawal"],
            );
          }
        }
        const accounts = await database.db
          .select({
            balance: walletAccounts.balance,
            sum: sql<string>`(select coalesce(sum(lp.amount), 0) from ledger_postings lp where lp.wallet_account_id = wallet_accounts.id)`,
          })
          .from(walletAccounts);
        for (const a of accounts) expect(Number(a.balance)).toBe(Number(a.sum));
        await assertBooksBalance(database);
      } finally {
        await database.close();
      }
    } finally {
      await where.drop();
    }
  });
});
