import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { outboxMailer } from "./outbox";
import type { Mailer } from "./port";
import { smtpMailer } from "./smtp";

export type { EmailMessage, Mailer } from "./port";

/** SMTP when SMTP_URL is set, else the built-in outbox. */
export function createMailer(config: Config, db: Db): Mailer {
  return config.SMTP_URL ? smtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : outboxMailer(db);
}
