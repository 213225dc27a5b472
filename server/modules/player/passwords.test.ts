import { expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { caller, freshEmail, freshIp, manualClock, PASSWORD } from "./test-support";

const clock = manualClock();
const NEW_PASSWORD = "tide-and-anchor-42";

describeEachDb(
  "player passwords API",
  (ctx) => {
    const { call, register, login, outbox } = caller(() => ctx().app);
    const profileWith = (token: string) => call({ method: "GET", url: "/api/player/profile", token });
    const change = (token: string, body: Record<string, unknown>) =>
      call({ method: "PUT", url: "/api/player/passwords", token, body });

    /** Asks for the e-mailed code and reads it from the outbox. */
    const mailedCode = async (token: string, email: string) => {
      const before = (await outbox(email, "email")).length;
      const sent = await call({ url: "/api/player/otp/email/send", token });
      expect(sent.body).toEqual({ ok: true, expiresIn: 600 });
      const mails = await outbox(email, "email");
      expect(mails.length).toBe(before + 1);
      return mails[0]!.code!; // newest first
    };

    it("changes the password with the current one and the e-mailed code; other sessions stay unless asked", async () => {
      const { email, accessToken } = await register();
      const other = (await login(email)).body.accessToken as string;
      const wrong = await change(accessToken, {
        currentPassword: "not-it-at-all",
        newPassword: NEW_PASSWORD,
        repeatNewPassword: NEW_PASSWORD,
      });
      // A wrong current password is said first, and the missing code not at all: no code is worth mailing yet.
      expect(wrong).toMatchObject({
        status: 422,
        body: { errors: { currentPassword: ["The current password is wrong"] } },
      });
      expect(wrong.body.errors.code).toBeUndefined();
      const bad = await change(accessToken, {
        currentPassword: PASSWORD,
        newPassword: "qwertyuiop",
        repeatNewPassword: "qwertyuio",
      });
      expect(bad.body.errors).toEqual({
        newPassword: [expect.stringMatching(/too common/)],
        repeatNewPassword: ["The value must be equal to the other value"],
      });
      const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD };
      // Everything right but the code: refused, and the password is unchanged.
      const noCode = await change(accessToken, body);
      expect(noCode).toMatchObject({
        status: 422,
        body: { errors: { code: ["Enter the code we sent you"] } },
      });
      expect(Object.keys(noCode.body.errors)).toEqual(["code"]);
      expect((await login(email, PASSWORD)).status).toBe(200);
      const ok = await change(accessToken, { ...body, code: await mailedCode(accessToken, email) });
      expect(ok).toMatchObject({ status: 200, body: { ok: true } });
      expect((await profileWith(other)).status).toBe(200);
      expect((await login(email, PASSWORD)).status).toBe(422);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it("closes the other sessions on request; a wrong or spent code is refused", async () => {
      const { email, accessToken } = await register();
      const other = (await login(email)).body.accessToken as string;
      const code = await mailedCode(accessToken, email);
      expect((await outbox(email, "email"))[0]!.subject).toBe("Your Lucky Harbor code");
      const body = {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        repeatNewPassword: NEW_PASSWORD,
        closeOtherSessions: true,
      };
      const wrongCode = await change(accessToken, { ...body, code: code === "111111" ? "222222" : "111111" });
      expect(wrongCode).toMatchObject({ status: 422, body: { errors: { code: [expect.any(String)] } } });
      expect((await profileWith(other)).status).toBe(200);
      const ok = await change(accessToken, { ...body, code });
      expect(ok.status).toBe(200);
      expect((await profileWith(other)).status).toBe(401);
      expect((await profileWith(accessToken)).status).toBe(200);
      // The code was spent with the change.
      const reused = await change(accessToken, {
        currentPassword: NEW_PASSWORD,
        newPassword: `${PASSWORD}!`,
        repeatNewPassword: `${PASSWORD}!`,
        code,
      });
      expect(reused.status).toBe(422);
    });

    it("changes a phone-only account's password with the current one (no e-mail to send a code to)", async () => {
      const phone = `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
      await call({ url: "/api/player/register/phone", body: { phone } });
      const code = (await outbox(phone, "sms"))[0]!.code!;
      const made = await call({
        url: "/api/player/register/phone",
        body: { phone, code, password: PASSWORD },
      });
      expect(made.status).toBe(201);
      const sent = await call({ url: "/api/player/otp/email/send", token: made.body.accessToken });
      expect(sent.status).toBe(422);
      const ok = await change(made.body.accessToken, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        repeatNewPassword: NEW_PASSWORD,
      });
      expect(ok).toMatchObject({ status: 200, body: { ok: true } });
      expect((await login(phone, NEW_PASSWORD)).status).toBe(200);
    });

    it("answers a reset request the same whether or not the address is registered", async () => {
      const { email } = await register();
      const nobody = freshEmail("nobody");
      const known = await call({ url: "/api/player/passwords/reset", body: { email } });
      const unknown = await call({ url: "/api/player/passwords/reset", body: { email: nobody } });
      expect(known).toMatchObject({ status: 200, body: { ok: true } });
      expect(unknown).toMatchObject({ status: known.status, body: known.body });
      expect(await outbox(nobody)).toEqual([]);
      const [mail] = await outbox(email, "email");
      expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/password-reset\/[\w-]{43}$/);
    });

    it("resets the password through the e-mailed link and closes every session", async () => {
      const { email, accessToken } = await register();
      const other = (await login(email)).body.accessToken as string;
      await call({ url: "/api/player/passwords/reset", body: { email: email.toUpperCase() } });
      const resetCode = (await outbox(email, "email"))[0]!.links[0]!.split("/").at(-1)!;
      const mismatch = await call({
        url: "/api/player/passwords/confirm",
        body: { resetCode, password: NEW_PASSWORD, password_confirmation: "other-thing-9" },
      });
      expect(mismatch.body.errors).toEqual({
        password_confirmation: ["The value must be equal to the other value"],
      });
      const ok = await call({
        url: "/api/player/passwords/confirm",
        body: { resetCode, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(ok).toMatchObject({ status: 200, body: { ok: true } });
      expect((await profileWith(accessToken)).status).toBe(401);
      expect((await profileWith(other)).status).toBe(401);
      const fresh = await login(email, NEW_PASSWORD);
      expect(fresh.status).toBe(200);
      // The link proved the mailbox.
      expect(fresh.body.profile.emailVerified).toBe(true);
      const reused = await call({
        url: "/api/player/passwords/confirm",
        body: { resetCode, password: PASSWORD, password_confirmation: PASSWORD },
      });
      expect(reused).toMatchObject({
        status: 422,
        body: { code: "invalid_reset_code", errors: { resetCode: [expect.any(String)] } },
      });
    });

    it("refuses an expired reset link", async () => {
      const { email } = await register();
      await call({ url: "/api/player/passwords/reset", body: { email } });
      const resetCode = (await outbox(email, "email"))[0]!.links[0]!.split("/").at(-1)!;
      clock.advance(31 * 60_000);
      const res = await call({
        url: "/api/player/passwords/confirm",
        body: { resetCode, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(res.status).toBe(422);
      expect((await login(email, PASSWORD)).status).toBe(200);
    });

    it("limits reset e-mails per address and per client address", async () => {
      const { email } = await register();
      for (let i = 0; i < 3; i++)
        expect((await call({ url: "/api/player/passwords/reset", body: { email } })).status).toBe(200);
      const limited = await call({ url: "/api/player/passwords/reset", body: { email } });
      expect(limited).toMatchObject({ status: 429, body: { code: "too_many_requests" } });
      expect(await outbox(email, "email")).toHaveLength(4); // the verification e-mail and three reset links
      const ip = freshIp();
      for (let i = 0; i < 10; i++)
        await call({ url: "/api/player/passwords/reset", ip, body: { email: freshEmail() } });
      expect(
        (await call({ url: "/api/player/passwords/reset", ip, body: { email: freshEmail() } })).status,
      ).toBe(429);
    });

    it("keeps the dev outbox newest first and filterable", async () => {
      const { email, accessToken } = await register();
      await call({ url: "/api/player/otp/email/send", token: accessToken });
      const all = await outbox(email);
      expect(all.map((m) => m.subject)).toEqual([
        "Your Lucky Harbor code",
        "Confirm your e-mail for Lucky Harbor",
      ]);
      expect(all[0]!.code).toMatch(/^\d{6}$/);
      expect(await outbox(email, "sms")).toEqual([]);
    });
  },
  { clock },
);
