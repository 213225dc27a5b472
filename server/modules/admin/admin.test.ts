import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { adjustableClock } from "../../lib/clock";
import { createTestApp, dbKinds, describeEachDb } from "../../test/harness";
import { applyReview } from "../documents/test-support";
import { caller } from "../player/test-support";
import { adminAudit, staff } from "../staff/tables";
import { newStaff, STAFF_PASSWORD, signInStaff, staffToken, totpCode } from "../staff/test-support";

const clock = adjustableClock();

describeEachDb(
  "back office: staff sign-in and the player page",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const admin = (token: string, c: Parameters<typeof call>[0]) =>
      call({ ...c, headers: { authorization: `Bearer ${token}`, ...c.headers } });
    const me = (token?: string) => call({ method: "GET", url: "/api/admin/me", token });
    const password = (email: string, pw = STAFF_PASSWORD) =>
      call({ url: "/api/admin/session", body: { email, password: pw } });
    const verify = (body: Record<string, unknown>) => call({ url: "/api/admin/session/verify", body });
    /** The next 30-second step: a code accepted once is never accepted again, so each sign-in takes a new one. */
    const nextStep = () => clock.advance(30_000);

    it("signs in with a password and then a second factor enrolled on first sign-in, never with the password alone", async () => {
      const row = await newStaff(ctx().database.db, ["support"]);
      const first = await password(row.email);
      expect(first.status).toBe(200);
      const { challenge, enrol } = first.body.data;
      expect(enrol.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      // The challenge is not a session.
      expect((await me(challenge)).status).toBe(401);
      expect((await verify({ challenge, code: "000000" })).status).toBe(422);
      const ok = await verify({ challenge, code: totpCode(enrol.secret, clock.now()) });
      expect(ok.status).toBe(200);
      expect(ok.body.data.recoveryCodes).toHaveLength(10);
      expect(ok.body.data.staff).toMatchObject({ email: row.email, roles: ["support"] });
      expect(ok.body.data.staff.permissions).toContain("players.read");
      expect(ok.body.data.staff.permissions).not.toContain("staff.manage");
      const whoami = await me(ok.body.data.token);
      expect(whoami.status).toBe(200);
      expect(whoami.body.data.email).toBe(row.email);
      // The secret is kept sealed, not as the app shows it.
      const [stored] = await ctx().database.db.select().from(staff).where(eq(staff.id, row.id));
      expect(stored!.totpSecret).toMatch(/^v1\./);
      expect(stored!.totpSecret).not.toContain(enrol.secret);

      // Enrolled: the next sign-in asks for a code from the same secret, and answers no new one.
      nextStep();
      const again = await password(row.email);
      expect(again.body.data.enrol).toBeNull();
      const code = totpCode(enrol.secret, clock.now());
      const second = await verify({ challenge: again.body.data.challenge, code });
      expect(second.status).toBe(200);
      expect(second.body.data.recoveryCodes).toBeNull();
      // The same code, replayed with a new challenge in the same step: refused.
      const third = await password(row.email);
      expect((await verify({ challenge: third.body.data.challenge, code })).status).toBe(422);
    });

    it("answers a wrong password, an unknown e-mail and a blocked member alike, and audits each refusal", async () => {
      const row = await newStaff(ctx().database.db, ["risk"]);
      const blocked = await newStaff(ctx().database.db, ["risk"], "blocked");
      const refusals = async () =>
        (
          await ctx().database.db.select().from(adminAudit).where(eq(adminAudit.action, "staff.sign-in"))
        ).filter((r) => (r.after as { result?: string }).result === "refused").length;
      const before = await refusals();
      const answers = [
        await password(row.email, "not-the-password"),
        await password("nobody@example.com"),
        await password(blocked.email),
      ];
      for (const a of answers) {
        expect(a.status).toBe(401);
        expect(a.body).toEqual({
          code: "invalid_credentials",
          message: "Wrong e-mail or password",
          errors: {},
        });
      }
      expect(await refusals()).toBe(before + 3);
    });

    it("counts sign-in attempts per address, and a completed sign-in starts the address's count again", async () => {
      const { app, database } = ctx();
      const office = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
      const from = (url: string, body: Record<string, unknown>) =>
        app.inject({ method: "POST", url, payload: body, headers: { "cf-connecting-ip": office } });
      // Six colleagues behind one address sign in one after another: 12 attempts, none refused.
      for (let i = 0; i < 6; i++) {
        nextStep();
        const row = await newStaff(database.db, ["support"]);
        const first = await from("/api/admin/session", { email: row.email, password: STAFF_PASSWORD });
        expect(first.statusCode, `colleague ${i}`).toBe(200);
        const { challenge, enrol } = first.json().data;
        const done = await from("/api/admin/session/verify", {
          challenge,
          code: totpCode(enrol.secret, clock.now()),
        });
        expect(done.statusCode, `colleague ${i}`).toBe(200);
      }
      // Guessing is still cut off: ten wrong passwords from the address, and the eleventh try is refused.
      const target = await newStaff(database.db, ["payments"]);
      for (let i = 0; i < 10; i++)
        expect(
          (await from("/api/admin/session", { email: target.email, password: `guess-${i}-password` }))
            .statusCode,
        ).toBe(401);
      const refused = await from("/api/admin/session", { email: target.email, password: STAFF_PASSWORD });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe("too_many_requests");
    });

    it("takes each recovery code once, in place of a code", async () => {
      nextStep();
      const row = await newStaff(ctx().database.db, ["payments"]);
      const { recoveryCodes } = await signInStaff(ctx().app, row.email, () => clock.now());
      const use = async (recoveryCode: string) => {
        const { challenge } = (await password(row.email)).body.data;
        return verify({ challenge, recoveryCode });
      };
      expect((await use(recoveryCodes[0]!.toUpperCase())).status).toBe(200);
      expect((await use(recoveryCodes[0]!)).status).toBe(422);
      expect((await use("aaaa-bbbb-cccc-dddd")).status).toBe(422);
      expect((await use(recoveryCodes[1]!)).status).toBe(200);
    });

    it("refuses a forged or expired challenge", async () => {
      const row = await newStaff(ctx().database.db, ["support"]);
      const { challenge, enrol } = (await password(row.email)).body.data;
      const [h, p, s] = challenge.split(".");
      const forged = `${h}.${Buffer.from(JSON.stringify({ sub: "1", aud: "admin-2fa", exp: 4e9 })).toString("base64url")}.${s}`;
      expect((await verify({ challenge: forged, code: totpCode(enrol.secret, clock.now()) })).status).toBe(
        401,
      );
      expect(p).toBeTruthy();
      clock.advance(6 * 60_000);
      const late = await verify({ challenge, code: totpCode(enrol.secret, clock.now()) });
      expect(late.status).toBe(401);
      expect(late.body.code).toBe("session_expired");
    });

    it("ends a session after 30 idle minutes, on sign-out, and when the member's roles change", async () => {
      nextStep();
      const a = await staffToken(ctx().app, ctx().database.db, ["support"], () => clock.now());
      clock.advance(29 * 60_000);
      expect((await me(a.token)).status).toBe(200);
      clock.advance(29 * 60_000);
      expect((await me(a.token)).status).toBe(200);
      clock.advance(31 * 60_000);
      expect((await me(a.token)).status).toBe(401);

      nextStep();
      const b = await staffToken(ctx().app, ctx().database.db, ["support"], () => clock.now());
      expect((await admin(b.token, { method: "DELETE", url: "/api/admin/session" })).status).toBe(200);
      expect((await me(b.token)).status).toBe(401);

      nextStep();
      const boss = await staffToken(ctx().app, ctx().database.db, ["admin"], () => clock.now());
      nextStep();
      const c = await staffToken(ctx().app, ctx().database.db, ["support"], () => clock.now());
      const changed = await admin(boss.token, {
        method: "PATCH",
        url: `/api/admin/staff/${c.id}`,
        body: { roles: ["risk"] },
      });
      expect(changed.status).toBe(200);
      expect((await me(c.token)).status).toBe(401);
      // An administrator cannot lock themselves out.
      const self = await admin(boss.token, {
        method: "PATCH",
        url: `/api/admin/staff/${boss.id}`,
        body: { status: "blocked" },
      });
      expect(self.status).toBe(409);
      expect((await me(boss.token)).status).toBe(200);
    });

    it("finds a player by id, e-mail, phone, nickname or Telegram id, and shows their page", async () => {
      nextStep();
      const s = await staffToken(ctx().app, ctx().database.db, ["support"], () => clock.now());
      const { profile, email, accessToken } = await register();
      await call({ url: "/api/wallet/accounts", body: { currency: "EUR" }, token: accessToken });
      // A deposit through the sandbox checkout: the player page lists it.
      const deposit = await call({
        url: "/api/payment/invoices/deposit",
        body: {
          method: "sandbox.deposit.card",
          currency: "USD",
          customerFields: { firstName: "Ana", lastName: "Silva" },
          amount: "40",
        },
        token: accessToken,
      });
      expect(deposit.status).toBe(201);
      const search = async (q: string) =>
        (await admin(s.token, { method: "GET", url: `/api/admin/players?q=${encodeURIComponent(q)}` })).body;
      for (const q of [String(profile.id), email, email.toUpperCase(), profile.nickname]) {
        const found = await search(q);
        expect(found.data[0]?.id, q).toBe(String(profile.id));
      }
      expect((await search("no-such-player-anywhere")).data).toEqual([]);
      const page = await admin(s.token, { method: "GET", url: `/api/admin/players/${profile.id}` });
      expect(page.status).toBe(200);
      expect(page.body.data.player).toMatchObject({ id: String(profile.id), email, status: "active" });
      expect(page.body.data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(page.body.data.accounts.map((a: { currency: string }) => a.currency)).toContain("EUR");
      expect(page.body.data.invoices).toEqual([
        expect.objectContaining({ id: deposit.body.data.id, type: 1, amount: "40", currency: "USD" }),
      ]);
      expect(page.body.data.bets).toEqual([]);
      expect(Array.isArray(page.body.data.bonuses)).toBe(true);
      // The identity as the verification service last reported it (its webhook), next to the documents.
      expect(page.body.data.verification).toEqual({ status: "unverified", reason: null });
      await applyReview(ctx().database.db, "sandbox", {
        externalUserId: String(profile.id),
        status: "rejected",
        reason: "The document has expired",
        at: new Date(),
      });
      const again = await admin(s.token, { method: "GET", url: `/api/admin/players/${profile.id}` });
      expect(again.body.data.verification).toEqual({
        status: "rejected",
        reason: "The document has expired",
      });
      expect((await admin(s.token, { method: "GET", url: "/api/admin/players/abc" })).status).toBe(404);
      expect((await admin(s.token, { method: "GET", url: "/api/admin/players/999999999" })).status).toBe(404);
    });

    it("blocks a player (their sessions end at once), unblocks them, and keeps notes; all in the audit trail", async () => {
      nextStep();
      const s = await staffToken(ctx().app, ctx().database.db, ["risk"], () => clock.now());
      const { profile, accessToken } = await register();
      const profileOf = (token: string) => call({ method: "GET", url: "/api/player/profile", token });
      expect((await profileOf(accessToken)).status).toBe(200);
      const block = await admin(s.token, {
        url: `/api/admin/players/${profile.id}/status`,
        body: { status: "blocked", reason: "Suspected stolen card" },
      });
      expect(block.status).toBe(200);
      expect((await profileOf(accessToken)).status).toBe(401);
      const note = await admin(s.token, {
        url: `/api/admin/players/${profile.id}/notes`,
        body: { body: "Card holder confirmed by phone." },
      });
      expect(note.status).toBe(200);
      const unblock = await admin(s.token, {
        url: `/api/admin/players/${profile.id}/status`,
        body: { status: "active", reason: "Card holder confirmed" },
      });
      expect(unblock.status).toBe(200);
      const page = (await admin(s.token, { method: "GET", url: `/api/admin/players/${profile.id}` })).body
        .data;
      expect(page.player.status).toBe("active");
      expect(page.notes[0]).toMatchObject({ body: "Card holder confirmed by phone." });
      expect(page.audit.map((a: { action: string }) => a.action)).toEqual([
        "player.unblock",
        "player.note",
        "player.block",
      ]);
      expect(page.audit[2]).toMatchObject({
        before: { status: "active" },
        after: { status: "blocked", reason: "Suspected stolen card" },
      });
    });
  },
  { clock },
);

for (const kind of dbKinds().slice(0, 1)) {
  it(`answers the back office only from ADMIN_IP_ALLOWLIST's addresses [${kind}]`, async () => {
    const t = await createTestApp(kind, { env: { ADMIN_IP_ALLOWLIST: "198.51.100.0/24, 2001:db8::1" } });
    try {
      const from = async (ip: string) =>
        (
          await t.app.inject({
            method: "POST",
            url: "/api/admin/session",
            payload: { email: "someone@example.com", password: "whatever-it-is" },
            headers: { "cf-connecting-ip": ip },
          })
        ).statusCode;
      expect(await from("203.0.113.5")).toBe(403);
      expect(await from("198.51.100.77")).toBe(401);
      expect(await from("2001:db8::1")).toBe(401);
      // The player's site is not behind the list.
      const site = await t.app.inject({
        url: "/api/settings/currencies",
        headers: { "cf-connecting-ip": "203.0.113.5" },
      });
      expect(site.statusCode).toBe(200);
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
}
