/**
 * Sends e-mail. Built-in: the outbox (kept in the database, read at /api/dev/outbox by developers and tests);
 * SMTP through nodemailer when SMTP_URL is set. Choose with `createMailer` (./index.ts).
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}
