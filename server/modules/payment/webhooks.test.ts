import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import type { Database } from "../../db/client";
import { builtInProcessors } from "../../providers/payment";
import type { SandboxProcessor } from "../../providers/payment/sandbox";
import { SIGNATURE_HEADER, signWebhook } from "../../providers/payment/signature";
import { dbKinds, openTestDatabase } from "../../test/harness";
import { openAccount } from "../wallet";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import { insertTestPlayer } from "../wallet/test-support";
import { applyWebhook, createDeposit, type PaymentDeps } from "./invoices";
import { noDepositLimits } from "./limits-port";
import { invoices } from "./tables";

const SECRET = "webhook-receiver-secret";

/** The casino's webhook receiver: a delivery applies once, and a delivery that failed half-way applies later. */
for (const kind of dbKinds()) {
  describe(`payment webhook receiver [${kind}]`, () => {
    let database: Database;
    let deps: PaymentDeps;
    let processors: Record<string, SandboxProcessor>;
    const clock = { now: () => new Date() };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      processors = builtInProcessors({
        db: database.db,
        clock,
        secret: SECRET,
        publicUrl: "http://casino.test",
        deliver: async () => {}, // these tests deliver by hand
      });
      deps = {
        db: database.db,
        clock,
        publisher: { publish: async () => {} },
        processors,
        depositLimits: noDepositLimits,
      };
    });
    afterAll(async () => {
      for (const p of Object.values(processors)) p.close();
      await database.close();
    });

    async function pendingDeposit(amount: string) {
      const playerId = await insertTestPlayer(database.db);
      const account = await openAccount(deps, playerId, "USD");
      const invoice = await createDeposit(deps, playerId, {
        method: "sandbox.deposit.card",
        currency: "USD",
        amount,
        customerFields: { firstName: "Ana", lastName: "Silva" },
      });
      const [row] = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, BigInt(invoice.id)));
      const body = JSON.stringify({
        eventId: `${row!.providerRef}:approved`,
        providerRef: row!.providerRef,
        type: "invoice.paid",
      });
      const deliver = (d: PaymentDeps = deps) =>
        applyWebhook(d, "sandbox", { [SIGNATURE_HEADER]: signWebhook(SECRET, body, new Date()) }, body);
      const state = async () => ({
        status: (
          await database.db
            .select()
            .from(invoices)
            .where(eq(invoices.id, BigInt(invoice.id)))
        )[0]!.status,
        balance: Number(
          (
            await database.db
              .select()
              .from(walletAccounts)
              .where(eq(walletAccounts.id, BigInt(account.id)))
          )[0]!.balance,
        ),
        credits: (
          await database.db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.reference, `invoice:${invoice.id}`))
        ).length,
      });
      return { deliver, state };
    }

    it("applies a webhook whose first delivery failed half-way when it comes again", async () => {
      const d = await pendingDeposit("30");
      // The first delivery dies inside the crediting transaction (here: the bonus step throws), so the casino
      // answers 5xx and the processor sends it again: that delivery must credit, not be taken as a repeat.
      const failing: PaymentDeps = {
        ...deps,
        bonuses: {
          choose: async () => {},
          assertWithdrawable: async () => {},
          active: async () => undefined,
          paid: async () => {
            throw new Error("the database went away mid-credit");
          },
        },
      };
      await expect(d.deliver(failing)).rejects.toThrow("mid-credit");
      expect(await d.state()).toEqual({ status: INVOICE_STATUS.pending, balance: 0, credits: 0 });
      expect(await d.deliver()).toEqual({ applied: true });
      expect(await d.state()).toEqual({ status: INVOICE_STATUS.success, balance: 30, credits: 1 });
    });

    it("credits once however often, and however concurrently, a webhook is delivered", async () => {
      const d = await pendingDeposit("40");
      const results = await Promise.all(Array.from({ length: 20 }, () => d.deliver()));
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(await d.deliver()).toEqual({ applied: false });
      expect(await d.state()).toEqual({ status: INVOICE_STATUS.success, balance: 40, credits: 1 });
    });
  });
}
