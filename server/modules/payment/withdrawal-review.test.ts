import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { INVOICE_STATUS, PLAYER_BONUS_RESULT, PLAYER_BONUS_STATUS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { playerBonuses } from "../bonus/tables";
import { applyReview } from "../documents/test-support";
import { playerSessions } from "../player/tables";
import { caller } from "../player/test-support";
import { staffToken } from "../staff/test-support";
import { house, ledgerSum, post } from "../wallet/test-support";
import { failUnstartedInvoices, type PaymentDeps } from "./invoices";
import { noDepositLimits } from "./limits-port";
import { invoices } from "./tables";
import { CARD_PAYEE } from "./test-support";

describeEachDb(
  "withdrawal review and limits per method",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const db = () => ctx().database.db;
    const as = (token: string, c: Parameters<typeof call>[0]) =>
      call({ ...c, headers: { authorization: `Bearer ${token}`, ...c.headers } });

    async function playerWith(deposit: string, extra: Record<string, unknown> = {}) {
      const { accessToken: token, profile } = await register(undefined, extra);
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const accountId = opened.body.data.id as string;
      // A deposit paid through the sandbox checkout, as a player pays one.
      const created = await call({
        url: "/api/payment/invoices/deposit",
        body: {
          method: "sandbox.deposit.card",
          currency: "USD",
          amount: deposit,
          customerFields: { firstName: "Ana", lastName: "Silva" },
        },
        token,
      });
      const checkout = new URL(created.body.data.publicData.checkoutUrl);
      await ctx().app.inject({ method: "POST", url: `${checkout.pathname}/approve` });
      expect(await ledgerSum(db(), BigInt(accountId))).toBe(deposit);
      return { token, playerId: String(profile.id), accountId };
    }
    const withdraw = (token: string, amount: string, payee: Record<string, string> = CARD_PAYEE) =>
      call({
        url: "/api/payment/invoices/withdrawal",
        body: { method: "sandbox.withdrawal.card", currency: "USD", amount, customerFields: payee },
        token,
      });
    const rowOf = async (id: string) =>
      (
        await db()
          .select()
          .from(invoices)
          .where(eq(invoices.id, BigInt(id)))
      )[0]!;
    const queue = async (token: string, review = "awaiting") =>
      (await as(token, { method: "GET", url: `/api/admin/withdrawals?review=${review}&perPage=100` })).body
        .data as { id: string; flags: { code: string }[]; review: string; status: number }[];
    const flagsOf = async (token: string, id: string) =>
      (await queue(token)).find((w) => w.id === id)!.flags.map((f) => f.code);

    it("sends a withdrawal at or below the threshold to the processor; holds one above it, money reserved", async () => {
      const clerk = await staffToken(ctx().app, db(), ["payments"]);
      const p = await playerWith("300");
      const small = await withdraw(p.token, "100");
      expect(small.status).toBe(201);
      expect((await rowOf(small.body.data.id)).review).toBeNull();
      expect((await rowOf(small.body.data.id)).providerRef).not.toMatch(/^pending:/);
      const big = await withdraw(p.token, "150");
      expect(big.status).toBe(201);
      expect(big.body.data.status).toBe(INVOICE_STATUS.pending);
      const row = await rowOf(big.body.data.id);
      expect(row.review).toBe("awaiting");
      // Not handed to the processor: its reference is still ours.
      expect(row.providerRef).toMatch(/^pending:/);
      expect(await ledgerSum(db(), BigInt(p.accountId))).toBe("50");
      expect((await queue(clerk.token)).map((w) => w.id)).toContain(big.body.data.id);
      expect((await queue(clerk.token)).map((w) => w.id)).not.toContain(small.body.data.id);
    });

    it("approves once: the processor takes it; a second approval, a rejection and the player's cancel are refused", async () => {
      const clerk = await staffToken(ctx().app, db(), ["payments"]);
      const risk = await staffToken(ctx().app, db(), ["risk"]);
      const p = await playerWith("500");
      const { id } = (await withdraw(p.token, "400")).body.data;
      const ok = await as(risk.token, { url: `/api/admin/withdrawals/${id}/approve`, body: {} });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ review: "approved", status: 1, reviewedBy: String(risk.id) });
      expect((await rowOf(id)).providerRef).not.toMatch(/^pending:/);
      const again = await as(clerk.token, { url: `/api/admin/withdrawals/${id}/approve`, body: {} });
      expect([again.status, again.body.code]).toEqual([409, "withdrawal_decided"]);
      const reject = await as(clerk.token, {
        url: `/api/admin/withdrawals/${id}/reject`,
        body: { reason: "Too late" },
      });
      expect(reject.status).toBe(409);
      const cancel = await call({
        method: "PUT",
        url: `/api/payment/invoices/${id}/decline`,
        body: {},
        token: p.token,
      });
      expect(cancel.status).toBe(409);
      expect(await ledgerSum(db(), BigInt(p.accountId))).toBe("100");
      expect((await queue(clerk.token, "approved")).map((w) => w.id)).toContain(id);
    });

    it("rejects with the reason the player reads and gives the money back once", async () => {
      const clerk = await staffToken(ctx().app, db(), ["payments"]);
      const p = await playerWith("500");
      const { id } = (await withdraw(p.token, "400")).body.data;
      const short = await as(clerk.token, {
        url: `/api/admin/withdrawals/${id}/reject`,
        body: { reason: "" },
      });
      expect(short.status).toBe(422);
      expect(await ledgerSum(db(), BigInt(p.accountId))).toBe("100");
      const no = await as(clerk.token, {
        url: `/api/admin/withdrawals/${id}/reject`,
        body: { reason: "The card holder is not the account holder" },
      });
      expect(no.status).toBe(200);
      expect(no.body.data).toMatchObject({ review: "rejected", status: INVOICE_STATUS.failure });
      expect(await ledgerSum(db(), BigInt(p.accountId))).toBe("500");
      const mine = await call({ method: "GET", url: "/api/payment/invoices?type=2", token: p.token });
      expect(mine.body.data[0]).toMatchObject({
        id,
        status: INVOICE_STATUS.failure,
        failureReason: "The card holder is not the account holder",
      });
      const twice = await as(clerk.token, {
        url: `/api/admin/withdrawals/${id}/reject`,
        body: { reason: "Again" },
      });
      expect(twice.status).toBe(409);
      expect(await ledgerSum(db(), BigInt(p.accountId))).toBe("500");
      // A withdrawal that never needed review is not in the queue's calls.
      const small = (await withdraw(p.token, "20")).body.data.id;
      expect(
        (await as(clerk.token, { url: `/api/admin/withdrawals/${small}/approve`, body: {} })).status,
      ).toBe(404);
    });

    it("lets exactly one of six approvals, a rejection and the player's cancel win, the ledger balanced", async () => {
      for (let round = 0; round < 3; round++) {
        const approvers = await Promise.all(
          Array.from({ length: 7 }, () => staffToken(ctx().app, db(), ["payments"])),
        );
        const p = await playerWith("1000");
        const { id } = (await withdraw(p.token, "900")).body.data;
        const answers = await Promise.all([
          ...approvers
            .slice(0, 6)
            .map((a) => as(a.token, { url: `/api/admin/withdrawals/${id}/approve`, body: {} })),
          as(approvers[6]!.token, { url: `/api/admin/withdrawals/${id}/reject`, body: { reason: "Race" } }),
          call({ method: "PUT", url: `/api/payment/invoices/${id}/decline`, body: {}, token: p.token }),
        ]);
        const won = answers.filter((a) => a.status === 200);
        expect(won, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
        expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
        const row = await rowOf(id);
        const balance = await ledgerSum(db(), BigInt(p.accountId));
        if (row.status === INVOICE_STATUS.pending) {
          expect(row.review).toBe("approved");
          expect(row.providerRef).not.toMatch(/^pending:/);
          expect(balance).toBe("100");
        } else {
          expect(row.status).toBe(INVOICE_STATUS.failure);
          expect(balance).toBe("1000");
          const refunds = await db().execute(
            sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`invoice:${id}:refund`}`,
          );
          expect((refunds as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        }
      }
    });

    it("recovers a crash between approval and the processor, never fails one still waiting for review", async () => {
      const p = await playerWith("600");
      const waiting = (await withdraw(p.token, "200")).body.data.id;
      const approved = (await withdraw(p.token, "300")).body.data.id;
      const hourAgo = new Date(Date.now() - 3_600_000);
      await db()
        .update(invoices)
        .set({ createdAt: hourAgo })
        .where(eq(invoices.id, BigInt(waiting)));
      // As if the server stopped right after committing the approval, ten minutes ago.
      await db()
        .update(invoices)
        .set({ createdAt: hourAgo, review: "approved", reviewedAt: new Date(Date.now() - 600_000) })
        .where(eq(invoices.id, BigInt(approved)));
      const deps: PaymentDeps = {
        db: db(),
        clock: { now: () => new Date() },
        publisher: { publish: async () => undefined },
        processors: {},
        depositLimits: noDepositLimits,
      };
      expect(await failUnstartedInvoices(deps, 15 * 60_000)).toBe(0);
      expect(await failUnstartedInvoices(deps, 5 * 60_000)).toBe(1);
      expect((await rowOf(approved)).status).toBe(INVOICE_STATUS.failure);
      expect((await rowOf(waiting)).status).toBe(INVOICE_STATUS.pending);
      expect(await ledgerSum(db(), BigInt(p.accountId))).toBe("400");
    });

    it("flags unverified identity, unwagered deposits, new payment details, an active bonus, shared devices and addresses", async () => {
      const clerk = await staffToken(ctx().app, db(), ["risk"]);
      const p = await playerWith("500", { fingerprint: `fp-${Date.now()}` });
      // A paid withdrawal below the threshold with the card payee's details.
      const paid = (await withdraw(p.token, "50")).body.data.id;
      const ref = (await rowOf(paid)).providerRef;
      await ctx().app.inject({ method: "POST", url: `/api/payment/sandbox/sandbox/${ref}/approve` });
      expect((await rowOf(paid)).status).toBe(INVOICE_STATUS.success);

      const known = (await withdraw(p.token, "150")).body.data.id;
      const fresh = (await withdraw(p.token, "150", { ...CARD_PAYEE, firstName: "Other" })).body.data.id;
      expect((await flagsOf(clerk.token, fresh)).sort()).toEqual([
        "deposits_not_wagered",
        "identity_not_verified",
        "new_payment_details",
      ]);
      expect((await flagsOf(clerk.token, known)).sort()).toEqual([
        "deposits_not_wagered",
        "identity_not_verified",
      ]);

      // Verified, and staked the deposit since: those two go.
      await applyReview(db(), "sandbox", {
        externalUserId: p.playerId,
        status: "verified",
        reason: null,
        at: new Date(),
      });
      await post(db(), {
        accountId: BigInt(p.accountId),
        amount: "-100",
        counterparty: house.provider("house"),
        kind: "bet",
        reference: "round:test",
        idempotencyKey: `bet:${p.accountId}`,
      });
      await post(db(), {
        accountId: BigInt(p.accountId),
        amount: "100",
        counterparty: house.provider("house"),
        kind: "win",
        reference: "round:test",
        idempotencyKey: `win:${p.accountId}`,
      });
      // Staked 100 of 500 before the withdrawal: a stake placed after it does not count for it.
      expect(await flagsOf(clerk.token, known)).toEqual(["deposits_not_wagered"]);
      await db()
        .update(invoices)
        .set({ createdAt: new Date(Date.now() + 60_000) })
        .where(eq(invoices.id, BigInt(known)));
      for (const round of [1, 2, 3]) {
        await post(db(), {
          accountId: BigInt(p.accountId),
          amount: "-150",
          counterparty: house.provider("house"),
          kind: "bet",
          reference: `round:${round}`,
          idempotencyKey: `bet:${round}:${p.accountId}`,
        });
        await post(db(), {
          accountId: BigInt(p.accountId),
          amount: "150",
          counterparty: house.provider("house"),
          kind: "win",
          reference: `round:${round}`,
          idempotencyKey: `win:${round}:${p.accountId}`,
        });
      }
      expect(await flagsOf(clerk.token, known)).toEqual([]);

      // A bonus activated on the account while it waits (one active at creation is refused).
      const [bonus] = await db()
        .insert(playerBonuses)
        .values({
          playerId: BigInt(p.playerId),
          accountId: BigInt(p.accountId),
          currency: "USD",
          kind: "manual",
          name: "Test bonus",
          status: PLAYER_BONUS_STATUS.active,
          sourceRef: `test:${p.accountId}`,
          amount: "1",
          wageringRequired: "10",
          contribution: {},
        } as typeof playerBonuses.$inferInsert)
        .returning();
      expect(await flagsOf(clerk.token, known)).toEqual(["active_bonus"]);
      await db()
        .update(playerBonuses)
        .set({ status: PLAYER_BONUS_STATUS.finished, result: PLAYER_BONUS_RESULT.canceled })
        .where(eq(playerBonuses.id, bonus!.id));
      expect(await flagsOf(clerk.token, known)).toEqual([]);

      // Another player on the same device, then from the same address.
      const [mine] = await db()
        .select()
        .from(playerSessions)
        .where(eq(playerSessions.playerId, BigInt(p.playerId)));
      const other = await register();
      await db()
        .update(playerSessions)
        .set({ fingerprint: mine!.fingerprint })
        .where(eq(playerSessions.playerId, BigInt(other.profile.id)));
      expect(await flagsOf(clerk.token, known)).toEqual(["shared_device"]);
      await db()
        .update(playerSessions)
        .set({ fingerprint: null, ip: mine!.ip })
        .where(eq(playerSessions.playerId, BigInt(other.profile.id)));
      expect(await flagsOf(clerk.token, known)).toEqual(["shared_address"]);
    });

    it("sets a method's bounds per currency: the methods list shows them, invoices keep to them; reset restores", async () => {
      const clerk = await staffToken(ctx().app, db(), ["payments"]);
      const risk = await staffToken(ctx().app, db(), ["risk"]);
      const p = await playerWith("500");
      const set = (token: string, body: object) =>
        as(token, { method: "PUT", url: "/api/admin/payment-methods/limits", body });
      const methods = async () =>
        (await call({ method: "GET", url: "/api/payment/methods/withdrawal?currency=USD", token: p.token }))
          .body.methods as { code: string; minAmount: string; maxAmount: string }[];
      const card = async () => (await methods()).find((m) => m.code === "sandbox.withdrawal.card")!;
      expect(await card()).toMatchObject({ minAmount: "20", maxAmount: "5000" });

      expect(
        (await set(risk.token, { method: "sandbox.withdrawal.card", currency: "USD", min: "30", max: "60" }))
          .status,
      ).toBe(403);
      for (const bad of [
        { method: "sandbox.withdrawal.card", currency: "USD", min: "70", max: "60" },
        { method: "sandbox.withdrawal.card", currency: "USD", min: "0", max: "60" },
        { method: "no.such.method", currency: "USD", min: "30", max: "60" },
        { method: "sandbox.withdrawal.card", currency: "BDT", min: "30", max: "60" },
        { method: "sandbox.withdrawal.card", currency: "USD", min: "30" },
      ]) {
        expect((await set(clerk.token, bad)).status, JSON.stringify(bad)).toBe(422);
      }
      expect(await card()).toMatchObject({ minAmount: "20", maxAmount: "5000" });

      const ok = await set(clerk.token, {
        method: "sandbox.withdrawal.card",
        currency: "USD",
        min: "30",
        max: "60",
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data.limits.find((l: { currency: string }) => l.currency === "USD")).toMatchObject({
        min: "30",
        max: "60",
        catalogueMin: "20",
        catalogueMax: "5000",
        custom: true,
      });
      expect(await card()).toMatchObject({ minAmount: "30", maxAmount: "60" });
      for (const amount of ["25", "61"]) {
        const refused = await withdraw(p.token, amount);
        expect(refused.status).toBe(422);
        expect(refused.body.errors.amount).toEqual(["The amount must be between 30 and 60 USD"]);
      }
      expect(await ledgerSum(db(), BigInt(p.accountId))).toBe("500");
      expect((await withdraw(p.token, "60")).status).toBe(201);

      const reset = await set(clerk.token, {
        method: "sandbox.withdrawal.card",
        currency: "USD",
        reset: true,
      });
      expect(reset.status).toBe(200);
      expect(await card()).toMatchObject({ minAmount: "20", maxAmount: "5000" });
      expect((await withdraw(p.token, "25")).status).toBe(201);
    });
  },
  { env: { WITHDRAWAL_REVIEW_ABOVE: "100" } },
);
