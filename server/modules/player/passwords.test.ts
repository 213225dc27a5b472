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

    it("changes the password with the current one; other sessions stay unless asked", async () => {
      const { email, accessToken } = await register();
      const other = (await login(email)).body.accessToken as string;
      const wrong = await change(accessToken, {
        currentPassword: "not-it-at-all",
        newPassword: NEW_PASSWORD,
        repeatNewPassword: NEW_PASSWORD,
      });
      expect(wrong).toMatchObject({
        status: 422,
        body: { errors: { currentPassword: ["The current password is wrong"] } },
      });
      const bad = await change(accessToken, {
        currentPassword: PASSWORD,
        newPassword: "qwertyuiop",
        repeatNewPassword: "qwertyuio",
      });
      expect(bad.body.errors).toEqual({
        newPassword: [expect.stringMatching(/too common/)],
        repeatNewPassword: ["The value must be equal to the other value"],
      });
      const ok = await change(accessToken, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        repeatNewPassword: NEW_PASSWORD,
      });
      expect(ok).toMatchObject({ status: 200, body: { ok: true } });
      expect((await profileWith(other)).status).toBe(200);
      expect((await login(email, PASSWORD)).status).toBe(422);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it("closes the other sessions on request and checks an e-mailed code when given", async () => {
      const { email, accessToken } = await register();
      const other = (await login(email)).body.accessToken as string;
      const sent = await call({ url: "/api/player/otp/email/send", token: accessToken });
      expect(sent.body).toEqual({ ok: true, expiresIn: 600 });
      const mail = (await outbox(email, "email"))[0]!;
      expect(mail.subject).toBe("Your Lucky Harbor code");
      const code = mail.code!;
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
