import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { BONUS_CODE_STATUS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { bonusCodes, bonusDefinitions, playerBonuses } from "../bonus/tables";
import { caller } from "../player/test-support";
import { adminAudit } from "../staff/tables";
import { staffToken } from "../staff/test-support";

/** Bonus codes made in the back office (decision 0024) and redeemed through the player's own call. */
describeEachDb("back-office promotions: bonus codes", (ctx, kind) => {
  const { call, register } = caller(() => ctx().app);
  const db = () => ctx().database.db;
  let marketing: string;
  const staff = async () => {
    marketing ??= (await staffToken(ctx().app, db(), ["marketing"])).token;
    return marketing;
  };
  const admin = async (method: "GET" | "POST" | "PATCH", url: string, body?: unknown) =>
    call({ method, url: `/api/admin${url}`, body, token: await staff() });
  const bonusId = async (pageIdentity: string) =>
    String(
      (await db().select().from(bonusDefinitions).where(eq(bonusDefinitions.pageIdentity, pageIdentity)))[0]!
        .id,
    );
  async function newPlayer() {
    const { accessToken: token, profile } = await register();
    const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
    expect(opened.status).toBe(201);
    return { token, playerId: BigInt(profile.id) };
  }
  const redeem = async (token: string, bonusCode: string) =>
    (await call({ url: "/api/game/bonuses/bonuscodes", body: { bonusCode, trigger: "manual" }, token })).body
      .data.status as number;
  const codeCount = async () => Number((await db().select({ n: sql`count(*)` }).from(bonusCodes))[0]!.n);
  let seq = 0;
  const fresh = () => `${kind.toUpperCase()}${Date.now().toString(36).toUpperCase()}${++seq}`;

  it("creates a code a player redeems once, within its total uses, and lists its redemptions", async () => {
    const code = fresh();
    const made = await admin("POST", "/promotions/codes", {
      code: code.toLowerCase(),
      bonusId: await bonusId("code-welcome10"),
      usageLimit: 2,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      code,
      trigger: "manual",
      usageLimit: 2,
      usedCount: 0,
      isEnabled: true,
    });
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()];
    expect(await redeem(a.token, code.toLowerCase())).toBe(BONUS_CODE_STATUS.applied);
    // Once per player, and two in total.
    expect(await redeem(a.token, code)).toBe(BONUS_CODE_STATUS.notAvailable);
    expect(await redeem(b.token, code)).toBe(BONUS_CODE_STATUS.applied);
    expect(await redeem(c.token, code)).toBe(BONUS_CODE_STATUS.notAvailable);
    const given = await db().select().from(playerBonuses).where(eq(playerBonuses.playerId, a.playerId));
    expect(given.map((g) => [g.kind, Number(g.amount)])).toEqual([["code", 10]]);
    const listed = await admin("GET", `/promotions/codes?q=${code}`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ code, usedCount: 2, usageLimit: 2 });
    expect(listed.body.data[0].bonus.name).toBe("10 USD bonus");
  });

  it("refuses a code outside its validity window, and one switched off (what was redeemed stays)", async () => {
    const id = await bonusId("code-welcome10");
    const hour = 3_600_000;
    const later = fresh();
    const past = fresh();
    const off = fresh();
    await admin("POST", "/promotions/codes", {
      code: later,
      bonusId: id,
      validFrom: new Date(Date.now() + hour).toISOString(),
    });
    await admin("POST", "/promotions/codes", {
      code: past,
      bonusId: id,
      validFrom: new Date(Date.now() - 2 * hour).toISOString(),
      validTo: new Date(Date.now() - hour).toISOString(),
    });
    const made = await admin("POST", "/promotions/codes", { code: off, bonusId: id });
    const p = await newPlayer();
    expect(await redeem(p.token, later)).toBe(BONUS_CODE_STATUS.notAvailable);
    expect(await redeem(p.token, past)).toBe(BONUS_CODE_STATUS.notAvailable);
    expect(await redeem(p.token, off)).toBe(BONUS_CODE_STATUS.applied);
    const switched = await admin("PATCH", `/promotions/codes/${made.body.data.id}`, { isEnabled: false });
    expect(switched.body.data).toMatchObject({ isEnabled: false, usedCount: 1 });
    expect(await redeem((await newPlayer()).token, off)).toBe(BONUS_CODE_STATUS.incorrect);
    const audit = await db().select().from(adminAudit).where(eq(adminAudit.targetId, made.body.data.id));
    const change = audit.find((r) => r.action === "bonus_code.change")!;
    expect(change.before).toMatchObject({ isEnabled: true });
    expect(change.after).toMatchObject({ isEnabled: false });
    const disabled = await admin("GET", `/promotions/codes?q=${off}&status=disabled`);
    expect(disabled.body.data.map((c: { code: string }) => c.code)).toEqual([off]);
  });

  it("gives a single-use code to exactly one of many players racing for it", async () => {
    const code = fresh();
    await admin("POST", "/promotions/codes", {
      code,
      bonusId: await bonusId("code-welcome10"),
      usageLimit: 1,
    });
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer()));
    const statuses = await Promise.all(players.map((p) => redeem(p.token, code)));
    expect(statuses.filter((s) => s === BONUS_CODE_STATUS.applied)).toHaveLength(1);
    expect(statuses.filter((s) => s === BONUS_CODE_STATUS.notAvailable)).toHaveLength(5);
    const [row] = await db().select().from(bonusCodes).where(eq(bonusCodes.code, code));
    expect(row!.usedCount).toBe(1);
    const given = await db()
      .select()
      .from(playerBonuses)
      .where(
        sql`${playerBonuses.sourceRef} like 'code:%' and ${playerBonuses.playerId} in (${sql.join(
          players.map((p) => sql`${p.playerId}`),
          sql`, `,
        )})`,
      );
    expect(given).toHaveLength(1);
  });

  it("generates a batch of unique random codes with the prefix, downloadable as CSV, each redeemable once", async () => {
    const prefix = `B${kind.slice(0, 2).toUpperCase()}-`;
    const id = await bonusId("freespins-20");
    const first = await admin("POST", "/promotions/codes/bulk", {
      prefix,
      count: 300,
      length: 6,
      bonusId: id,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await admin("POST", "/promotions/codes/bulk", {
      prefix,
      count: 300,
      length: 6,
      bonusId: id,
    });
    expect(first.body.data.count).toBe(300);
    const codes = await db()
      .select()
      .from(bonusCodes)
      .where(sql`${bonusCodes.code} like ${`${prefix}%`}`);
    expect(codes).toHaveLength(600);
    expect(new Set(codes.map((c) => c.code)).size).toBe(600);
    for (const c of codes) {
      expect(c.code).toMatch(/^B[A-Z]{2}-[A-HJKMNP-Z2-9]{6}$/);
      expect(c.usageLimit).toBe(1);
      expect([first.body.data.batch, second.body.data.batch]).toContain(c.batch);
    }
    const csv = await ctx().app.inject({
      method: "GET",
      url: `/api/admin/promotions/codes/export?batch=${first.body.data.batch}`,
      headers: { authorization: `Bearer ${await staff()}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("attachment");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("code,bonus,trigger,usage_limit,used,valid_from,valid_to,enabled");
    expect(lines).toHaveLength(301);
    const one = lines[1]!.split(",")[0]!;
    // One audit record for the whole batch.
    const audit = await db().select().from(adminAudit).where(eq(adminAudit.targetId, first.body.data.batch));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ count: 300, prefix });
    // A batch code gives its free spins once.
    const p = await newPlayer();
    expect(await redeem(p.token, one)).toBe(BONUS_CODE_STATUS.applied);
    expect(await redeem((await newPlayer()).token, one)).toBe(BONUS_CODE_STATUS.notAvailable);
  });

  it("refuses nonsense and changes nothing: wrong bonus for the trigger, a window backwards, a taken code", async () => {
    const before = await codeCount();
    const fixed = await bonusId("code-welcome10");
    const refused = [
      { code: fresh(), bonusId: await bonusId("daily-cashback") },
      { code: fresh(), bonusId: await bonusId("weekend-reload") },
      { code: fresh(), bonusId: fixed, trigger: "deposit" },
      { code: "A B", bonusId: fixed },
      { code: fresh(), bonusId: fixed, usageLimit: 0 },
      { code: fresh(), bonusId: fixed, validFrom: "2026-12-02T00:00:00Z", validTo: "2026-12-01T00:00:00Z" },
    ];
    for (const body of refused) {
      const res = await admin("POST", "/promotions/codes", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await admin("POST", "/promotions/codes", { code: "welcome10", bonusId: fixed })).status).toBe(
      409,
    );
    expect((await admin("POST", "/promotions/codes", { code: fresh(), bonusId: "999999" })).status).toBe(404);
    expect(
      (await admin("POST", "/promotions/codes/bulk", { prefix: "X", count: 10_001, bonusId: fixed })).status,
    ).toBe(422);
    const deposit = await admin("POST", "/promotions/codes", {
      code: fresh(),
      bonusId: await bonusId("weekend-reload"),
      trigger: "deposit",
    });
    expect(deposit.status).toBe(200);
    expect(await codeCount()).toBe(before + 1);
  });

  it("lets support read codes but not make them", async () => {
    const support = (await staffToken(ctx().app, db(), ["support"])).token;
    const read = await call({ method: "GET", url: "/api/admin/promotions/codes", token: support });
    expect(read.status).toBe(200);
    const write = await call({
      url: "/api/admin/promotions/codes",
      body: { code: fresh(), bonusId: await bonusId("code-welcome10") },
      token: support,
    });
    expect(write.status).toBe(403);
  });
});
