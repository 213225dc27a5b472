import { expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { caller, freshEmail, manualClock } from "./test-support";

const clock = manualClock();
const MINUTE = 60_000;

describeEachDb(
  "player profile API",
  (ctx) => {
    const { call, register, outbox } = caller(() => ctx().app);
    const getProfile = (token: string) => call({ method: "GET", url: "/api/player/profile", token });
    const putProfile = (token: string, body: unknown) =>
      call({ method: "PUT", url: "/api/player/profile", token, body });

    it("answers the profile only with a valid token", async () => {
      const { accessToken, profile } = await register();
      expect((await getProfile(accessToken)).body).toEqual({ ...profile, isNewlyRegistered: false });
      expect((await call({ method: "GET", url: "/api/player/profile" })).status).toBe(401);
      expect((await call({ method: "GET", url: "/api/player/profile", token: "not.a.token" })).status).toBe(
        401,
      );
    });

    it("updates the profile with the profile scenario's rules", async () => {
      const { accessToken, profile } = await register();
      const res = await putProfile(accessToken, {
        ...profile,
        firstName: "Ana",
        lastName: "Souza",
        birthdate: "1990-05-17",
        gender: "female",
        city: "Recife",
        country: "BR",
        currency: "BRL",
        timeZone: "America/Recife",
        language: "pt-br",
        receiveSmsPromo: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        nickname: profile.nickname,
        firstName: "Ana",
        birthdate: "1990-05-17",
        gender: "female",
        timeZone: "America/Recife",
        language: "pt-br",
        receiveSmsPromo: true,
      });
      expect((await getProfile(accessToken)).body.firstName).toBe("Ana");
      const bad = await putProfile(accessToken, {
        firstName: "A",
        birthdate: "2015-01-01",
        gender: "other",
        country: "US",
        timeZone: "Mars/Olympus",
        language: "xx",
      });
      expect(bad.status).toBe(422);
      // In the player's language now: pt-br.
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        "birthdate",
        "country",
        "firstName",
        "gender",
        "language",
        "timeZone",
      ]);
      expect(bad.body.errors.country).toEqual(["O cadastro a partir deste país não está disponível"]);
      expect((await getProfile(accessToken)).body.firstName).toBe("Ana");
    });

    it("resets the verification when the e-mail changes and keeps e-mails unique", async () => {
      const { accessToken, email } = await register();
      const other = await register();
      const link = (await outbox(email, "email"))[0]!.links[0]!;
      const code = link.split("/").at(-1);
      const confirmed = await call({ url: "/api/player/profile/email/verify/confirm", body: { code } });
      expect(confirmed.body).toEqual({ ok: true });
      expect((await getProfile(accessToken)).body.emailVerified).toBe(true);
      // The same link twice is refused.
      const reused = await call({ url: "/api/player/profile/email/verify/confirm", body: { code } });
      expect(reused).toMatchObject({ status: 422, body: { errors: { code: [expect.any(String)] } } });

      const taken = await putProfile(accessToken, { email: other.email.toUpperCase() });
      expect(taken).toMatchObject({
        status: 422,
        body: { errors: { email: ["This e-mail is already registered"] } },
      });
      const moved = await putProfile(accessToken, { email: freshEmail("moved") });
      expect(moved.body).toMatchObject({ emailVerified: false });
    });

    it("sends, resends and confirms the e-mail verification; a link for an old address confirms nothing", async () => {
      const { accessToken, email } = await register();
      const send = await call({ url: "/api/player/profile/email/verify/send", token: accessToken });
      expect(send.body).toEqual({ ok: true });
      const resend = await call({
        url: "/api/player/profile/confirmations/email/resend",
        token: accessToken,
      });
      expect(resend.body).toEqual({ ok: true });
      const mails = await outbox(email, "email");
      expect(mails).toHaveLength(3);
      expect(mails[0]!.links[0]).toMatch(/^http:\/\/localhost:3000\/verify\/[\w-]{43}$/);
      const oldCode = mails[0]!.links[0]!.split("/").at(-1);
      await putProfile(accessToken, { email: freshEmail("changed") });
      const stale = await call({ url: "/api/player/profile/email/verify/confirm", body: { code: oldCode } });
      expect(stale.status).toBe(422);
      expect((await getProfile(accessToken)).body.emailVerified).toBe(false);
      expect((await call({ url: "/api/player/profile/email/verify/send" })).status).toBe(401);
      // A link for the new address works, while logged in too.
      const newEmail = (await getProfile(accessToken)).body.email as string;
      await call({ url: "/api/player/profile/email/verify/send", token: accessToken });
      const fresh = (await outbox(newEmail, "email"))[0]!.links[0]!.split("/").at(-1);
      const ok = await call({
        url: "/api/player/profile/email/verify/confirm",
        token: accessToken,
        body: { code: fresh },
      });
      expect(ok.body).toEqual({ ok: true });
      expect((await getProfile(accessToken)).body.emailVerified).toBe(true);
      const again = await call({ url: "/api/player/profile/email/verify/send", token: accessToken });
      expect(again).toMatchObject({ status: 422, body: { code: "already_verified" } });
    });

    it("verifies a phone with an SMS code; a wrong, reused or expired code is refused", async () => {
      const { accessToken } = await register();
      const phone = "+5521998765432";
      const sent = await call({
        url: "/api/player/otp/send",
        token: accessToken,
        body: { phone: "+55 21 99876-5432" },
      });
      expect(sent.body).toEqual({ ok: true, expiresIn: 600 });
      const code = (await outbox(phone, "sms"))[0]!.code!;
      const wrong = await call({
        url: "/api/player/otp/verify",
        token: accessToken,
        body: { phone, code: code === "123456" ? "654321" : "123456" },
      });
      expect(wrong).toMatchObject({
        status: 422,
        body: { errors: { code: ["The code is wrong or has expired"] } },
      });
      const ok = await call({ url: "/api/player/otp/verify", token: accessToken, body: { phone, code } });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ phone, phoneVerified: true });
      const reused = await call({ url: "/api/player/otp/verify", token: accessToken, body: { phone, code } });
      expect(reused.status).toBe(422);

      const phone2 = "+5521998765433";
      await call({ url: "/api/player/otp/send", token: accessToken, body: { phone: phone2 } });
      const code2 = (await outbox(phone2, "sms"))[0]!.code!;
      clock.advance(10 * MINUTE + 1000);
      // The access token (15 minutes) still works; the code (10 minutes) does not.
      const expired = await call({
        url: "/api/player/otp/verify",
        token: accessToken,
        body: { phone: phone2, code: code2 },
      });
      expect(expired.status).toBe(422);
    });

    it("burns a code after 5 wrong attempts", async () => {
      const { accessToken } = await register();
      const phone = "+5521998765499";
      await call({ url: "/api/player/otp/send", token: accessToken, body: { phone } });
      const code = (await outbox(phone, "sms"))[0]!.code!;
      const wrongCode = code === "000000" ? "000001" : "000000";
      for (let i = 0; i < 5; i++)
        expect(
          (
            await call({
              url: "/api/player/otp/verify",
              token: accessToken,
              body: { phone, code: wrongCode },
            })
          ).status,
        ).toBe(422);
      const right = await call({ url: "/api/player/otp/verify", token: accessToken, body: { phone, code } });
      expect(right.status).toBe(422);
    });

    it("does not verify another player's code, nor a number another player owns", async () => {
      const a = await register();
      const b = await register();
      const phone = "+5521998765400";
      await call({ url: "/api/player/otp/send", token: a.accessToken, body: { phone } });
      const code = (await outbox(phone, "sms"))[0]!.code!;
      expect(
        (await call({ url: "/api/player/otp/verify", token: b.accessToken, body: { phone, code } })).status,
      ).toBe(422);
      expect(
        (await call({ url: "/api/player/otp/verify", token: a.accessToken, body: { phone, code } })).status,
      ).toBe(200);
      const taken = await call({ url: "/api/player/otp/send", token: b.accessToken, body: { phone } });
      expect(taken).toMatchObject({
        status: 422,
        body: { errors: { phone: ["This phone number is already registered"] } },
      });
    });

    it("limits codes sent to one number", async () => {
      const { accessToken } = await register();
      const phone = "+5521998765411";
      for (let i = 0; i < 5; i++)
        expect(
          (await call({ url: "/api/player/otp/send", token: accessToken, body: { phone } })).status,
        ).toBe(200);
      expect((await call({ url: "/api/player/otp/send", token: accessToken, body: { phone } })).status).toBe(
        429,
      );
    });

    it("lists the avatars and sets one", async () => {
      const { accessToken } = await register();
      const list = await call({ method: "GET", url: "/api/player/avatar/list" });
      expect(list.body.length).toBeGreaterThanOrEqual(12);
      expect(list.body[0]).toEqual({ id: "anchor", name: "Anchor", url: "/avatars/anchor.svg" });
      const set = await call({
        url: "/api/player/avatar/set-avatar",
        token: accessToken,
        body: { avatarId: "crown" },
      });
      expect(set.body.avatarId).toBe("crown");
      const bad = await call({
        url: "/api/player/avatar/set-avatar",
        token: accessToken,
        body: { avatarId: "../etc" },
      });
      expect(bad).toMatchObject({ status: 422, body: { errors: { avatarId: [expect.any(String)] } } });
    });
  },
  { clock },
);
