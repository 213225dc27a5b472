import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { outboxSms } from "./outbox";
import type { SmsSender } from "./port";
import { twilioSms } from "./twilio";

export type { SmsMessage, SmsSender } from "./port";

/** Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are all set, else the built-in outbox. */
export function createSmsSender(config: Config, db: Db): SmsSender {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM) {
    return twilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM,
      apiUrl: config.TWILIO_API_URL,
    });
  }
  return outboxSms(db);
}
