import { eq, gt, sql } from "drizzle-orm";
import fc from "fast-check";
import { expect, it } from "vitest";
import { ROLES, type Role } from "#common/api/admin";
import { apiErrorBody } from "#common/api/error-body";
import type { Db } from "../../db/client";
import { describeEachDb } from "../../test/harness";
import { apiOperations, type Operation, operationName, validRequest } from "../../test/openapi";
import { playerDocuments } from "../documents/tables";
import { caller } from "../player/test-support";
import { tradingBook } from "../sportsbook/book";
import { sportTradingHolds } from "../sportsbook/tables";
import { ControlledFeed, matchEvent } from "../sportsbook/test-support";
import { allows, PERMISSION_NAMES, type Permission } from "./permissions";
import { adminAudit, balanceAdjustments } from "./tables";
import { newStaff, staffToken } from "./test-support";

const adminOps = async (app: Parameters<typeof apiOperations>[0]) =>
  (await apiOperations(app)).filter((op) => op.path.startsWith("/api/admin/"));

/** A request the schemas accept, aimed at nothing that exists (ids 999999): it may reach the rules, not harm. */
function harmless(op: Operation) {
  const req = fc.sample(validRequest(op), { numRuns: 1, seed: 21 })[0]!;
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === "path")) path = path.replace(`{${p.name}}`, "999999");
  const query = new URL(req.url, "http://x").search;
  return { ...req, url: `${path}${query}` };
}

/** The sportsbook's feed for the trading calls: each audited call gets fresh events (decision 0022). */
const feed = new ControlledFeed();
let nextEvent = 880_000;

/** A fresh event, and another one held whole and on its 1x2 market, with a feed result on its total. */
async function tradingFixture(db: Db) {
  const fresh = feed.setEvent(matchEvent(nextEvent++)).id;
  const held = feed.setEvent(matchEvent(nextEvent++)).id;
  feed.pushResult(
    held,
    { "total:2.5": { [`${held}:total:2.5:over`]: "won", [`${held}:total:2.5:under`]: "lost" } },
    { keepOpen: true },
  );
  await db.insert(sportTradingHolds).values([
    { eventId: held, marketId: "" },
    { eventId: held, marketId: "1x2" },
  ]);
  await tradingBook(feed).load(db);
  return { freshEventId: fresh, heldEventId: held };
}

describeEachDb(
  "back-office permissions",
  (ctx) => {
    const { register } = caller(() => ctx().app);

    it("names a permission on every admin call but the two sign-in steps, each one the matrix knows", async () => {
      const ops = await adminOps(ctx().app);
      expect(ops.length).toBeGreaterThanOrEqual(12);
      const open = ops.filter((op) => op.auth !== "staff").map(operationName);
      expect(open.sort()).toEqual(["POST /api/admin/session", "POST /api/admin/session/verify"]);
      for (const op of ops.filter((o) => o.auth === "staff"))
        expect([...PERMISSION_NAMES, "signed-in"], operationName(op)).toContain(op.permission);
    });

    it("opens every admin call to exactly the roles the matrix gives, and to no player and no guest", async () => {
      const { app, database } = ctx();
      const tokens = {} as Record<Role, string>;
      for (const role of ROLES) tokens[role] = (await staffToken(app, database.db, [role])).token;
      const player = (await register()).accessToken;
      // Signing out ends the session the other calls use: it goes last.
      const ops = (await adminOps(app))
        .filter((op) => op.auth === "staff")
        .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
      const problems: string[] = [];
      let allowed = 0;
      for (const op of ops) {
        const req = harmless(op);
        const send = async (token?: string) => {
          const res = await app.inject({
            method: req.method,
            url: req.url,
            headers: { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          const body = res.body ? apiErrorBody.safeParse(res.json()) : undefined;
          return { status: res.statusCode, code: body?.success ? body.data.code : undefined };
        };
        for (const [who, token] of [
          ["no token", undefined],
          ["a player's token", player],
        ] as const) {
          const res = await send(token);
          if (res.status !== 401 || res.code !== "unauthorized")
            problems.push(`${operationName(op)} with ${who}: ${res.status} ${res.code}`);
        }
        for (const role of ROLES) {
          const may = op.permission === "signed-in" || allows([role], op.permission as Permission);
          const res = await send(tokens[role]);
          if (may) allowed++;
          if (may && (res.status === 401 || res.status === 403 || res.status >= 500))
            problems.push(`${operationName(op)} as ${role}: refused ${res.status}, the matrix allows it`);
          if (!may && (res.status !== 403 || res.code !== "forbidden"))
            problems.push(`${operationName(op)} as ${role}: ${res.status}, the matrix refuses it (403)`);
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
      // The check can fail both ways: some calls were allowed, and some refused.
      expect(allowed).toBeGreaterThan(ops.length);
      expect(allowed).toBeLessThan(ops.length * ROLES.length);
    });

    /**
     * How to make each mutating admin call succeed, given a fresh player and staff member to act on. A new
     * mutating call must be added here, or the test fails: each one must be shown to leave its audit record.
     */
    const SUCCEEDS: Record<
      string,
      (f: {
        playerId: string;
        staffId: number;
        accountId: string;
        pendingAdjustmentId: string;
        pendingDocumentId: string;
        freshEventId: number;
        heldEventId: number;
      }) => {
        url: string;
        body?: unknown;
        targetType: string;
        targetId: string | null;
      }
    > = {
      "POST /api/admin/staff": () => ({
        url: "/api/admin/staff",
        body: {
          email: `new${Date.now()}@example.com`,
          name: "New staff",
          password: "a-long-password-1",
          roles: ["support"],
        },
        targetType: "staff",
        targetId: null,
      }),
      "PATCH /api/admin/staff/{id}": (f) => ({
        url: `/api/admin/staff/${f.staffId}`,
        body: { roles: ["support", "risk"] },
        targetType: "staff",
        targetId: String(f.staffId),
      }),
      "POST /api/admin/players/{id}/status": (f) => ({
        url: `/api/admin/players/${f.playerId}/status`,
        body: { status: "blocked", reason: "chargeback investigation" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/players/{id}/logout": (f) => ({
        url: `/api/admin/players/${f.playerId}/logout`,
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/players/{id}/notes": (f) => ({
        url: `/api/admin/players/${f.playerId}/notes`,
        body: { body: "Called about a delayed withdrawal." },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/adjustments": (f) => ({
        url: "/api/admin/adjustments",
        body: { accountId: f.accountId, amount: "5", reason: "Goodwill" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/adjustments/{id}/approve": (f) => ({
        url: `/api/admin/adjustments/${f.pendingAdjustmentId}/approve`,
        body: {},
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/adjustments/{id}/reject": (f) => ({
        url: `/api/admin/adjustments/${f.pendingAdjustmentId}/reject`,
        body: {},
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/documents/{id}/review": (f) => ({
        url: `/api/admin/documents/${f.pendingDocumentId}/review`,
        body: { decision: "declined", reason: "Blurred: the number cannot be read" },
        targetType: "player",
        targetId: f.playerId,
      }),
      "POST /api/admin/trading/events/{eventId}/suspend": (f) => ({
        url: `/api/admin/trading/events/${f.freshEventId}/suspend`,
        targetType: "sport_event",
        targetId: String(f.freshEventId),
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/suspend": (f) => ({
        url: `/api/admin/trading/events/${f.freshEventId}/markets/1x2/suspend`,
        targetType: "sport_market",
        targetId: `${f.freshEventId}:1x2`,
      }),
      "POST /api/admin/trading/events/{eventId}/resume": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/resume`,
        targetType: "sport_event",
        targetId: String(f.heldEventId),
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/resume": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/markets/1x2/resume`,
        targetType: "sport_market",
        targetId: `${f.heldEventId}:1x2`,
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/settle": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/markets/1x2/settle`,
        body: { winners: [`${f.heldEventId}:1x2:draw`] },
        targetType: "sport_market",
        targetId: `${f.heldEventId}:1x2`,
      }),
      "POST /api/admin/trading/events/{eventId}/markets/{marketId}/resettle": (f) => ({
        url: `/api/admin/trading/events/${f.heldEventId}/markets/total:2.5/resettle`,
        body: { winners: [`${f.heldEventId}:total:2.5:under`] },
        targetType: "sport_market",
        targetId: `${f.heldEventId}:total:2.5`,
      }),
    };
    /** Mutating calls that change only the caller's own session: no audit record (sign-out). */
    const NOT_AUDITED = ["DELETE /api/admin/session"];

    it("leaves exactly one audit record, with actor, target, before and after, for every mutating admin call", async () => {
      const { app, database } = ctx();
      const admin = await staffToken(app, database.db, ["admin"]);
      const mutating = (await adminOps(app)).filter((op) => op.auth === "staff" && op.method !== "GET");
      const names = mutating.map(operationName).filter((n) => !NOT_AUDITED.includes(n));
      expect(
        names.filter((n) => !SUCCEEDS[n]),
        "add these to SUCCEEDS",
      ).toEqual([]);
      for (const name of names) {
        const { profile, accessToken } = await register();
        const account = await app.inject({
          method: "POST",
          url: "/api/wallet/accounts",
          headers: { authorization: `Bearer ${accessToken}` },
          payload: { currency: "USD" },
        });
        const other = await newStaff(database.db, ["support"]);
        // A pending adjustment another member asked for, to approve or reject.
        const [pending] = await database.db
          .insert(balanceAdjustments)
          .values({
            playerId: BigInt(profile.id),
            accountId: BigInt(account.json().data.id),
            currency: "USD",
            amount: "500",
            reason: "Compensation",
            status: "pending",
            requestedBy: other.id,
          })
          .returning();
        const [document] = await database.db
          .insert(playerDocuments)
          .values({
            playerId: BigInt(profile.id),
            type: "id",
            name: "passport.png",
            storageKey: `audit-test-${profile.id}-${name.length}`,
            contentType: "image/png",
            size: 10,
          })
          .returning();
        const call = SUCCEEDS[name]!({
          playerId: String(profile.id),
          staffId: other.id,
          accountId: account.json().data.id,
          pendingAdjustmentId: String(pending!.id),
          pendingDocumentId: String(document!.id),
          ...(await tradingFixture(database.db)),
        });
        const [mark] = await database.db
          .select({ id: sql<string>`coalesce(max(${adminAudit.id}), 0)::text` })
          .from(adminAudit);
        const res = await app.inject({
          method: name.split(" ")[0] as "POST",
          url: call.url,
          headers: { authorization: `Bearer ${admin.token}` },
          ...(call.body !== undefined ? { payload: call.body as object } : {}),
        });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        const fresh = await database.db
          .select()
          .from(adminAudit)
          .where(gt(adminAudit.id, BigInt(mark!.id)))
          .orderBy(adminAudit.id);
        expect(fresh, name).toHaveLength(1);
        const record = fresh[0]!;
        expect(record.staffId, name).toBe(admin.id);
        expect(record.targetType, name).toBe(call.targetType);
        if (call.targetId !== null) expect(record.targetId, name).toBe(call.targetId);
        else expect(record.targetId, name).toBeNull();
        expect(record.after, name).not.toBeNull();
        expect(record.ip, name).toBeTruthy();
      }
    });

    it("keeps the audit trail append-only: no update, no delete", async () => {
      const { database } = ctx();
      const [row] = await database.db.select().from(adminAudit).limit(1);
      expect(row).toBeDefined();
      await expect(
        database.db.update(adminAudit).set({ action: "rewritten" }).where(eq(adminAudit.id, row!.id)),
      ).rejects.toThrow();
      await expect(database.db.delete(adminAudit).where(eq(adminAudit.id, row!.id))).rejects.toThrow();
      const [again] = await database.db.select().from(adminAudit).where(eq(adminAudit.id, row!.id));
      expect(again?.action).toBe(row!.action);
    });
  },
  { oddsFeed: feed },
);
