import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import type { RealtimeEvent } from "#common/realtime";
import type { Database } from "../../db/client";
import { builtInProcessors } from "../../providers/payment";
import type { SandboxProcessor } from "../../providers/payment/sandbox";
import { SIGNATURE_HEADER, signWebhook } from "../../providers/payment/signature";
import { dbKinds, openTestDatabase } from "../../test/harness";
import { openAccount } from "../wallet";
import { walletAccounts } from "../wallet/tables";
import { insertTestPlayer, ledgerSum, post } from "../wallet/test-support";
import {
  applyWebhook,
  createDeposit,
  createWithdrawal,
  declineInvoice,
  expireUnpaidDeposits,
  invoiceStatistics,
  listInvoices,
  listMethods,
  type PaymentDeps,
  settle,
} from "./invoices";
import { noDepositLimits } from "./limits-port";
import { invoices } from "./tables";
import { CARD_PAYEE } from "./test-support";

const SECRET = "sandbox-test-secret";

for (const kind of dbKinds()) {
  describe(`invoices [${kind}]`, () => {
    let database: Database;
    let deps: PaymentDeps;
    let processors: Record<string, SandboxProcessor>;
    const published: [string, RealtimeEvent][] = [];
    const now = { value: new Date() };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      const clock = { now: () => now.value };
      const publisher = {
        publish: async (channel: string, event: RealtimeEvent) => {
          published.push([channel, event]);
        },
      };
      processors = builtInProcessors({
        db: database.db,
        clock,
        secret: SECRET,
        publicUrl: "http://casino.test",
        addressDelayMs: 20,
        deliver: async (provider, rawBody, headers) => {
          await applyWebhook(deps, provider, headers, rawBody);
        },
      });
      deps = { db: database.db, clock, publisher, processors, depositLimits: noDepositLimits };
    });
    afterAll(async () => {
      for (const p of Object.values(processors)) p.close();
      await database.close();
    });

    async function player(currency = "USD", balance = "0") {
      const id = await insertTestPlayer(database.db);
      const account = await openAccount(deps, id, currency);
      if (balance !== "0") {
        await post(database.db, {
          accountId: BigInt(account.id),
          amount: balance,
          kind: "adjustment",
          reference: "test",
          idempotencyKey: `open:${account.id}`,
        });
      }
      return { id, accountId: BigInt(account.id) };
    }
    const balance = async (accountId: bigint) =>
      (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.balance;
    const card = {
      method: "sandbox.deposit.card",
      currency: "USD",
      customerFields: { firstName: "Ana", lastName: "Silva" },
    };

    it("lists methods for a currency and country, manual agents first", async () => {
      const bd = await listMethods(deps, "deposit", { currency: "BDT", country: "BD" });
      expect(bd[0]!.isManualAgent).toBe(true);
      expect(bd.map((m) => m.code)).toEqual(
        expect.arrayContaining(["agent.deposit.bkash", "sandbox.deposit.bkash"]),
      );
      const brl = await listMethods(deps, "deposit", { currency: "BRL", country: "BR" });
      expect(brl.map((m) => m.code)).toContain("sandbox.deposit.pix");
      const brlElsewhere = await listMethods(deps, "deposit", { currency: "BRL", country: "DE" });
      expect(brlElsewhere.map((m) => m.code)).not.toContain("sandbox.deposit.pix");
    });

    it("answers 13100 when a deposit limit is reached", async () => {
      const limited = { ...deps, depositLimits: { ...noDepositLimits, reached: async () => true } };
      await expect(listMethods(limited, "deposit", { playerId: 1n, currency: "USD" })).rejects.toMatchObject({
        code: 13100,
      });
    });

    it("credits a deposit once its checkout is approved, and announces it", async () => {
      const p = await player();
      const invoice = await createDeposit(deps, p.id, { ...card, amount: "50" });
      expect(invoice).toMatchObject({ status: INVOICE_STATUS.pending, number: 1, amount: "50" });
      expect(invoice.publicData.checkoutUrl).toMatch(
        /^http:\/\/casino\.test\/api\/payment\/sandbox\/sandbox\//,
      );
      const ref = invoice.publicData.checkoutUrl!.split("/").pop()!;
      expect(await processors.sandbox!.settle(ref, "approved")).toBe(true);
      expect(Number(await balance(p.accountId))).toBe(50);
      const [row] = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, BigInt(invoice.id)));
      expect(row!.status).toBe(INVOICE_STATUS.success);
      expect(published).toContainEqual([
        `payment:invoices#${p.id}`,
        expect.objectContaining({
          event: "invoice.deposit.updated",
          data: expect.objectContaining({ status: 2 }),
        }),
      ]);
      expect(published).toContainEqual([
        `wallet:accounts#${p.id}`,
        expect.objectContaining({ data: expect.objectContaining({ balance: "50" }) }),
      ]);
    });

    it("never acknowledges a payment whose credit rolled back on someone else's unique key: it fails, and counts when sent again", async () => {
      const p = await player();
      const invoice = await createDeposit(deps, p.id, { ...card, amount: "30" });
      const ref = invoice.publicData.checkoutUrl!.split("/").pop()!;
      const where = { provider: "sandbox", providerRef: ref };
      // A unique key of another row met inside the settle (not the ledger's key of this credit).
      const clash = Object.assign(new Error("duplicate key value"), { code: "23505" });
      await expect(
        settle(deps, where, "success", undefined, {
          inTransaction: async () => {
            throw clash;
          },
        }),
      ).rejects.toThrow(/still open/);
      const [open] = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, BigInt(invoice.id)));
      expect(open!.status).toBe(INVOICE_STATUS.pending);
      expect(Number(await balance(p.accountId))).toBe(0);
      // Sent again, it credits once; a repeat is the replay it is (nothing moves, nothing throws).
      expect(await settle(deps, where, "success")).toBeDefined();
      expect(await settle(deps, where, "success")).toBeUndefined();
      expect(Number(await balance(p.accountId))).toBe(30);
    });

    it("an unpaid deposit expires after its time and fails; a payment reported later is still credited once", async () => {
      const p = await player();
      const ref = (i: { publicData: { checkoutUrl?: string } }) =>
        i.publicData.checkoutUrl!.split("/").pop()!;
      const started = now.value;
      try {
        const late = await createDeposit(deps, p.id, { ...card, amount: "40" });
        now.value = new Date(started.getTime() + 59 * 60_000);
        const fresh = await createDeposit(deps, p.id, { ...card, amount: "15" });
        expect(await expireUnpaidDeposits(deps, 60 * 60_000)).toBe(0);
        now.value = new Date(started.getTime() + 60 * 60_000);
        expect(await expireUnpaidDeposits(deps, 60 * 60_000)).toBe(1);
        expect(await expireUnpaidDeposits(deps, 60 * 60_000)).toBe(0);
        const status = async (id: string) =>
          (
            await database.db
              .select()
              .from(invoices)
              .where(eq(invoices.id, BigInt(id)))
          )[0]!;
        expect(await status(late.id)).toMatchObject({
          status: INVOICE_STATUS.failure,
          failureReason: "Not paid within 60 minutes; nothing was charged",
        });
        expect((await status(fresh.id)).status).toBe(INVOICE_STATUS.pending);
        // The money arrived after all: credited, once.
        expect(await processors.sandbox!.settle(ref(late), "approved")).toBe(true);
        expect((await status(late.id)).status).toBe(INVOICE_STATUS.success);
        expect(Number(await balance(p.accountId))).toBe(40);
      } finally {
        now.value = started;
      }
    });

    it("a paid deposit announces which paid deposit it is; a failed one does not count (the funnel, decision 0019)", async () => {
      const p = await player();
      const ref = (i: { publicData: { checkoutUrl?: string } }) =>
        i.publicData.checkoutUrl!.split("/").pop()!;
      const announced = (id: string) =>
        published
          .filter(([c, e]) => c === `payment:invoices#${p.id}` && (e.data as { id: string }).id === id)
          .map(([, e]) => e.data as { status: number; number: number; paidNumber?: number });
      const declined = await createDeposit(deps, p.id, { ...card, amount: "20" });
      await processors.sandbox!.settle(ref(declined), "declined");
      const first = await createDeposit(deps, p.id, { ...card, amount: "20" });
      await processors.sandbox!.settle(ref(first), "approved");
      const second = await createDeposit(deps, p.id, { ...card, amount: "20" });
      await processors.sandbox!.settle(ref(second), "approved");
      expect(announced(declined.id).at(-1)).toMatchObject({ status: 3, number: 1 });
      expect(announced(declined.id).at(-1)?.paidNumber).toBeUndefined();
      expect(announced(first.id).at(-1)).toMatchObject({ status: 2, number: 2, paidNumber: 1 });
      expect(announced(second.id).at(-1)).toMatchObject({ status: 2, number: 3, paidNumber: 2 });
    });

    it("pays exactly once for the same webhook sent five times, concurrently and out of order", async () => {
      const p = await player();
      const invoice = await createDeposit(deps, p.id, { ...card, amount: "20" });
      const ref = invoice.publicData.checkoutUrl!.split("/").pop()!;
      const body = (type: string, eventId: string) => JSON.stringify({ eventId, providerRef: ref, type });
      const send = (raw: string) =>
        applyWebhook(deps, "sandbox", { [SIGNATURE_HEADER]: signWebhook(SECRET, raw, now.value) }, raw);
      const paid = body("invoice.paid", `${ref}:approved`);
      const failed = body("invoice.failed", `${ref}:declined`);
      const results = await Promise.all([send(paid), send(paid), send(paid), send(paid), send(paid)]);
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect((await send(failed)).applied).toBe(false); // a late, reordered "failed" changes nothing
      expect(Number(await balance(p.accountId))).toBe(20);
      expect(await ledgerSum(database.db, p.accountId)).toBe("20");
    });

    it("refuses a forged or stale signature and changes nothing", async () => {
      const p = await player();
      const invoice = await createDeposit(deps, p.id, { ...card, amount: "30" });
      const ref = invoice.publicData.checkoutUrl!.split("/").pop()!;
      const raw = JSON.stringify({ eventId: `${ref}:x`, providerRef: ref, type: "invoice.paid" });
      await expect(
        applyWebhook(
          deps,
          "sandbox",
          { [SIGNATURE_HEADER]: signWebhook("wrong-secret", raw, now.value) },
          raw,
        ),
      ).rejects.toThrow(/signature/i);
      const stale = new Date(now.value.getTime() - 10 * 60_000);
      await expect(
        applyWebhook(deps, "sandbox", { [SIGNATURE_HEADER]: signWebhook(SECRET, raw, stale) }, raw),
      ).rejects.toThrow(/stale/i);
      const tampered = raw.replace("invoice.paid", "invoice.paid ");
      await expect(
        applyWebhook(deps, "sandbox", { [SIGNATURE_HEADER]: signWebhook(SECRET, raw, now.value) }, tampered),
      ).rejects.toThrow(/signature/i);
      expect(Number(await balance(p.accountId))).toBe(0);
    });

    it("reserves a withdrawal at once; once the processor has it the player cannot cancel it, and its failure refunds once", async () => {
      const p = await player("USD", "100");
      const w = await createWithdrawal(deps, p.id, {
        method: "sandbox.withdrawal.card",
        currency: "USD",
        amount: "60",
        customerFields: { ...CARD_PAYEE },
      });
      expect(w.cancellable).toBe(false); // no review threshold here: it went straight to the processor
      expect(Number(await balance(p.accountId))).toBe(40);
      await expect(
        createWithdrawal(deps, p.id, {
          method: "sandbox.withdrawal.card",
          currency: "USD",
          amount: "60",
          customerFields: { ...CARD_PAYEE },
        }),
      ).rejects.toMatchObject({ status: 422, errors: { amount: expect.any(Array) } });
      // Refunding it now could pay the player twice: the processor may still pay it out.
      await expect(declineInvoice(deps, p.id, w.id)).rejects.toMatchObject({
        status: 409,
        code: "invoice_processing",
      });
      expect(Number(await balance(p.accountId))).toBe(40);
      const [row] = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, BigInt(w.id)));
      await processors.sandbox!.settle(row!.providerRef, "declined");
      await expect(declineInvoice(deps, p.id, w.id)).rejects.toMatchObject({ code: "invoice_not_pending" });
      expect(Number(await balance(p.accountId))).toBe(100);
      expect(await ledgerSum(database.db, p.accountId)).toBe("100");
    });

    it("credits once a deposit the player cancelled that the processor then reports paid", async () => {
      const p = await player();
      const d = await createDeposit(deps, p.id, { ...card, amount: "40" });
      expect(d.cancellable).toBe(true);
      const cancelled = await declineInvoice(deps, p.id, d.id);
      expect(cancelled).toMatchObject({ status: INVOICE_STATUS.failure, cancellable: false });
      expect(Number(await balance(p.accountId))).toBe(0);
      // The player paid at the checkout anyway: the money arrived, so it is credited, once.
      const ref = d.publicData.checkoutUrl!.split("/").pop()!;
      const raw = JSON.stringify({ eventId: `${ref}:late`, providerRef: ref, type: "invoice.paid" });
      const send = (body: string) =>
        applyWebhook(deps, "sandbox", { [SIGNATURE_HEADER]: signWebhook(SECRET, body, now.value) }, body);
      expect((await send(raw)).applied).toBe(true);
      const again = raw.replace(":late", ":late-again");
      expect((await send(again)).applied).toBe(false);
      const [row] = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, BigInt(d.id)));
      expect(row).toMatchObject({ status: INVOICE_STATUS.success, failureReason: null });
      expect(Number(await balance(p.accountId))).toBe(40);
      expect(await ledgerSum(database.db, p.accountId)).toBe("40");
      // A failure reported after a player's cancel changes nothing.
      const d2 = await createDeposit(deps, p.id, { ...card, amount: "10" });
      await declineInvoice(deps, p.id, d2.id);
      const ref2 = d2.publicData.checkoutUrl!.split("/").pop()!;
      const failed = JSON.stringify({ eventId: `${ref2}:f`, providerRef: ref2, type: "invoice.failed" });
      expect((await send(failed)).applied).toBe(false);
      expect(Number(await balance(p.accountId))).toBe(40);
    });

    it("never goes below zero under 200 concurrent withdrawals and bets, and the balance equals its ledger", async () => {
      const p = await player("USD", "1000");
      const fields = { ...CARD_PAYEE };
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          i % 2
            ? createWithdrawal(deps, p.id, {
                method: "sandbox.withdrawal.card",
                currency: "USD",
                amount: "20",
                customerFields: fields,
              })
            : post(database.db, {
                accountId: p.accountId,
                amount: "-7.5",
                kind: "bet",
                reference: `round:${i}`,
                idempotencyKey: `burst-bet:${p.id}:${i}`,
              }),
        ),
      );
      // 100 withdrawals of 20 and 100 bets of 7.5 ask for 2750 of 1000: many must be refused, none may overdraw.
      expect(results.filter((r) => r.status === "rejected").length).toBeGreaterThan(0);
      const left = await balance(p.accountId);
      expect(Number(left)).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(database.db, p.accountId)).toBe(String(Number(left)));
    });

    it("lets nobody decline or read another player's invoice", async () => {
      const owner = await player();
      const other = await player();
      const invoice = await createDeposit(deps, owner.id, { ...card, amount: "15" });
      await expect(declineInvoice(deps, other.id, invoice.id)).rejects.toMatchObject({ status: 404 });
      const list = await listInvoices(database.db, other.id, { page: 1, perPage: 20 });
      expect(list.data).toEqual([]);
    });

    it("answers a retried request with the invoice it made the first time", async () => {
      const p = await player();
      const a = await createDeposit(deps, p.id, { ...card, amount: "25", requestKey: "retry-1" });
      const b = await createDeposit(deps, p.id, { ...card, amount: "25", requestKey: "retry-1" });
      expect(b.id).toBe(a.id);
      expect((await listInvoices(database.db, p.id, { page: 1, perPage: 20 })).meta.totalRows).toBe(1);
    });

    it("checks amounts and customer fields against the method", async () => {
      const p = await player("BRL");
      await expect(
        createDeposit(deps, p.id, {
          method: "sandbox.deposit.pix",
          currency: "BRL",
          country: "BR",
          amount: "5",
          customerFields: {},
        }),
      ).rejects.toMatchObject({ status: 422, errors: { amount: expect.any(Array) } });
      await expect(
        createDeposit(deps, p.id, {
          method: "sandbox.deposit.pix",
          currency: "BRL",
          country: "BR",
          amount: "50.123",
          customerFields: {},
        }),
      ).rejects.toMatchObject({ errors: { amount: ["Use at most 2 decimal places"] } });
      await expect(
        createDeposit(deps, p.id, {
          method: "sandbox.deposit.pix",
          currency: "BRL",
          country: "BR",
          amount: "50",
          customerFields: { firstName: "Ana", lastName: "Silva", identify_doc_number: "111.111.111-11" },
        }),
      ).rejects.toMatchObject({
        errors: { "customerFields.identify_doc_number": ["The CPF number is not valid"] },
      });
    });

    it("gives a crypto deposit its address and QR later, by webhook", async () => {
      const p = await player("BTC");
      const invoice = await createDeposit(deps, p.id, {
        method: "crypto.deposit.btc",
        currency: "BTC",
        amount: "0.01",
        customerFields: {},
      });
      expect(invoice.publicData.qr).toBeUndefined();
      const deadline = Date.now() + 3000;
      let row: typeof invoices.$inferSelect | undefined;
      while (Date.now() < deadline) {
        [row] = await database.db
          .select()
          .from(invoices)
          .where(eq(invoices.id, BigInt(invoice.id)));
        if (row?.publicData.qr) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(row!.publicData.qr).toMatch(/^bitcoin:tb1q[0-9a-f]{38}\?amount=0\.01$/);
      expect(row!.status).toBe(INVOICE_STATUS.pending);
    });

    it("numbers each player's invoices and sums what succeeded", async () => {
      const p = await player();
      const first = await createDeposit(deps, p.id, { ...card, amount: "10" });
      const second = await createDeposit(deps, p.id, { ...card, amount: "12" });
      expect([first.number, second.number]).toEqual([1, 2]);
      await processors.sandbox!.settle(second.publicData.checkoutUrl!.split("/").pop()!, "approved");
      const stats = await invoiceStatistics(database.db, p.id);
      expect(stats.deposits).toMatchObject({
        count: 2,
        successCount: 1,
        pendingCount: 1,
        successSums: { USD: "12" },
      });
      const filtered = await listInvoices(database.db, p.id, {
        status: INVOICE_STATUS.success,
        page: 1,
        perPage: 20,
      });
      expect(filtered.data.map((i) => i.id)).toEqual([second.id]);
    });
  });
}
