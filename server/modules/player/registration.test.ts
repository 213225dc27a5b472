import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { PLAYER_STATUS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { playerSessions, players } from "./tables";
import { caller, freshEmail, freshIp, PASSWORD } from "./test-support";

describeEachDb("player registration API", (ctx) => {
  const { call, register, outbox } = caller(() => ctx().app);
  const db = () => ctx().database.db;
  const playersWith = async (email: string) =>
    db().select().from(players).where(sql`lower(${players.email}) = ${email.toLowerCase()}`);

  it("registers by e-mail and logs in at once with a newly registered profile", async () => {
    const email = freshEmail("alexander");
    const res = await call({
      url: "/api/player/register",
      headers: { "cf-ipcountry": "BR" },
      body: {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agreements: true,
        currency: "BRL",
        locale: "pt-br",
        // Brazil's rules ask for these (decision 0061; country-fields.test.ts).
        cpf_number: "390.533.447-05",
        fullName: "Alexandre Souza",
        fingerprint: "fp-1",
        frogoFingerprint: "frogo-1",
        affiliateTag: "stag-42",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.profile).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      email,
      emailVerified: false,
      nickname: `${email.split("@")[0]!.slice(0, -3)}***`,
      isNewlyRegistered: true,
      country: "BR",
      currency: "BRL",
      language: "pt-br",
      status: PLAYER_STATUS.active,
    });
    // The token works at once, and later answers say the player is no longer new.
    const profile = await call({ method: "GET", url: "/api/player/profile", token: res.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: res.body.profile.id, isNewlyRegistered: false });
    // The wallet is there from the first page: an account in the chosen currency, the current one.
    const accounts = await call({ method: "GET", url: "/api/wallet/accounts", token: res.body.accessToken });
    expect(accounts.body.data).toEqual([
      expect.objectContaining({ currency: "BRL", balance: "0", isCurrent: true }),
    ]);
    const [row] = await playersWith(email);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.affiliateTag).toBe("stag-42");
    // A verification link went out in the player's language.
    const [mail] = await outbox(email, "email");
    expect(mail!.subject).toMatch(/Confirme/);
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/pt-br\/verify\/[\w-]{43}$/);
  });

  it("refuses a second registration of the same e-mail, whatever its case, as a field error", async () => {
    const email = freshEmail("twice");
    await register(email);
    const res = await call({
      url: "/api/player/register",
      body: {
        email: email.toUpperCase(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agreements: true,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: "validation_error",
      message: expect.any(String),
      errors: { email: ["This e-mail is already registered"] },
    });
    expect(await playersWith(email)).toHaveLength(1);
  });

  it("judges the form with the shared rules and refuses common passwords", async () => {
    const res = await call({
      url: "/api/player/register",
      body: { email: "not-mail", password: "short", password_confirmation: "other", agreements: false },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ["Value is not a valid email address"],
      password: ["This field should be at least 8 characters long"],
      password_confirmation: ["The value must be equal to the other value"],
      agreements: ["Value is required"],
    });
    const common = await call({
      url: "/api/player/register",
      body: {
        email: freshEmail(),
        password: "password123",
        password_confirmation: "password123",
        agreements: true,
      },
    });
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual({ password: [expect.stringMatching(/too common/)] });
    const long = "x".repeat(129);
    const tooLong = await call({
      url: "/api/player/register",
      body: { email: freshEmail(), password: long, password_confirmation: long, agreements: true },
    });
    expect(tooLong.body.errors).toEqual({ password: ["The maximum length allowed is 128"] });
    const fromGb = await call({
      url: "/api/player/register",
      body: {
        email: freshEmail(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agreements: true,
        country: "GB",
        currency: "XXX",
      },
    });
    expect(Object.keys(fromGb.body.errors).sort()).toEqual(["country", "currency"]);
  });

  it("answers field errors in the player's language", async () => {
    const res = await call({
      url: "/api/player/register",
      body: {
        email: "",
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agreements: true,
        locale: "ru",
      },
    });
    expect(res.body.errors).toEqual({ email: ["Обязательное поле"] });
  });

  it("leaves no half-made player when the registration fails midway", async () => {
    // Make the session insert fail inside the registration's transaction.
    await db().execute(sql`create or replace function refuse_session() returns trigger language plpgsql as $$
      begin raise exception 'session store is down'; end $$`);
    await db().execute(
      sql`create trigger refuse_session before insert on player_sessions for each row execute function refuse_session()`,
    );
    const email = freshEmail("halfmade");
    try {
      const res = await call({
        url: "/api/player/register",
        body: { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: true },
      });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: "internal_error" });
    } finally {
      await db().execute(sql`drop trigger refuse_session on player_sessions`);
    }
    expect(await playersWith(email)).toEqual([]);
    expect(await outbox(email)).toEqual([]);
    // Nothing stands in the way of registering the same address now.
    expect((await register(email)).profile.email).toBe(email);
  });

  it("limits registrations per address and answers 429 in the error shape", async () => {
    const ip = freshIp();
    const attempt = () =>
      call({
        url: "/api/player/register",
        ip,
        body: { email: "x", password: "y", password_confirmation: "y" },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(422);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: "too_many_requests",
      message: expect.stringMatching(/try again/),
      errors: {},
    });
    // The same wait in a header, for clients and proxies that read it (RFC 9110 Retry-After).
    const seconds = Number(res.body.message.match(/(\d+) seconds/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(res.headers["retry-after"]).toBe(String(seconds));
  });

  it("registers by phone in two steps with an SMS code", async () => {
    const phone = "+55 11 91234-5678";
    const sent = await call({ url: "/api/player/register/phone", body: { phone } });
    expect(sent).toMatchObject({ status: 200, body: { ok: true, expiresIn: 600 } });
    const [sms] = await outbox("+5511912345678", "sms");
    expect(sms!.code).toMatch(/^\d{6}$/);
    // A wrong code counts an attempt and creates nothing.
    const wrong = await call({
      url: "/api/player/register/phone",
      body: { phone, code: sms!.code === "000000" ? "111111" : "000000", password: PASSWORD },
    });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { code: [expect.any(String)] } } });
    const done = await call({
      url: "/api/player/register/phone",
      body: { phone, code: sms!.code, password: PASSWORD, currency: "BRL" },
    });
    expect(done.status).toBe(201);
    expect(done.body.profile).toMatchObject({
      phone: "+5511912345678",
      phoneVerified: true,
      email: null,
      nickname: "*********5678",
      isNewlyRegistered: true,
    });
    const sessions = await db()
      .select()
      .from(playerSessions)
      .where(sql`${playerSessions.playerId} = ${Number(done.body.profile.id)}`);
    expect(sessions).toHaveLength(1);
    // The code is spent: the same code again is refused.
    const again = await call({
      url: "/api/player/register/phone",
      body: { phone, code: sms!.code, password: PASSWORD },
    });
    expect(again.status).toBe(422);
    // The number logs in with its password.
    const login = await call({
      url: "/api/player/sessions",
      body: { login: "+5511912345678", password: PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it("says a phone is taken only after its code proves the number", async () => {
    const phone = "+5511987654321";
    await call({ url: "/api/player/register/phone", body: { phone } });
    const code = (await outbox(phone, "sms"))[0]!.code!;
    expect(
      (await call({ url: "/api/player/register/phone", body: { phone, code, password: PASSWORD } })).status,
    ).toBe(201);
    const second = await call({ url: "/api/player/register/phone", body: { phone } });
    expect(second.status).toBe(200);
    const code2 = (await outbox(phone, "sms"))[0]!.code!;
    const taken = await call({
      url: "/api/player/register/phone",
      body: { phone, code: code2, password: PASSWORD },
    });
    expect(taken).toMatchObject({
      status: 422,
      body: { errors: { phone: ["This phone number is already registered"] } },
    });
  });

  it("hands the site the rules of the registration and profile scenarios", async () => {
    const reg = await call({ method: "GET", url: "/api/player/fields/validations?scenario=registration" });
    expect(reg.status).toBe(200);
    expect(reg.body.scenario).toBe("registration");
    expect(reg.body.fields.email).toEqual({
      required: true,
      rules: [{ name: "required" }, { name: "email" }],
    });
    expect(reg.body.fields.password.rules).toContainEqual({ name: "minLength", min: 8 });
    expect(reg.body.fields.password.rules).toContainEqual({ name: "maxLength", max: 128 });
    expect(reg.body.fields.password_confirmation.rules).toContainEqual({ name: "sameAs", param: "password" });
    const profile = await call({ method: "GET", url: "/api/player/fields/validations?scenario=profile" });
    expect(profile.body.fields.birthdate.rules).toContainEqual({ name: "minAge", min: 18 });
    expect(profile.body.fields.firstName).toEqual({
      required: false,
      rules: [
        { name: "minLength", min: 2 },
        { name: "maxLength", max: 50 },
      ],
    });
    const bad = await call({ method: "GET", url: "/api/player/fields/validations?scenario=other" });
    expect(bad.status).toBe(422);
  });
});
