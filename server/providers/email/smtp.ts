import nodemailer from "nodemailer";
import type { Mailer } from "./port";

/**
 * Real e-mail through an SMTP server (SMTP_URL). Nothing is kept in the outbox then: the messages carry live
 * codes and links, and a production database is no place for them.
 */
export function smtpMailer(opts: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  return {
    name: "smtp",
    async send(m) {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}
