/**
 * Sends text messages. Built-in: the outbox (kept in the database, read at /api/dev/outbox); Twilio when its
 * three variables are set. Choose with `createSmsSender` (./index.ts).
 */
export interface SmsMessage {
  /** E.164, e.g. +5511912345678. */
  to: string;
  text: string;
}

export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
