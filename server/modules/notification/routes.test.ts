import { expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { communications } from "./tables";

const message = {
  name: "Maria Ivanova",
  email: "maria@example.com",
  subject: "Withdrawal is pending",
  message: "My withdrawal has been pending since yesterday. Could you check it?",
  locale: "ru",
};

describeEachDb(
  "contact messages API",
  (ctx) => {
    const send = (body: unknown, ip = "203.0.113.7") =>
      ctx().app.inject({
        method: "POST",
        url: "/api/notification/communications",
        headers: { "cf-connecting-ip": ip, "user-agent": "Vitest/4" },
        payload: body as object,
      });
    const rows = () => ctx().database.db.select().from(communications);

    it("stores a message with the sender's address and browser", async () => {
      const res = await send(message);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ id: expect.any(Number), createdAt: expect.any(String) });
      expect(await rows()).toEqual([
        expect.objectContaining({ ...message, ip: "203.0.113.7", userAgent: "Vitest/4" }),
      ]);
    });

    it("answers 422 with each bad field and stores nothing", async () => {
      const before = (await rows()).length;
      const res = await send(
        { name: "M", email: "not-an-address", subject: "", message: "short", locale: "en" },
        "203.0.113.8",
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: "validation_error",
        message: expect.any(String),
        errors: {
          name: ["This field should be at least 2 characters long"],
          email: ["Value is not a valid email address"],
          subject: ["Value is required"],
          message: ["This field should be at least 10 characters long"],
        },
      });
      expect((await rows()).length).toBe(before);
    });

    it("names field errors in the sender's language", async () => {
      const res = await send({ ...message, name: "", email: "maria" }, "203.0.113.9");
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        name: ["Обязательное поле"],
        email: ["Неверный адрес электронной почты"],
      });
    });

    it("allows a few messages per address an hour, then answers 429 in the error shape", async () => {
      const ip = "198.51.100.20";
      for (let i = 0; i < 3; i++) expect((await send(message, ip)).statusCode).toBe(201);
      const res = await send(message, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        code: "too_many_requests",
        message: expect.stringMatching(/try again/),
        errors: {},
      });
      // Another visitor is not held back by the first one's limit.
      expect((await send(message, "198.51.100.21")).statusCode).toBe(201);
    });
  },
  { env: { CONTACT_RATE_LIMIT_PER_HOUR: "3" } },
);
