import { expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Db } from "../db/client";
import { createMailer } from "./email";
import { createSmsSender } from "./sms";

const db = {} as Db;

it("uses the outboxes unless a real provider is configured", () => {
  const config = loadConfig({ APP_ENV: "test" });
  expect(createMailer(config, db).name).toBe("outbox");
  expect(createSmsSender(config, db).name).toBe("outbox");
});

it("switches to SMTP with SMTP_URL and to Twilio only with all three of its variables", () => {
  expect(createMailer(loadConfig({ SMTP_URL: "smtp://user:pass@mail.example:587" }), db).name).toBe("smtp");
  const twilio = { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15005550006" };
  expect(createSmsSender(loadConfig(twilio), db).name).toBe("twilio");
  expect(createSmsSender(loadConfig({ ...twilio, TWILIO_FROM: "" }), db).name).toBe("outbox");
});
