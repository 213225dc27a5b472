import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import type { Database, Db } from "../../db/client";
import { noDepositLimits } from "../../modules/payment";
import { invoices } from "../../modules/payment/tables";
import { applyWebhook, createDeposit, type PaymentDeps } from "../../modules/payment/test-support";
import { manualClock } from "../../modules/player/test-support";
import { openAccount } from "../../modules/wallet";
import { walletAccounts } from "../../modules/wallet/tables";
import { insertTestPlayer } from "../../modules/wallet/test-support";
import { dbKinds, openTestDatabase } from "../../test/harness";
import { builtInProcessors } from ".";
import type { ProcessorEvent } from "./port";
import { sandboxPayments, sandboxWebhookOutbox } from "./sandbox-tables";
import { SIGNATURE_HEADER, verifyWebhook } from "./signature";
import { type DeliverWebhook, MAX_RETRY_MS, retryDelayMs, WebhookOutbox } from "./webhook-outbox";

const SECRET = "outbox-test-secret";

describe("webhook backoff", () => {
  it("doubles from 2 s after each failed attempt, up to 10 minutes", () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(retryDelayMs(9)).toBe(512_000);
    expect(retryDelayMs(10)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(10_000)).toBe(MAX_RETRY_MS);
  });
});

for (const kind of dbKinds()) {
  describe(`sandbox webhook outbox [${kind}]`, () => {
    let database: Database;
    const clock = manualClock(Date.now());
    const publisher = { publish: async () => {} };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await database.close();
    });

    /** A sandbox whose webhooks go through `deliver`, and a pending card deposit of `amount` on it. */
    async function deposit(amount: string, deliver: DeliverWebhook, outbox?: WebhookOutbox) {
      const deps: PaymentDeps = {
        db: database.db,
        clock,
        publisher,
        depositLimits: noDepositLimits,
        processors: {},
      };
      const o = { db: database.db, clock, secret: SECRET, publicUrl: "http://casino.test", deliver };
      const processors = builtInProcessors({ ...o, outbox });
      deps.processors = processors;
      const playerId = await insertTestPlayer(database.db);
      const account = await openAccount(deps, playerId, "USD");
      const invoice = await createDeposit(deps, playerId, {
        method: "sandbox.deposit.card",
        currency: "USD",
        amount,
        customerFields: { firstName: "Ana", lastName: "Silva" },
      });
      const ref = invoice.publicData.checkoutUrl!.split("/").pop()!;
      const state = async () => ({
        invoice: (
          await database.db
            .select()
            .from(invoices)
            .where(eq(invoices.id, BigInt(invoice.id)))
        )[0]!.status,
        payment: (await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref)))[0]!
          .status,
        balance: Number(
          (
            await database.db
              .select()
              .from(walletAccounts)
              .where(eq(walletAccounts.id, BigInt(account.id)))
          )[0]!.balance,
        ),
        outbox: await database.db
          .select()
          .from(sandboxWebhookOutbox)
          .where(eq(sandboxWebhookOutbox.eventId, `${ref}:approved`)),
      });
      return { deps, sandbox: processors.sandbox!, outbox: processors.sandbox!.outbox, ref, state };
    }

    it("writes the webhook in the approval's transaction: an approval that rolls back leaves none", async () => {
      const sent: string[] = [];
      const deliver: DeliverWebhook = async (_p, body) => {
        sent.push(body);
      };
      // The approval's transaction fails after its webhook was written (as a crash before COMMIT would).
      class FailingOutbox extends WebhookOutbox {
        override async add(tx: Db, provider: string, event: ProcessorEvent): Promise<bigint | undefined> {
          await super.add(tx, provider, event);
          throw new Error("the approval's transaction failed after its webhook was written");
        }
      }
      const failing = new FailingOutbox({ db: database.db, clock, secret: SECRET, deliver });
      const d = await deposit("15", deliver, failing);
      await expect(d.sandbox.settle(d.ref, "approved")).rejects.toThrow("failed after its webhook");
      expect(await d.state()).toMatchObject({
        payment: "created",
        invoice: INVOICE_STATUS.pending,
        outbox: [],
      });
      expect(sent).toEqual([]);

      // The same approval committing writes its webhook with it, and sends it at once.
      const ok = await deposit("15", deliver);
      expect(await ok.sandbox.settle(ok.ref, "approved")).toBe(true);
      const after = await ok.state();
      expect(after.payment).toBe("approved");
      expect(after.outbox).toHaveLength(1);
      expect(after.outbox[0]).toMatchObject({ provider: "sandbox", attempts: 1, lastError: null });
      expect(after.outbox[0]!.deliveredAt).not.toBeNull();
      expect(sent).toEqual([after.outbox[0]!.body]);
    });

    it("sends again with backoff until the casino answers 2xx, then stops", async () => {
      const attempts: { at: number; body: string; signature: string }[] = [];
      let deps: PaymentDeps | undefined;
      // The casino answers 5xx three times (the app's deliver throws on anything but 2xx), then takes it.
      const deliver: DeliverWebhook = async (provider, body, headers) => {
        attempts.push({ at: clock.now().getTime(), body, signature: headers[SIGNATURE_HEADER]! });
        if (attempts.length <= 3) throw new Error("webhook answered 503");
        await applyWebhook(deps!, provider, headers, body);
      };
      const d = await deposit("20", deliver);
      deps = d.deps;
      const t0 = clock.now().getTime();
      expect(await d.sandbox.settle(d.ref, "approved")).toBe(true);
      expect(attempts).toHaveLength(1);
      expect((await d.state()).outbox[0]).toMatchObject({ attempts: 1, lastError: "webhook answered 503" });

      const at = async (ms: number) => {
        clock.set(t0 + ms);
        return d.outbox.deliverDue();
      };
      expect(await at(1_999)).toEqual({ delivered: 0, failed: 0 }); // not due before its backoff
      expect(await at(2_000)).toEqual({ delivered: 0, failed: 1 }); // 2nd attempt, next in 4 s
      expect(await at(5_999)).toEqual({ delivered: 0, failed: 0 });
      expect(await at(6_000)).toEqual({ delivered: 0, failed: 1 }); // 3rd attempt, next in 8 s
      expect(await at(13_999)).toEqual({ delivered: 0, failed: 0 });
      expect((await d.state()).invoice).toBe(INVOICE_STATUS.pending);
      expect(await at(14_000)).toEqual({ delivered: 1, failed: 0 }); // 4th: acknowledged
      expect(attempts.map((a) => a.at - t0)).toEqual([0, 2_000, 6_000, 14_000]);

      // Acknowledged: never sent again.
      expect(await at(3_600_000)).toEqual({ delivered: 0, failed: 0 });
      expect(attempts).toHaveLength(4);
      const final = await d.state();
      expect(final).toMatchObject({ invoice: INVOICE_STATUS.success, balance: 20 });
      expect(final.outbox[0]).toMatchObject({ attempts: 4, lastError: null });
      // One event, the same body each time, signed afresh at each attempt.
      expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
      for (const a of attempts) verifyWebhook(SECRET, a.signature, a.body, new Date(a.at));
    });

    it("lets several processes share the due webhooks, each claimed by one of them", async () => {
      const sent: string[] = [];
      const deliver: DeliverWebhook = async (_p, body) => {
        sent.push(JSON.parse(body).eventId);
        await new Promise((r) => setTimeout(r, 5));
      };
      const refs: string[] = [];
      const silent: DeliverWebhook = async () => {
        throw new Error("process died before sending");
      };
      for (let i = 0; i < 12; i++) {
        const d = await deposit("10", silent);
        await d.sandbox.settle(d.ref, "approved");
        refs.push(`${d.ref}:approved`);
      }
      clock.advance(retryDelayMs(1));
      const processes = Array.from(
        { length: 3 },
        () => new WebhookOutbox({ db: database.db, clock, secret: SECRET, deliver, limit: 5 }),
      );
      const runs = await Promise.all([...processes, ...processes].map((p) => p.deliverDue()));
      const again = await Promise.all(processes.map((p) => p.deliverDue()));
      const delivered = [...runs, ...again].reduce((n, r) => n + r.delivered, 0);
      expect(delivered).toBe(12);
      expect(sent.filter((e) => refs.includes(e)).sort()).toEqual([...refs].sort());
    });
  });
}
