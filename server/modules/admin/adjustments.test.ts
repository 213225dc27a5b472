import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { caller } from "../player/test-support";
import { adminAudit } from "../staff/tables";
import { staffToken } from "../staff/test-support";
import { ledgerSum } from "../wallet";
import { balanceAdjustments } from "./tables";

describeEachDb(
  "back office: manual balance adjustments",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const as = (token: string, c: Parameters<typeof call>[0]) =>
      call({ ...c, headers: { authorization: `Bearer ${token}`, ...c.headers } });

    async function playerWithUsd() {
      const { accessToken, profile } = await register();
      const opened = await call({
        url: "/api/wallet/accounts",
        body: { currency: "USD" },
        token: accessToken,
      });
      return { token: accessToken, playerId: String(profile.id), accountId: opened.body.data.id as string };
    }
    const balanceOf = async (accountId: string) => ledgerSum(ctx().database.db, BigInt(accountId));
    const adjust = (token: string, accountId: string, amount: string, reason = "Goodwill for a lost round") =>
      as(token, { url: "/api/admin/adjustments", body: { accountId, amount, reason } });

    it("applies an adjustment at or below the threshold at once, through the ledger, with its audit record", async () => {
      const clerk = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const p = await playerWithUsd();
      const res = await adjust(clerk.token, p.accountId, "25.50");
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: "applied", amount: "25.5", currency: "USD" });
      expect(await balanceOf(p.accountId)).toBe("25.5");
      const wallet = await call({ method: "GET", url: "/api/wallet/accounts", token: p.token });
      expect(wallet.body.data[0].balance).toBe("25.5");
      const audit = await ctx()
        .database.db.select()
        .from(adminAudit)
        .where(eq(adminAudit.action, "adjustment.request"));
      expect(audit.some((a) => a.targetId === p.playerId && a.staffId === clerk.id)).toBe(true);
      // A debit larger than the balance changes nothing.
      const over = await adjust(clerk.token, p.accountId, "-30");
      expect(over.status).toBe(409);
      expect(over.body.code).toBe("not_enough_money");
      expect(await balanceOf(p.accountId)).toBe("25.5");
      expect((await adjust(clerk.token, p.accountId, "-25.5")).status).toBe(200);
      expect(await balanceOf(p.accountId)).toBe("0");
    });

    it("holds one above the threshold for a second staff member: not the one who asked; approved once", async () => {
      const clerk = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const second = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const p = await playerWithUsd();
      const asked = await adjust(clerk.token, p.accountId, "250", "Compensation for an outage");
      expect(asked.status).toBe(200);
      expect(asked.body.data.status).toBe("pending");
      expect(await balanceOf(p.accountId)).toBe("0");
      const id = asked.body.data.id;
      const own = await as(clerk.token, { url: `/api/admin/adjustments/${id}/approve`, body: {} });
      expect(own.status).toBe(403);
      const ok = await as(second.token, { url: `/api/admin/adjustments/${id}/approve`, body: {} });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ status: "applied", decidedBy: String(second.id) });
      expect(await balanceOf(p.accountId)).toBe("250");
      const again = await as(second.token, { url: `/api/admin/adjustments/${id}/reject`, body: {} });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("adjustment_decided");
      expect(await balanceOf(p.accountId)).toBe("250");
      const pending = await as(clerk.token, { method: "GET", url: "/api/admin/adjustments?status=pending" });
      expect(pending.body.data.map((a: { id: string }) => a.id)).not.toContain(id);
    });

    it("pays a large adjustment exactly once when several staff approve it at the same moment", async () => {
      const clerk = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const approvers = await Promise.all(
        Array.from({ length: 6 }, () => staffToken(ctx().app, ctx().database.db, ["payments"])),
      );
      const p = await playerWithUsd();
      const { id } = (await adjust(clerk.token, p.accountId, "1000", "Jackpot paid by hand")).body.data;
      const answers = await Promise.all(
        approvers.map((a) => as(a.token, { url: `/api/admin/adjustments/${id}/approve`, body: {} })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
      expect(await balanceOf(p.accountId)).toBe("1000");
    });

    it("rejects a pending adjustment: nothing moves", async () => {
      const clerk = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const second = await staffToken(ctx().app, ctx().database.db, ["admin"]);
      const p = await playerWithUsd();
      const { id } = (await adjust(clerk.token, p.accountId, "500")).body.data;
      const no = await as(second.token, { url: `/api/admin/adjustments/${id}/reject`, body: {} });
      expect(no.status).toBe(200);
      expect(no.body.data.status).toBe("rejected");
      expect((await as(second.token, { url: `/api/admin/adjustments/${id}/approve`, body: {} })).status).toBe(
        409,
      );
      expect(await balanceOf(p.accountId)).toBe("0");
    });

    it("counts what one staff member applied to a player without approval in 24 h against the threshold", async () => {
      const clerk = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const other = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const p = await playerWithUsd();
      const q = await playerWithUsd();
      const status = async (token: string, accountId: string, amount: string) =>
        (await adjust(token, accountId, amount)).body.data.status as string;
      // 60 + 40 reach the threshold (100) and apply; a debit counts by its size, so 60 + 50 waits.
      expect(await status(clerk.token, p.accountId, "60")).toBe("applied");
      expect(await status(clerk.token, p.accountId, "-50")).toBe("pending");
      expect(await status(clerk.token, p.accountId, "40")).toBe("applied");
      expect(await status(clerk.token, p.accountId, "10")).toBe("pending");
      expect(await status(clerk.token, p.accountId, "-0.01")).toBe("pending");
      expect(await balanceOf(p.accountId)).toBe("100");
      // Another staff member has their own count; the same clerk has another for another player.
      expect(await status(other.token, p.accountId, "50")).toBe("applied");
      expect(await status(clerk.token, q.accountId, "100")).toBe("applied");
      // What a second member approved does not count as moved alone.
      const waiting = (await adjust(clerk.token, q.accountId, "30")).body.data;
      expect(waiting.status).toBe("pending");
      await as(other.token, { url: `/api/admin/adjustments/${waiting.id}/approve`, body: {} });
      expect(await balanceOf(q.accountId)).toBe("130");
      expect(await status(clerk.token, q.accountId, "1")).toBe("pending");
      // Once the clerk's direct adjustments of p are more than 24 h old, they no longer count.
      await ctx()
        .database.db.update(balanceAdjustments)
        .set({ decidedAt: sql`now() - interval '24 hours 1 minute'` })
        .where(
          and(
            eq(balanceAdjustments.playerId, BigInt(p.playerId)),
            eq(balanceAdjustments.requestedBy, clerk.id),
            eq(balanceAdjustments.status, "applied"),
          ),
        );
      expect(await status(clerk.token, p.accountId, "100")).toBe("applied");
      expect(await balanceOf(p.accountId)).toBe("250");
    });

    it("20 adjustments of 100 sent at once by one staff member: one applies, the rest wait", {
      timeout: 60_000,
    }, async () => {
      const clerk = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      for (let round = 0; round < 5; round++) {
        const p = await playerWithUsd();
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => adjust(clerk.token, p.accountId, "100", "Goodwill, split up")),
        );
        expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
        const statuses = answers.map((a) => a.body.data.status as string);
        expect(statuses.filter((s) => s === "applied")).toHaveLength(1);
        expect(statuses.filter((s) => s === "pending")).toHaveLength(19);
        expect(await balanceOf(p.accountId)).toBe("100");
      }
    });

    it("refuses a zero amount, a malformed one and an unknown account, and records nothing", async () => {
      const clerk = await staffToken(ctx().app, ctx().database.db, ["payments"]);
      const p = await playerWithUsd();
      for (const amount of ["0", "-0.00", "1e3", "12.5.1", ""])
        expect((await adjust(clerk.token, p.accountId, amount)).status, amount).toBe(422);
      expect((await adjust(clerk.token, "999999999", "5")).status).toBe(404);
      const mine = await as(clerk.token, { method: "GET", url: "/api/admin/adjustments" });
      expect(mine.body.data.filter((a: { accountId: string }) => a.accountId === p.accountId)).toEqual([]);
    });
  },
  { env: { ADMIN_ADJUSTMENT_APPROVAL_ABOVE: "100" } },
);
