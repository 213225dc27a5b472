import type { Db } from "../../db/client";
import { storeMessage } from "../../modules/dev";
import type { SmsSender } from "./port";

/** The built-in SMS sender: keeps every message in the outbox table instead of sending it. */
export function outboxSms(db: Db): SmsSender {
  return { name: "outbox", send: (m) => storeMessage(db, { channel: "sms", recipient: m.to, text: m.text }) };
}
