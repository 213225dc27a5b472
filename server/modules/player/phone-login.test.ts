import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMIT_DEFINITION, PLAYER_STATUS } from "#common/constants";
import { createTestApp, describeEachDb, type TestApp } from "../../test/harness";
import { playerSessions, players } from "./tables";
import { caller, freshEmail, freshIp, freshPhone, manualClock, PASSWORD } from "./test-support";

const NEW_PASSWORD = "quiet-harbor-tide-42";
const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");

/** What the tests of both describes share: the calls of decision 0058 and a player's sessions. */
function phoneCalls(ctx: () => TestApp) {
  const c = caller(() => ctx().app);
  const sendLogin = (phone: string, ip?: string) =>
    c.call({ url: "/api/player/sessions/phone/code", body: { phone }, ip });
  const loginWith = (phone: string, code: string, ip?: string) =>
    c.call({ url: "/api/player/sessions/phone", body: { phone, code, fingerprint: "fp-phone" }, ip });
  /** The newest SMS code sent to a phone. */
  const lastCode = async (phone: string) => (await c.outbox(phone, "sms"))[0]?.code ?? undefined;
  const sessionsOf = async (playerId: string) =>
    (
      await ctx()
        .database.db.select({ n: count() })
        .from(playerSessions)
        .where(eq(playerSessions.playerId, BigInt(playerId)))
    )[0]!.n;
  return { ...c, sendLogin, loginWith, lastCode, sessionsOf };
}

const clock = manualClock();

describeEachDb(
  "signing in by SMS code (decision 0058)",
  (ctx) => {
    const t = phoneCalls(ctx);

    it("texts a code to a phone account and signs in with it once, as a password login does", async () => {
      const { phone, profile } = await t.registerPhone();
      const sent = await t.sendLogin(phone);
      expect(sent).toMatchObject({ status: 200, body: { ok: true, expiresIn: 600 } });
      const code = (await t.lastCode(phone))!;
      expect(code).toMatch(/^\d{6}$/);
      const before = await t.sessionsOf(profile.id);

      const wrong = await t.loginWith(phone, otherThan(code));
      expect(wrong).toMatchObject({
        status: 422,
        body: {
          code: "validation_error",
          message: "The code is wrong or has expired",
          errors: { code: ["The code is wrong or has expired"] },
        },
      });
      expect(await t.sessionsOf(profile.id)).toBe(before);

      const ok = await t.loginWith(phone, code);
      expect(ok.status).toBe(200);
      expect(ok.body.profile).toMatchObject({ id: profile.id, phone, phoneVerified: true });
      const me = await t.call({ method: "GET", url: "/api/player/profile", token: ok.body.accessToken });
      expect(me).toMatchObject({ status: 200, body: { id: profile.id } });
      expect(await t.sessionsOf(profile.id)).toBe(before + 1);
      // The session is listed like any other, with the fingerprint the site sent.
      const [row] = await ctx()
        .database.db.select()
        .from(playerSessions)
        .where(eq(playerSessions.playerId, BigInt(profile.id)))
        .orderBy(playerSessions.createdAt)
        .then((rows) => rows.slice(-1));
      expect(row!.fingerprint).toBe("fp-phone");

      // Spent: the same code again is the same refusal, and opens nothing.
      const again = await t.loginWith(phone, code);
      expect(again).toMatchObject({ status: 422, body: wrong.body });
      expect(await t.sessionsOf(profile.id)).toBe(before + 1);
      // The number as typed with spaces is the same number.
      await t.sendLogin(`${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5)}`);
      expect((await t.loginWith(phone, (await t.lastCode(phone))!)).status).toBe(200);
    });

    it("answers a number that is no account's, or whose phone was never proven, as it answers an account's", async () => {
      const nobody = freshPhone();
      const { phone } = await t.registerPhone();
      const known = await t.sendLogin(phone);
      const unknown = await t.sendLogin(nobody);
      expect(unknown).toEqual({ ...known, headers: unknown.headers });
      expect(await t.outbox(nobody, "sms")).toEqual([]);
      const refusal = (await t.loginWith(phone, otherThan((await t.lastCode(phone))!))).body;
      expect(await t.loginWith(nobody, "123456")).toMatchObject({ status: 422, body: refusal });

      // An e-mail account with a phone typed into its profile but never confirmed by SMS.
      const typed = freshPhone();
      const player = await t.register();
      const put = await t.call({
        method: "PUT",
        url: "/api/player/profile",
        token: player.accessToken,
        body: { phone: typed },
      });
      expect(put.status).toBe(200);
      expect(await t.sendLogin(typed)).toMatchObject({ status: 200, body: known.body });
      expect(await t.outbox(typed, "sms")).toEqual([]);
      expect(await t.loginWith(typed, "123456")).toMatchObject({ status: 422, body: refusal });
    });

    it("lets a code live ten minutes and five wrong attempts, and a new code replaces the last", async () => {
      const { phone } = await t.registerPhone();
      await t.sendLogin(phone);
      const first = (await t.lastCode(phone))!;
      await t.sendLogin(phone);
      const second = (await t.lastCode(phone))!;
      if (first !== second) expect((await t.loginWith(phone, first)).status).toBe(422);
      for (let i = 0; i < 4; i++) expect((await t.loginWith(phone, otherThan(second))).status).toBe(422);
      // The fifth wrong attempt (with the stale code's, if it differed) burnt the code: the right one fails.
      if (first === second) expect((await t.loginWith(phone, otherThan(second))).status).toBe(422);
      expect((await t.loginWith(phone, second)).status).toBe(422);

      await t.sendLogin(phone);
      const late = (await t.lastCode(phone))!;
      clock.advance(10 * 60_000 + 1000);
      expect((await t.loginWith(phone, late)).status).toBe(422);
    });

    it("limits the codes sent to a number, whether or not it is an account's", async () => {
      // The registration's code counts too: codes sent to a number are counted whatever they are for.
      const registered = (await t.registerPhone()).phone;
      for (const [phone, allowed] of [
        [registered, 4],
        [freshPhone(), 5],
      ] as const) {
        for (let i = 0; i < allowed; i++) expect((await t.sendLogin(phone)).status).toBe(200);
        const refused = await t.sendLogin(phone);
        expect(refused).toMatchObject({ status: 429, body: { code: "too_many_requests" } });
        expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      }
    });

    it("refuses a blocked account and a player's own self-exclusion after the code, like a password login", async () => {
      const blocked = await t.registerPhone();
      await ctx()
        .database.db.update(players)
        .set({ status: PLAYER_STATUS.blocked })
        .where(eq(players.id, BigInt(blocked.profile.id)));
      await t.sendLogin(blocked.phone);
      const refusedBlocked = await t.loginWith(blocked.phone, (await t.lastCode(blocked.phone))!);
      expect([refusedBlocked.status, refusedBlocked.body.code]).toEqual([403, "account_blocked"]);

      const excluded = await t.registerPhone();
      const set = await t.call({
        url: "/api/player/limits",
        token: excluded.accessToken,
        body: { definition: LIMIT_DEFINITION.selfExclusion, period: "6m" },
      });
      expect(set.status).toBe(201);
      const before = await t.sessionsOf(excluded.profile.id);
      // A wrong code says nothing of the exclusion.
      await t.sendLogin(excluded.phone);
      const code = (await t.lastCode(excluded.phone))!;
      expect((await t.loginWith(excluded.phone, otherThan(code))).body.code).toBe("validation_error");
      const refused = await t.loginWith(excluded.phone, code);
      expect([refused.status, refused.body.code]).toEqual([403, "self_excluded"]);
      expect(await t.sessionsOf(excluded.profile.id)).toBe(before);
      expect((await t.login(excluded.phone)).body.code).toBe("self_excluded");
    });

    it("refuses a phone account whose person is self-excluded under another account (decision 0053)", async () => {
      const person = { firstName: "Rita", lastName: "Moraes", birthdate: "1988-03-09" };
      const ana = await t.register(freshEmail("rita"), {});
      expect(
        (await t.call({ method: "PUT", url: "/api/player/profile", token: ana.accessToken, body: person }))
          .status,
      ).toBe(200);
      expect(
        (
          await t.call({
            url: "/api/player/limits",
            token: ana.accessToken,
            body: { definition: LIMIT_DEFINITION.selfExclusion, period: "6m" },
          })
        ).status,
      ).toBe(201);
      const other = await t.registerPhone();
      await t.call({
        method: "PUT",
        url: "/api/player/profile",
        token: other.accessToken,
        body: { firstName: "rita", lastName: " MORAES", birthdate: person.birthdate },
      });
      await t.sendLogin(other.phone);
      const refused = await t.loginWith(other.phone, (await t.lastCode(other.phone))!);
      expect([refused.status, refused.body.code]).toEqual([403, "excluded_person"]);
    });
  },
  { clock },
);

describeEachDb(
  "resetting a forgotten password by SMS code (decision 0058)",
  (ctx) => {
    const t = phoneCalls(ctx);
    const reset = (phone: string) => t.call({ url: "/api/player/passwords/reset", body: { phone } });
    const confirm = (phone: string, code: string, password = NEW_PASSWORD) =>
      t.call({
        url: "/api/player/passwords/confirm",
        body: { phone, code, password, password_confirmation: password },
      });

    it("texts a code, sets the new password with it once and closes every session", async () => {
      const { phone, accessToken } = await t.registerPhone();
      const sent = await reset(phone);
      expect(sent).toMatchObject({ status: 200, body: { ok: true, expiresIn: 600 } });
      const code = (await t.lastCode(phone))!;

      // A weak password is said first, and costs the code nothing.
      const weak = await confirm(phone, code, "password");
      expect(weak.status).toBe(422);
      expect(Object.keys(weak.body.errors)).toEqual(["password"]);
      // A wrong code changes nothing.
      const wrong = await confirm(phone, otherThan(code));
      expect(wrong).toMatchObject({
        status: 422,
        body: { code: "validation_error", errors: { code: ["The code is wrong or has expired"] } },
      });
      expect((await t.login(phone, PASSWORD)).status).toBe(200);

      expect(await confirm(phone, code)).toMatchObject({ status: 200, body: { ok: true } });
      expect((await t.login(phone, PASSWORD)).status).toBe(422);
      expect((await t.login(phone, NEW_PASSWORD)).status).toBe(200);
      expect((await t.call({ method: "GET", url: "/api/player/profile", token: accessToken })).status).toBe(
        401,
      );
      // Spent.
      expect((await confirm(phone, code, `${NEW_PASSWORD}!`)).status).toBe(422);
      expect((await t.login(phone, NEW_PASSWORD)).status).toBe(200);
    });

    it("answers a number that is no account's as it answers an account's, and a login code does not reset", async () => {
      const { phone } = await t.registerPhone();
      const nobody = freshPhone();
      const known = await reset(phone);
      const unknown = await reset(nobody);
      expect(unknown).toMatchObject({ status: known.status, body: known.body });
      expect(await t.outbox(nobody, "sms")).toEqual([]);
      expect((await confirm(nobody, "123456")).body).toEqual((await confirm(phone, "000001")).body);

      // Each code opens only what it was sent for.
      await t.sendLogin(phone);
      const loginCode = (await t.lastCode(phone))!;
      expect((await confirm(phone, loginCode)).status).toBe(422);
      expect((await t.login(phone, PASSWORD)).status).toBe(200);
    });

    it("still resets by e-mail link when the form names an e-mail", async () => {
      const { email } = await t.register();
      expect(await t.call({ url: "/api/player/passwords/reset", body: { email } })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      expect((await t.outbox(email, "email"))[0]!.links[0]).toMatch(/\/password-reset\/[\w-]{43}$/);
    });
  },
  { clock },
);

/**
 * Many requests with one code at the same moment: only a server with many connections runs them truly
 * together, so PostgreSQL (TEST_DATABASE_URL) only.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("one SMS code under concurrency [postgres]", () => {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp("postgres");
  });
  afterAll(async () => {
    await app?.app.close();
    await app?.database.close();
  });

  it("opens one session however many sign-ins carry the same code together, and never answers 500", {
    timeout: 60_000,
  }, async () => {
    const t = phoneCalls(() => app!);
    const { phone, profile } = await t.registerPhone();
    await t.sendLogin(phone);
    const code = (await t.lastCode(phone))!;
    const before = await t.sessionsOf(profile.id);
    const answers = await Promise.all(Array.from({ length: 40 }, () => t.loginWith(phone, code, freshIp())));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 422)).toBe(true);
    expect(await t.sessionsOf(profile.id)).toBe(before + 1);

    // The same for a reset: one password is set, the rest are refused.
    await t.call({ url: "/api/player/passwords/reset", body: { phone } });
    const resetCode = (await t.lastCode(phone))!;
    const resets = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call({
          url: "/api/player/passwords/confirm",
          body: {
            phone,
            code: resetCode,
            password: `${NEW_PASSWORD}-${i}`,
            password_confirmation: `${NEW_PASSWORD}-${i}`,
          },
        }),
      ),
    );
    expect(resets.filter((r) => r.status >= 500)).toEqual([]);
    expect(resets.filter((r) => r.status === 200)).toHaveLength(1);
    const winner = resets.findIndex((r) => r.status === 200);
    expect((await t.login(phone, `${NEW_PASSWORD}-${winner}`)).status).toBe(200);
  });
});
