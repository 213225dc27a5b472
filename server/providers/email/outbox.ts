import type { Db } from "../../db/client";
import { storeMessage } from "../../modules/dev";
import type { Mailer } from "./port";

/** The built-in mailer: keeps every message in the outbox table instead of sending it. */
export function outboxMailer(db: Db): Mailer {
  return {
    name: "outbox",
    send: (m) =>
      storeMessage(db, { channel: "email", recipient: m.to, subject: m.subject, text: m.text, html: m.html }),
  };
}
